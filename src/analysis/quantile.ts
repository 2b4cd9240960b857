/**
 * Duration quantiles of activities without sorting per mapping (docs/METHOD.md "Duration statistics").
 * The known durations of each (call, fp) pair are sorted ONCE per log (LogIndex, mapping-independent);
 * an activity's quantile is then an order statistic of the union of its pairs' sorted runs, found by
 * bisection on the value: O(pairs × log events) per activity instead of a sort of its events.
 */
import type { EventLog } from '../model';

export interface PairDurations {
  /** Pair p's known durations are `sorted[offsets[p] .. offsets[p + 1])`, ascending. */
  offsets: Uint32Array;
  /**
   * The durations in seconds; or, when every duration of the log is a whole number of microseconds as the
   * strace parser computes it (`micros`), those numbers, 4 bytes each instead of 8 (duration j is then
   * secondsOfMicros(sorted[j]), bit for bit: `runOf`). Held per log (LogIndex): 43 MB less at 10.8 M events.
   */
  sorted: Float64Array | Uint32Array;
  micros: boolean;
}

/** Pair p's sorted durations in seconds (a copy when they are held as microseconds). */
export function runOf(d: PairDurations, p: number): Float64Array {
  const run = d.sorted.subarray(d.offsets[p], d.offsets[p + 1]);
  if (!d.micros) return run as Float64Array;
  const out = new Float64Array(run.length);
  secondsOf(run as Uint32Array, out);
  return out;
}

/** The known (non-NaN) durations of every pair, each run sorted ascending (LogIndex.pairDurations keeps them per log). */
export function pairDurations(log: EventLog): PairDurations {
  const P = log.pairCall.length;
  const { pair, dur, n } = log;
  const offsets = new Uint32Array(P + 1);
  for (let i = 0; i < n; i++) if (dur[i] === dur[i]) offsets[pair[i] + 1]++;
  for (let p = 0; p < P; p++) offsets[p + 1] += offsets[p];
  let maxRun = 0;
  for (let p = 0; p < P; p++) maxRun = Math.max(maxRun, offsets[p + 1] - offsets[p]);
  // strace's durations (whole microseconds): sorted as 32-bit integers, 2–3 radix passes of 4 bytes
  const micros = microKeys(pair, dur, n, offsets);
  if (micros !== null) {
    const tmp = new Uint32Array(maxRun >= RADIX_MIN ? maxRun : 0);
    for (let p = 0; p < P; p++) if (offsets[p + 1] - offsets[p] > 1) sortMicros(micros.subarray(offsets[p], offsets[p + 1]), tmp);
    return { offsets, sorted: micros, micros: true };
  }
  const sorted = new Float64Array(offsets[P]);
  const fill = offsets.slice(0, P);
  for (let i = 0; i < n; i++) {
    const d = dur[i];
    if (d === d) sorted[fill[pair[i]]++] = d;
  }
  const tmp = new Uint32Array(maxRun >= RADIX_MIN ? 2 * maxRun : 0);
  for (let p = 0; p < P; p++) if (offsets[p + 1] - offsets[p] > 1) sortRun(sorted.subarray(offsets[p], offsets[p + 1]), tmp);
  return { offsets, sorted, micros: false };
}

/**
 * The seconds value of k whole microseconds exactly as the strace parser computes `<s.uuuuuu>`
 * (src/ingest/strace/scan.ts and wasm/linescan.c: s + uuuuuu / 10⁶).
 */
const secondsOfMicros = (k: number): number => (k < 1e6 ? k / 1e6 : Math.floor(k / 1e6) + (k % 1e6) / 1e6);

/**
 * Every known duration as its whole number of microseconds k (< 2³²), in its pair's run (in event order),
 * when each duration is exactly secondsOfMicros(k) (+0 included, −0 not); else null (durations of another
 * origin: Darshan, OTF2, finer clocks). k ↦ secondsOfMicros(k) is then one-to-one on the values and k =
 * round(d·10⁶) grows with d, so sorting the k and mapping them back gives the durations sorted, bit for bit.
 */
