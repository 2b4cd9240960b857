/** Variants: distinct activity traces with their multiplicity and cases (grouped by a per-case hash, verified). */
import type { EventLog } from '../model';
import { END, START, type Variant } from './types';

/** The activity ids of case k, in order (unmapped events left out). */
export function caseTrace(log: EventLog, pairAct: Int32Array, k: number, len: number): Int32Array {
  const out = new Int32Array(len);
  let w = 0;
  for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
    const a = pairAct[log.pair[i]];
    if (a >= 0) out[w++] = a;
  }
  return out;
}

function sameTrace(log: EventLog, pairAct: Int32Array, k: number, rep: Int32Array): boolean {
  let w = 0;
  for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
    const a = pairAct[log.pair[i]];
    if (a >= 0 && rep[w++] !== a) return false;
  }
  return w === rep.length;
}

export function computeVariants(
  log: EventLog,
  pairAct: Int32Array,
  activities: readonly string[],
  h1: Int32Array,
  h2: Int32Array,
  len: Uint32Array,
): Variant[] {
  const groups = new Map<string, { rep: Int32Array; cases: number[] }[]>();
  const all: { rep: Int32Array; cases: number[] }[] = [];
  for (let k = 0; k < log.cases.length; k++) {
    const key = `${h1[k]}:${h2[k]}:${len[k]}`;
    let list = groups.get(key);
    if (list === undefined) groups.set(key, (list = []));
    let g = list.find((x) => sameTrace(log, pairAct, k, x.rep));
    if (g === undefined) {
      g = { rep: caseTrace(log, pairAct, k, len[k]), cases: [] };
      list.push(g);
      all.push(g);
    }
    g.cases.push(k);
  }
  all.sort((x, y) => y.cases.length - x.cases.length || x.cases[0] - y.cases[0]);
  return all.map((g) => {
    const trace = new Array<string>(g.rep.length + 2);
    trace[0] = START;
    for (let j = 0; j < g.rep.length; j++) trace[j + 1] = activities[g.rep[j]];
    trace[g.rep.length + 1] = END;
    return { trace, count: g.cases.length, cases: g.cases.map((k) => log.cases[k].id) };
  });
}
