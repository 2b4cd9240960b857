/**
 * Per-call tests of the comparison (docs/METHOD.md "Per-call tests"): the durations of the individual calls
 * of an activity, every call of the green cases against every call of the red cases, with the same
 * Mann–Whitney U test as the per-case tests (stats.ts), in a Benjamini–Hochberg family of their own. They
 * answer "is one call slower", not "is one run slower": the calls of one case are not independent
 * observations, so they sit beside the per-case tests, labelled per call, and never replace them.
 */
import type { EventLog } from '../../model';
import { benjaminiHochberg, mannWhitneyU } from './stats';
import { NO_TEST, type PerCall, type TestResult } from './types';

/** The durations of the calls of each (side, activity), ascending: segment s·A + a of `dur`, s = 0 green, 1 red. */
export interface CallDurations {
  A: number;
  off: Uint32Array;
  dur: Float64Array;
}

/** Above this many calls of the two sides together the per-call tests are not made (the cost of ranking them). */
export const PER_CALL_MAX = 4_000_000;
/** The exact U distribution only while n₁·n₂ ≤ this (its table grows with (n₁n₂)²); else the normal approximation. */
export const PER_CALL_EXACT_MAX = 10_000;

/**
 * Every mapped call with a known duration of the green (side 1) and red (side 2) cases; null when more than
 * `max`. `counts`: their number per (side, activity) at s·A + a when known (compareMatrix's actDurN: the
 * counting pass over the events is then not made).
 */
export function callDurations(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array, max = PER_CALL_MAX, counts?: ArrayLike<number>): CallDurations | null {
  const { caseOffsets, pair, dur } = log;
  const n = counts ? Uint32Array.from(counts) : countCalls(log, pairAct, A, side);
  let total = 0;
  for (let j = 0; j < 2 * A; j++) total += n[j];
  if (total > max) return null;
  const off = new Uint32Array(2 * A + 1);
  for (let j = 0; j < 2 * A; j++) off[j + 1] = off[j] + n[j];
  const at = off.slice(0, 2 * A);
  const out = new Float64Array(total);
  for (let k = 0; k < log.cases.length; k++) {
    const s = side[k] - 1;
    if (s !== 0 && s !== 1) continue;
    for (let i = caseOffsets[k]; i < caseOffsets[k + 1]; i++) {
      const a = pairAct[pair[i]];
      if (a >= 0 && dur[i] === dur[i]) out[at[s * A + a]++] = dur[i];
    }
  }
  for (let j = 0; j < 2 * A; j++) out.subarray(off[j], off[j + 1]).sort();
  return { A, off, dur: out };
}

/** The number of mapped calls with a known duration per (side, activity) at s·A + a. */
function countCalls(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array): Uint32Array {
  const n = new Uint32Array(2 * A);
  const { caseOffsets, pair, dur } = log;
  for (let k = 0; k < log.cases.length; k++) {
    const s = side[k] - 1;
    if (s !== 0 && s !== 1) continue;
    for (let i = caseOffsets[k]; i < caseOffsets[k + 1]; i++) {
      const a = pairAct[pair[i]];
      if (a >= 0 && dur[i] === dur[i]) n[s * A + a]++;
    }
  }
  return n;
}

/** The calls of activity a on side s (0 green, 1 red), ascending. */
export function callsOf(d: CallDurations, s: 0 | 1, a: number): Float64Array {
  const j = s * d.A + a;
  return d.dur.subarray(d.off[j], d.off[j + 1]);
}

function median(v: Float64Array): number | null {
  const n = v.length;
  if (!n) return null;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

function mean(v: Float64Array): number | null {
  if (!v.length) return null;
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s / v.length;
}

/** The per-call comparison of two sets of call durations (sorted); a test when each has ≥ 2 calls. q is set by adjustPerCall. */
export function perCall(g: Float64Array, r: Float64Array): PerCall {
  let test: TestResult = { ...NO_TEST };
  if (g.length >= 2 && r.length >= 2) {
    const t = mannWhitneyU(g, r, { maxExact: PER_CALL_EXACT_MAX });
    test = { u: t.u, p: t.p, effect: t.effect, q: null, method: t.method };
  }
  return { green: { n: g.length, median: median(g), mean: mean(g) }, red: { n: r.length, median: median(r), mean: mean(r) }, test };
}

/** Sets q on the per-call tests (one Benjamini–Hochberg family). */
export function adjustPerCall(list: readonly PerCall[]): void {
  const q = benjaminiHochberg(list.map((x) => x.test.p));
  list.forEach((x, i) => (x.test.q = q[i]));
}