function microKeys(pair: Uint32Array, dur: Float64Array, n: number, offsets: Uint32Array): Uint32Array | null {
  const P = offsets.length - 1;
  const keys = new Uint32Array(offsets[P]);
  const fill = offsets.slice(0, P);
  for (let i = 0; i < n; i++) {
    const d = dur[i];
    if (d !== d) continue;
    const k = Math.round(d * 1e6);
    // (1 / d > 0: +0 but not −0, which sorts before +0)
    if (!(k >= 0 && k <= 0xffffffff && secondsOfMicros(k) === d && (k > 0 || 1 / d > 0))) return null;
    keys[fill[pair[i]]++] = k;
  }
  return keys;
}

/** sorted[j] = the seconds of micros[j] (a loop of its own: see sortRun). */
function secondsOf(micros: Uint32Array, sorted: Float64Array): void {
  for (let j = 0, m = micros.length; j < m; j++) sorted[j] = secondsOfMicros(micros[j]);
}

/** Sort a run of uint32 ascending, in place (`tmp` holds at least `a.length`): as sortRun, 3 digits of 11 bits. */
function sortMicros(a: Uint32Array, tmp: Uint32Array): void {
  const n = a.length;
  if (n < RADIX_MIN) {
    a.sort();
    return;
  }
  const h = new Uint32Array(3 * 2048);
  counts32(a, h);
  let src = a;
  let dst = tmp.subarray(0, n);
  for (let d = 0; d < 3; d++) {
    const shift = 11 * d;
    const base = 2048 * d;
    if (h[base + ((src[0] >>> shift) & 2047)] === n) continue; // every key has this digit: nothing to do
    prefixSums(h, base);
    scatter32(src, dst, h, base, shift);
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== a) a.set(src);
}

/** The three 11-bit digit histograms of the keys into h. */
function counts32(a: Uint32Array, h: Uint32Array): void {
  for (let i = 0, n = a.length; i < n; i++) {
    const k = a[i];
    h[k & 2047]++;
    h[2048 + ((k >>> 11) & 2047)]++;
    h[4096 + (k >>> 22)]++;
  }
}

/** One stable pass: src's keys into dst by their digit at `shift`. */
function scatter32(src: Uint32Array, dst: Uint32Array, h: Uint32Array, base: number, shift: number): void {
  for (let i = 0, n = src.length; i < n; i++) {
    const k = src[i];
    dst[h[base + ((k >>> shift) & 2047)]++] = k;
  }
}

// float64 ↔ an unsigned 64-bit key with the same order (negative values flipped), held as two uint32 words
// (hi, lo), for the radix sort and the bisection on the value
const f64 = new Float64Array(1);
const w32 = new Uint32Array(f64.buffer); // little-endian: w32[0] = low word, w32[1] = high word
let keyLo = 0;
/** The high word of v's key; its low word is left in keyLo. */
function keyOf(v: number): number {
  f64[0] = v;
  const hi = w32[1];
  if (hi & 0x80000000) {
    keyLo = ~w32[0] >>> 0;
    return ~hi >>> 0;
  }
  keyLo = w32[0];
  return (hi | 0x80000000) >>> 0;
}
function valueOf(kHi: number, kLo: number): number {
  if (kHi & 0x80000000) {
    w32[1] = kHi & 0x7fffffff;
    w32[0] = kLo;
  } else {
    w32[1] = ~kHi >>> 0;
    w32[0] = ~kLo >>> 0;
  }
  return f64[0];
}

/** Runs shorter than this are sorted by the engine's sort; longer ones by an LSD radix sort (several times faster). */
const RADIX_MIN = 256;
/** The six digits of a 64-bit key: (word, shift, width) — 11, 11 and 10 bits of each word, low word first. */
const DIGITS = [0, 0, 0, 11, 0, 22, 1, 0, 1, 11, 1, 22];

