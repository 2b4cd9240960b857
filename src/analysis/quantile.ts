/**
 * Duration quantiles of activities without sorting per mapping (docs/METHOD.md "Duration statistics").
 * The known durations of each (call, fp) pair are sorted ONCE per log (cached, mapping-independent);
 * an activity's quantile is then an order statistic of the union of its pairs' sorted runs, found by
 * bisection on the value: O(pairs × log events) per activity instead of a sort of its events.
 */
import type { EventLog } from '../model';

export interface PairDurations {
  /** Pair p's known durations are `sorted[offsets[p] .. offsets[p + 1])`, ascending. */
  offsets: Uint32Array;
  sorted: Float32Array;
}

const cache = new WeakMap<EventLog, PairDurations>();

/** Whether pairDurations(log) is built (cached) already. */
export function hasPairDurations(log: EventLog): boolean {
  return cache.get(log)?.offsets.length === log.pairCall.length + 1;
}

/** The known (non-NaN) durations of every pair, each run sorted ascending. Cached per log. */
export function pairDurations(log: EventLog): PairDurations {
  const hit = cache.get(log);
  if (hit !== undefined && hit.offsets.length === log.pairCall.length + 1) return hit;
  const P = log.pairCall.length;
  const { pair, dur, n } = log;
  const offsets = new Uint32Array(P + 1);
  for (let i = 0; i < n; i++) if (dur[i] === dur[i]) offsets[pair[i] + 1]++;
  for (let p = 0; p < P; p++) offsets[p + 1] += offsets[p];
  const sorted = new Float32Array(offsets[P]);
  const fill = offsets.slice(0, P);
  for (let i = 0; i < n; i++) {
    const d = dur[i];
    if (d === d) sorted[fill[pair[i]]++] = d;
  }
  let maxRun = 0;
  for (let p = 0; p < P; p++) maxRun = Math.max(maxRun, offsets[p + 1] - offsets[p]);
  const tmp = new Uint32Array(maxRun >= RADIX_MIN ? maxRun : 0);
  for (let p = 0; p < P; p++) if (offsets[p + 1] - offsets[p] > 1) sortRun(sorted.subarray(offsets[p], offsets[p + 1]), tmp);
  const out = { offsets, sorted };
  cache.set(log, out);
  return out;
}

// float32 ↔ an unsigned key with the same order (negative values flipped), for bisection on the value
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const keyOfBits = (b: number): number => (b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0);
const bitsOfKey = (key: number): number => (key & 0x80000000 ? key & 0x7fffffff : ~key >>> 0);
function keyOf(v: number): number {
  f32[0] = v;
  return keyOfBits(u32[0]);
}
function valueOf(key: number): number {
  u32[0] = bitsOfKey(key);
  return f32[0];
}

/** Runs shorter than this are sorted by the engine's sort; longer ones by an LSD radix sort (about 10× faster). */
const RADIX_MIN = 256;

/**
 * Sort a run of non-NaN float32 ascending, in place (`tmp` holds at least `a.length` elements): an LSD
 * radix sort on the order-preserving keys, 3 digits of 11 bits, the three histograms counted in one pass.
 * Each per-element loop is a function of its own, with nothing after the loop but its return: V8 optimises
 * a loop while it runs (on-stack replacement), and code after it in the same function has no type feedback
 * yet on the first long run, which threw the optimised code away at each later long run (7 times in a CLI run).
 */
function sortRun(a: Float32Array, tmp: Uint32Array): void {
  const n = a.length;
  if (n < RADIX_MIN) {
    a.sort();
    return;
  }
  const u = new Uint32Array(a.buffer, a.byteOffset, n);
  const h = new Uint32Array(3 * 2048);
  keysAndCounts(u, h);
  let src = u;
  let dst = tmp.subarray(0, n);
  for (let d = 0; d < 3; d++) {
    const shift = 11 * d;
    const base = 2048 * d;
    if (h[base + ((src[0] >>> shift) & 2047)] === n) continue; // every key has this digit: nothing to do
    prefixSums(h, base);
    scatter(src, dst, h, base, shift);
    const t = src;
    src = dst;
    dst = t;
  }
  valuesOfKeys(u, src);
}

