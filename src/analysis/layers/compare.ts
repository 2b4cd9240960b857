/**
 * Green against red per layer and per call site (docs/METHOD.md "Comparing green and red", "Layers"): per
 * case of each side the calls, bytes and time of each layer and each call site (mapped events), tested like
 * the activities (Mann–Whitney U, Cliff's delta) in a Benjamini–Hochberg family of their own (the
 * activities' and edges' q values stay what they are without stacks).
 */
import { sumSeconds } from '../../lib/ticks';
import type { EventLog } from '../../model';
import { benjaminiHochberg, mannWhitneyU } from '../compare/stats';
import { NO_TEST, type CompareRow, type ElementMetric, type SideColumn, type TestResult } from '../compare/types';
import { layerInfo } from './classify';

/** Minimum cases per side for a test (as the activities'). */
const MIN_CASES = 2;

interface Sums {
  count: Float64Array;
  bytes: Float64Array;
  time: Float64Array;
  sized: Float64Array;
  timed: Float64Array;
}
const sums = (n: number): Sums => ({ count: new Float64Array(n), bytes: new Float64Array(n), time: new Float64Array(n), sized: new Float64Array(n), timed: new Float64Array(n) });

/**
 * The per-event pass, alone in its function: per (element, side position) sums, element e of `K` at
 * [e·N + position], positions: green cases then red cases.
 */
function accumulate(log: EventLog, pairAct: Int32Array, pos: Int32Array, elemOfEvent: (i: number) => number, N: number, out: Sums): void {
  for (let k = 0; k < log.cases.length; k++) {
    const p = pos[k];
    if (p < 0) continue;
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      if (pairAct[log.pair[i]] < 0) continue;
      const e = elemOfEvent(i);
      if (e < 0) continue;
      const j = e * N + p;
      out.count[j]++;
      const z = log.size[i];
      if (z === z) {
        out.bytes[j] += z;
        out.sized[e]++;
      }
      const d = log.dur[i];
      if (d === d) {
        out.time[j] += d;
        out.timed[e]++;
      }
    }
  }
}

function test(g: Float64Array, r: Float64Array): TestResult {
  if (g.length < MIN_CASES || r.length < MIN_CASES) return { ...NO_TEST };
  const t = mannWhitneyU(g, r);
  return { u: t.u, p: t.p, effect: t.effect, q: null, method: t.method };
}

function rows(kind: 'layer' | 'site', names: readonly string[], s: Sums, nG: number, nR: number): CompareRow[] {
  const N = nG + nR;
  const out: CompareRow[] = [];
  names.forEach((id, e) => {
    const part = (a: Float64Array, from: number, len: number): Float64Array => a.slice(e * N + from, e * N + from + len);
    const side = (from: number, len: number): SideColumn => {
      const count = part(s.count, from, len);
      const bytes = s.sized[e] > 0 ? part(s.bytes, from, len) : null;
      const time = s.timed[e] > 0 ? part(s.time, from, len) : null;
      let total = 0;
      let cases = 0;
      for (const c of count) {
        total += c;
        if (c > 0) cases++;
      }
      return {
        cases, count, bytes, time, totalCount: total, totalBytes: bytes && bytes.reduce((a, b) => a + b, 0), totalTime: time && sumSeconds(time),
        meanDur: null, dr: null, mc: null, failureRate: null, meanGap: null,
      };
    };
    const green = side(0, nG);
    const red = side(nG, nR);
    if (green.totalCount + red.totalCount === 0) return;
    const row: CompareRow = { kind, id, side: green.totalCount > 0 ? (red.totalCount > 0 ? 'both' : 'green') : 'red', green, red, mean: {}, ratio: {}, diff: {}, tests: {} };
    for (const m of ['count', 'bytes', 'time'] as ElementMetric[]) {
      const g = green[m];
      const r = red[m];
      if (g === null || r === null) continue;
      const mg = m === 'time' ? sumSeconds(g) / Math.max(1, g.length) : g.reduce((a, b) => a + b, 0) / Math.max(1, g.length);
      const mr = m === 'time' ? sumSeconds(r) / Math.max(1, r.length) : r.reduce((a, b) => a + b, 0) / Math.max(1, r.length);
      row.mean[m] = { green: mg, red: mr };
      row.ratio[m] = mg > 0 ? mr / mg : null;
      row.diff[m] = mr - mg;
      row.tests[m] = test(g, r);
    }
    out.push(row);
  });
  return out;
}

/**
 * The comparison's rows per layer and per call site (null when the log has no layers). `side`: per case 1
 * green, 2 red (caseSides); `green`, `red`: the sides' cases in log order (the per-case arrays' order).
 */
export function layerRows(
  log: EventLog, pairAct: Int32Array, green: Uint32Array, red: Uint32Array, rules?: readonly string[],
): { layers: CompareRow[]; sites: CompareRow[] } | null {
  const info = layerInfo(log, rules);
  if (!info) return null;
  const pos = new Int32Array(log.cases.length).fill(-1);
  green.forEach((k, j) => (pos[k] = j));
  red.forEach((k, j) => (pos[k] = green.length + j));
  const N = green.length + red.length;
  const L = info.names.length;
  const stack = log.stack ?? null;
  const col = log.layer ?? null;
  const { ofStack, ofColumn, unknown } = info;
  const layerOfEvent = (i: number): number => {
    const s = stack !== null ? stack[i] : 0;
    return s !== 0 && ofStack !== null ? ofStack[s] : col !== null && ofColumn !== null ? ofColumn[col[i]] : ofStack !== null ? ofStack[s] : unknown;
  };
  const ls = sums(L * N);
  accumulate(log, pairAct, pos, layerOfEvent, N, ls);
  const siteNames: string[] = [];
  const siteAt = new Map<string, number>();
  const siteOfStack = Int32Array.from(info.site, (s) => {
    if (s === '') return -1;
    let k = siteAt.get(s);
    if (k === undefined) siteAt.set(s, (k = siteNames.push(s) - 1));
    return k;
  });
  const ss = sums(siteNames.length * N);
  if (stack !== null && siteNames.length) accumulate(log, pairAct, pos, (i) => siteOfStack[stack[i]], N, ss);
  const layers = rows('layer', info.names, ls, green.length, red.length);
  const sites = rows('site', siteNames, ss, green.length, red.length);
  const all = [...layers, ...sites].flatMap((r) => Object.values(r.tests) as TestResult[]);
  const q = benjaminiHochberg(all.map((t) => t.p));
  all.forEach((t, i) => (t.q = q[i]));
  // most significant first (as the activities), then the most calls
  const bestQ = (r: CompareRow): number => Math.min(...Object.values(r.tests).map((t) => t?.q ?? 2));
  const total = (r: CompareRow): number => r.green.totalCount + r.red.totalCount;
  const order = (x: CompareRow, y: CompareRow): number => bestQ(x) - bestQ(y) || total(y) - total(x) || (x.id < y.id ? -1 : 1);
  return { layers: layers.sort(order), sites: sites.sort(order) };
}