/**
 * Sort a run of non-NaN float64 ascending, in place (`tmp` holds at least 2·`a.length` uint32): an LSD
 * radix sort on the order-preserving 64-bit keys, 6 digits (11, 11, 10 bits of each 32-bit word), the six
 * histograms counted in one pass; a digit every key shares is skipped (the high words of durations mostly).
 * Each per-element loop is a function of its own, with nothing after the loop but its return: V8 optimises
 * a loop while it runs (on-stack replacement), and code after it in the same function has no type feedback
 * yet on the first long run, which threw the optimised code away at each later long run (7 times in a CLI run).
 */
function sortRun(a: Float64Array, tmp: Uint32Array): void {
  const n = a.length;
  if (n < RADIX_MIN) {
    a.sort();
    return;
  }
  const u = new Uint32Array(a.buffer, a.byteOffset, 2 * n);
  const h = new Uint32Array(6 * 2048);
  keysAndCounts(u, h);
  let src = u;
  let dst = tmp.subarray(0, 2 * n);
  for (let d = 0; d < 6; d++) {
    const word = DIGITS[2 * d];
    const shift = DIGITS[2 * d + 1];
    const base = 2048 * d;
    if (h[base + ((src[word] >>> shift) & 2047)] === n) continue; // every key has this digit: nothing to do
    prefixSums(h, base);
    scatter(src, dst, h, base, word, shift);
    const t = src;
    src = dst;
    dst = t;
  }
  valuesOfKeys(u, src);
}