/** u[i] → its key; the three 11-bit digit histograms of the keys into h. */
function keysAndCounts(u: Uint32Array, h: Uint32Array): void {
  for (let i = 0, n = u.length; i < n; i++) {
    const k = keyOfBits(u[i]);
    u[i] = k;
    h[k & 2047]++;
    h[2048 + ((k >>> 11) & 2047)]++;
    h[4096 + (k >>> 22)]++;
  }
}

/** The histogram h[base, base + 2048) → the start of each bucket. */
function prefixSums(h: Uint32Array, base: number): void {
  let sum = 0;
  for (let b = base; b < base + 2048; b++) {
    const c = h[b];
    h[b] = sum;
    sum += c;
  }
}

/** One stable pass: src's keys into dst by their digit at `shift`. */
function scatter(src: Uint32Array, dst: Uint32Array, h: Uint32Array, base: number, shift: number): void {
  for (let i = 0, n = src.length; i < n; i++) {
    const k = src[i];
    dst[h[base + ((k >>> shift) & 2047)]++] = k;
  }
}

/** The sorted keys of src back to their float32 bits, into u. */
function valuesOfKeys(u: Uint32Array, src: Uint32Array): void {
  for (let i = 0, n = u.length; i < n; i++) u[i] = bitsOfKey(src[i]);
}

/** Number of values ≤ v in the ascending run a[lo, hi). */
function countLe(a: Float32Array, lo: number, hi: number, v: number): number {
  const start = lo;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo - start;
}

/**
 * The k-th smallest (0-based) value of the union of the runs of `pairs` (k < their total length), and
 * how many values of the union are ≤ it.
 */
function kth(d: PairDurations, pairs: ArrayLike<number>, from: number, to: number, k: number): { v: number; le: number } {
  const { offsets, sorted } = d;
  if (to - from === 1) {
    const o = offsets[pairs[from]];
    const v = sorted[o + k];
    return { v, le: countLe(sorted, o, offsets[pairs[from] + 1], v) };
  }
  let lo = 0xffffffff;
  let hi = 0;
  for (let j = from; j < to; j++) {
    const p = pairs[j];
    if (offsets[p + 1] === offsets[p]) continue;
    lo = Math.min(lo, keyOf(sorted[offsets[p]]));
    hi = Math.max(hi, keyOf(sorted[offsets[p + 1] - 1]));
  }
  // smallest key whose value has more than k values ≤ it
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const v = valueOf(mid);
    let c = 0;
    for (let j = from; j < to; j++) c += countLe(sorted, offsets[pairs[j]], offsets[pairs[j] + 1], v);
    if (c > k) hi = mid;
    else lo = mid + 1;
  }
  const v = valueOf(lo);
  let le = 0;
  for (let j = from; j < to; j++) le += countLe(sorted, offsets[pairs[j]], offsets[pairs[j] + 1], v);
  return { v, le };
}

/** The smallest value > v in the runs of `pairs` (Infinity if none). */
function nextAbove(d: PairDurations, pairs: ArrayLike<number>, from: number, to: number, v: number): number {
  let best = Infinity;
  for (let j = from; j < to; j++) {
    const o = d.offsets[pairs[j]];
    const e = d.offsets[pairs[j] + 1];
    const i = o + countLe(d.sorted, o, e, v);
    if (i < e && d.sorted[i] < best) best = d.sorted[i];
  }
  return best;
}

/**
 * The q-quantile (0 ≤ q ≤ 1) of the known durations of the pairs `pairs[from, to)`, with linear
 * interpolation between order statistics (numpy's default, "linear"): h = (n − 1)·q,
 * Q = x₍⌊h⌋₎ + (h − ⌊h⌋)·(x₍⌊h⌋+1₎ − x₍⌊h⌋₎) over the ascending x₍₀₎ … x₍ₙ₋₁₎. null when n = 0.
 */
export function unionQuantile(d: PairDurations, pairs: ArrayLike<number>, from: number, to: number, q: number): number | null {
  let n = 0;
  for (let j = from; j < to; j++) n += d.offsets[pairs[j] + 1] - d.offsets[pairs[j]];
  if (n === 0) return null;
  const h = (n - 1) * q;
  const k = Math.floor(h);
  const frac = h - k;
  const { v, le } = kth(d, pairs, from, to, k);
  if (frac === 0 || le > k + 1) return v; // x₍ₖ₊₁₎ = x₍ₖ₎
  return v + frac * (nextAbove(d, pairs, from, to, v) - v);
}
