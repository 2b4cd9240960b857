/** Variants: distinct activity traces with their multiplicity and cases (grouped by a per-case hash, verified). */
import type { EventLog } from '../model';
import type { VariantGroups } from './scan';
import { END, START, type Variant } from './types';

/** Whether cases k and r have the same activity trace (unmapped events left out). */
export function sameTrace(log: EventLog, pairAct: Int32Array, k: number, r: number): boolean {
  const { pair, caseOffsets } = log;
  let i = caseOffsets[k];
  let j = caseOffsets[r];
  const bi = caseOffsets[k + 1];
  const bj = caseOffsets[r + 1];
  for (;;) {
    while (i < bi && pairAct[pair[i]] < 0) i++;
    while (j < bj && pairAct[pair[j]] < 0) j++;
    if (i === bi || j === bj) return i === bi && j === bj;
    if (pairAct[pair[i]] !== pairAct[pair[j]]) return false;
    i++;
    j++;
  }
}

/**
 * Groups cases by trace (hashes from the scan, each group verified event by event). A trace longer than
 * `maxTraceLength` activities is cut (● + the first activities + …) and the variant gets `length`.
 */
export function computeVariants(
  log: EventLog,
  pairAct: Int32Array,
  activities: readonly string[],
  h1: Int32Array,
  h2: Int32Array,
  len: Uint32Array,
  maxTraceLength = Infinity,
): Variant[] {
  const groups = new Map<string, { rep: number; cases: number[] }[]>();
  const all: { rep: number; cases: number[] }[] = [];
  for (let k = 0; k < log.cases.length; k++) {
    const key = `${h1[k]}:${h2[k]}:${len[k]}`;
    let list = groups.get(key);
    if (list === undefined) groups.set(key, (list = []));
    let g = list.find((x) => sameTrace(log, pairAct, k, x.rep));
    if (g === undefined) {
      g = { rep: k, cases: [] };
      list.push(g);
      all.push(g);
    }
    g.cases.push(k);
  }
  all.sort((x, y) => y.cases.length - x.cases.length || x.rep - y.rep);
  return all.map((g) => {
    const full = len[g.rep];
    const m = Math.min(full, maxTraceLength);
    const trace = new Array<string>(m + 2);
    trace[0] = START;
    let w = 1;
    const { pair } = log;
    for (let i = log.caseOffsets[g.rep], end = log.caseOffsets[g.rep + 1]; i < end && w <= m; i++) {
      const a = pairAct[pair[i]];
      if (a >= 0) trace[w++] = activities[a];
    }
    trace[w] = m < full ? '…' : END;
    const v: Variant = { trace, count: g.cases.length, cases: g.cases.map((k) => log.cases[k].id) };
    if (m < full) v.length = full + 2;
    return v;
  });
}

/**
 * The variants of the groups found by scan() (exact: each case compared with its variant's representative),
 * in the order of computeVariants: most cases first, then by first case; traces cut as there; the first
 * `maxVariants` only.
 */
export function scannedVariants(log: EventLog, pairAct: Int32Array, activities: readonly string[], vg: VariantGroups, maxTraceLength = Infinity, maxVariants = Infinity): Variant[] {
  const all = vg.groups.slice();
  all.sort((x, y) => y.cases.length - x.cases.length || x.rep - y.rep);
  return all.slice(0, maxVariants).map((g) => {
    const full = g.len;
    const m = Math.min(full, maxTraceLength);
    const trace = new Array<string>(m + 2);
    trace[0] = START;
    if (activities.length <= 0x10000) {
      namesOf(trace, activities, vg.trace, g.off, m);
    } else {
      // more activities than 16-bit ids: the trace from the representative's events
      for (let i = log.caseOffsets[g.rep], end = log.caseOffsets[g.rep + 1], w = 1; i < end && w <= m; i++) {
        const a = pairAct[log.pair[i]];
        if (a >= 0) trace[w++] = activities[a];
      }
    }
    trace[m + 1] = m < full ? '…' : END;
    const v: Variant = { trace, count: g.cases.length, cases: g.cases.map((k) => log.cases[k].id) };
    if (m < full) v.length = full + 2;
    return v;
  });
}

/**
 * trace[1 … m] = the names of ids[off, off + m). A function of its own, with nothing after the loop: V8
 * optimises the loop while the first long trace runs (on-stack replacement), and code after it in the same
 * function had no type feedback then, which threw the optimised code away at each later variant.
 */
function namesOf(trace: string[], activities: readonly string[], ids: Uint16Array, off: number, m: number): void {
  for (let j = 0; j < m; j++) trace[j + 1] = activities[ids[off + j]];
}