/** The words (lo, hi) of each value → its key's words; the six digit histograms of the keys into h. */
function keysAndCounts(u: Uint32Array, h: Uint32Array): void {
  for (let i = 0, n = u.length; i < n; i += 2) {
    const lo = u[i];
    const hi = u[i + 1];
    const neg = hi & 0x80000000;
    const kl = neg ? ~lo >>> 0 : lo;
    const kh = neg ? ~hi >>> 0 : (hi | 0x80000000) >>> 0;
    u[i] = kl;
    u[i + 1] = kh;
    h[kl & 2047]++;
    h[2048 + ((kl >>> 11) & 2047)]++;
    h[4096 + (kl >>> 22)]++;
    h[6144 + (kh & 2047)]++;
    h[8192 + ((kh >>> 11) & 2047)]++;
    h[10240 + (kh >>> 22)]++;
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

/** One stable pass: src's keys (word pairs) into dst by their digit at `shift` of word `word`. */
function scatter(src: Uint32Array, dst: Uint32Array, h: Uint32Array, base: number, word: number, shift: number): void {
  for (let i = 0, n = src.length; i < n; i += 2) {
    const at = 2 * h[base + ((src[i + word] >>> shift) & 2047)]++;
    dst[at] = src[i];
    dst[at + 1] = src[i + 1];
  }
}

/** The sorted keys of src back to their float64 words, into u. */
function valuesOfKeys(u: Uint32Array, src: Uint32Array): void {
  for (let i = 0, n = u.length; i < n; i += 2) {
    const kl = src[i];
    const kh = src[i + 1];
    if (kh & 0x80000000) {
      u[i] = kl;
      u[i + 1] = kh & 0x7fffffff;
    } else {
      u[i] = ~kl >>> 0;
      u[i + 1] = ~kh >>> 0;
    }
  }
}

/** Number of values ≤ v in the ascending run a[lo, hi). */
function countLe(a: Float64Array, lo: number, hi: number, v: number): number {
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
  const offsets = d.offsets;
  const sorted = d.sorted as Float64Array;
  if (to - from === 1) {
    const o = offsets[pairs[from]];
    const v = sorted[o + k];
    return { v, le: countLe(sorted, o, offsets[pairs[from] + 1], v) };
  }
  // the smallest and largest keys (hi word, lo word) of the union
  let loH = 0xffffffff;
  let loL = 0xffffffff;
  let hiH = 0;
  let hiL = 0;
  for (let j = from; j < to; j++) {
    const p = pairs[j];
    if (offsets[p + 1] === offsets[p]) continue;
    const aH = keyOf(sorted[offsets[p]]);
    if (aH < loH || (aH === loH && keyLo < loL)) [loH, loL] = [aH, keyLo];
    const bH = keyOf(sorted[offsets[p + 1] - 1]);
    if (bH > hiH || (bH === hiH && keyLo > hiL)) [hiH, hiL] = [bH, keyLo];
  }
  const countAt = (v: number): number => {
    let c = 0;
    for (let j = from; j < to; j++) c += countLe(sorted, offsets[pairs[j]], offsets[pairs[j] + 1], v);
    return c;
  };
  // smallest key whose value has more than k values ≤ it: first its high word (each candidate tried at the
  // largest key with that high word inside the range: every key tried lies between two values, never NaN) …
  let a = loH;
  let b = hiH;
  while (a < b) {
    const mid = a + Math.floor((b - a) / 2);
    if (countAt(valueOf(mid, 0xffffffff)) > k) b = mid;
    else a = mid + 1;
  }
  const H = a;
  // … then its low word
  a = H === loH ? loL : 0;
  b = H === hiH ? hiL : 0xffffffff;
  while (a < b) {
    const mid = a + Math.floor((b - a) / 2);
    if (countAt(valueOf(H, mid)) > k) b = mid;
    else a = mid + 1;
  }
  const lo = a;
  const v = valueOf(H, lo);
  return { v, le: countAt(v) };
}

/** The smallest value > v in the runs of `pairs` (Infinity if none). */
function nextAbove(d: PairDurations, pairs: ArrayLike<number>, from: number, to: number, v: number): number {
  let best = Infinity;
  const sorted = d.sorted as Float64Array;
  for (let j = from; j < to; j++) {
    const o = d.offsets[pairs[j]];
    const e = d.offsets[pairs[j] + 1];
    const i = o + countLe(sorted, o, e, v);
    if (i < e && sorted[i] < best) best = sorted[i];
  }
  return best;
}

/** Number of values ≤ v in the ascending run a[lo, hi) of whole microseconds. */
function countLeMicros(a: Uint32Array, lo: number, hi: number, v: number): number {
  const start = lo;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo - start;
}

/**
 * `kth` and `nextAbove` on runs of whole microseconds (PairDurations.micros), by bisection on the integer
 * value: [the k-th smallest, how many are ≤ it, the smallest above it (Infinity if none)], in microseconds.
 * secondsOfMicros is increasing and one-to-one, so these are the float64 path's order statistics, exactly.
 */
function kthMicros(d: PairDurations, pairs: ArrayLike<number>, from: number, to: number, k: number): [number, number, number] {
  const offsets = d.offsets;
  const a = d.sorted as Uint32Array;
  const countAt = (v: number): number => {
    let c = 0;
    for (let j = from; j < to; j++) c += countLeMicros(a, offsets[pairs[j]], offsets[pairs[j] + 1], v);
    return c;
  };
  let lo = 0xffffffff;
  let hi = 0;
  for (let j = from; j < to; j++) {
    const p = pairs[j];
    if (offsets[p + 1] === offsets[p]) continue;
    if (a[offsets[p]] < lo) lo = a[offsets[p]];
    if (a[offsets[p + 1] - 1] > hi) hi = a[offsets[p + 1] - 1];
  }
  // the smallest value with more than k values ≤ it: a value of the union
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (countAt(mid) > k) hi = mid;
    else lo = mid + 1;
  }
  let next = Infinity;
  for (let j = from; j < to; j++) {
    const o = offsets[pairs[j]];
    const e = offsets[pairs[j] + 1];
    const i = o + countLeMicros(a, o, e, lo);
    if (i < e && a[i] < next) next = a[i];
  }
  return [lo, countAt(lo), next];
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
  if (d.micros) {
    const [vk, le, nk] = kthMicros(d, pairs, from, to, k);
    const v = secondsOfMicros(vk);
    if (frac === 0 || le > k + 1) return v;
    return v + frac * ((nk === Infinity ? Infinity : secondsOfMicros(nk)) - v);
  }
  const { v, le } = kth(d, pairs, from, to, k);
  if (frac === 0 || le > k + 1) return v; // x₍ₖ₊₁₎ = x₍ₖ₎
  return v + frac * (nextAbove(d, pairs, from, to, v) - v);
}
