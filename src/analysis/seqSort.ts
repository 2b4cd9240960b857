/**
 * The time order of the mc sweep (docs/METHOD.md "Statistics", max concurrency): every event with a known
 * dur contributes a start entry (key = start) and an end entry (key = start + dur, or nextUp(start) when that
 * is not greater), all sorted by (key, end before start), ties in event order (= case order, then position).
 *
 * A least-significant-digit radix sort of integer keys q = ⌊(key − t0) · scale⌋ (q is monotone in key, so
 * sorting by q is right up to entries with equal q), then each group of equal q is sorted by its exact keys.
 * Three sequential passes over the entries, instead of log₂(cases) merge passes per order; 16 bytes
 * per entry while it runs (the entry and the q of each of two buffers).
 */
import { nextUp } from './nextUp';

/** What the sort reads: the start and dur columns of `n` events. */
export interface TimedColumns {
  n: number;
  start: Float64Array;
  dur: Float32Array;
}

/** Entries are `2·event + 1` for a start, `2·event` for an end. */
export const isStartEntry = (e: number): boolean => (e & 1) === 1;

/** Exact key of an entry. */
function keyOf(start: Float64Array, dur: Float32Array, e: number): number {
  const i = e >>> 1;
  const s = start[i];
  if (e & 1) return s;
  const k = s + dur[i];
  return k > s ? k : nextUp(s);
}

/** The sorted entries (see the file comment) of the events with a known dur, and how many of them start. */
export function sortedEntries(log: TimedColumns): { entries: Uint32Array; starts: number; scratch: Uint32Array; scratch2: Uint32Array } {
  const { n, start, dur } = log;
  if (n >= 0x80000000) throw new Error('too many events for the mc sweep');
  let m = 0;
  let t0 = Infinity;
  let t1 = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = dur[i];
    if (d !== d) continue;
    m++;
    const s = start[i];
    if (s < t0) t0 = s;
    let k = s + d;
    if (!(k > s)) k = nextUp(s);
    if (k > t1) t1 = k;
  }
  const M = 2 * m;
  let eA = new Uint32Array(M);
  let qA = new Uint32Array(M);
  if (m === 0) return { entries: eA, starts: 0, scratch: qA, scratch2: new Uint32Array(0) };
  const range = t1 - t0;
  // about 1 µs resolution, coarser when the run is longer than ~68 minutes (q must fit 32 bits)
  const scale = range > 0 ? Math.min(2 ** 20, (2 ** 32 - 1) / range) : 1;
  const maxQ = Math.min(2 ** 32 - 1, Math.floor(range * scale));
  let w = 0;
  for (let i = 0; i < n; i++) {
    const d = dur[i];
    if (d !== d) continue;
    const s = start[i];
    let k = s + d;
    if (!(k > s)) k = nextUp(s);
    eA[w] = 2 * i;
    qA[w++] = Math.min(maxQ, Math.floor((k - t0) * scale));
    eA[w] = 2 * i + 1;
    qA[w++] = Math.min(maxQ, Math.floor((s - t0) * scale));
  }
  const bits = Math.max(1, Math.ceil(Math.log2(maxQ + 1)));
  // 11 bits a pass (a 2,048-entry histogram: measured faster than 2 passes of 14 bits on 10.8 M events)
  const passes = Math.ceil(bits / 11);
  const digit = Math.ceil(bits / passes);
  const R = 1 << digit;
  const mask = R - 1;
  const counts = new Uint32Array(R * passes);
  for (let j = 0; j < M; j++) {
    const q = qA[j];
    for (let p = 0; p < passes; p++) counts[p * R + ((q >>> (p * digit)) & mask)]++;
  }
  let eB = new Uint32Array(M);
  let qB = new Uint32Array(M);
  for (let p = 0; p < passes; p++) {
    const shift = p * digit;
    const base = p * R;
    // a digit every entry shares needs no pass
    if (counts[base + ((qA[0] >>> shift) & mask)] === M) continue;
    let sum = 0;
    for (let r = 0; r < R; r++) {
      const c = counts[base + r];
      counts[base + r] = sum;
      sum += c;
    }
    for (let j = 0; j < M; j++) {
      const q = qA[j];
      const at = counts[base + ((q >>> shift) & mask)]++;
      eB[at] = eA[j];
      qB[at] = q;
    }
    [eA, eB] = [eB, eA];
    [qA, qB] = [qB, qA];
  }
  fixGroups(eA, qA, start, dur);
  // the other buffers are free now: the caller may use them (fresh memory is slow to touch)
  return { entries: eA, starts: m, scratch: qB, scratch2: eB };
}

/** Sorts each run of equal q by (exact key, end before start), stably. */
function fixGroups(e: Uint32Array, q: Uint32Array, start: Float64Array, dur: Float32Array): void {
  const M = e.length;
  let keys = new Float64Array(64);
  for (let a = 0; a < M; ) {
    let b = a + 1;
    while (b < M && q[b] === q[a]) b++;
    if (b - a > 1) {
      const g = b - a;
      if (keys.length < g) keys = new Float64Array(2 * g);
      for (let j = 0; j < g; j++) keys[j] = keyOf(start, dur, e[a + j]);
      if (g <= 48) insertion(e, keys, a, g);
      else sortGroup(e, keys, a, g);
    }
    a = b;
  }
}

/** Whether entry x (key kx) goes before entry y (key ky): key, then an end before a start. */
const before = (kx: number, x: number, ky: number, y: number): boolean => kx < ky || (kx === ky && (x & 1) < (y & 1));

function insertion(e: Uint32Array, keys: Float64Array, a: number, g: number): void {
  for (let j = 1; j < g; j++) {
    const v = e[a + j];
    const kv = keys[j];
    let t = j - 1;
    while (t >= 0 && before(kv, v, keys[t], e[a + t])) {
      e[a + t + 1] = e[a + t];
      keys[t + 1] = keys[t];
      t--;
    }
    e[a + t + 1] = v;
    keys[t + 1] = kv;
  }
}

/** A large group (many entries within one q step): a comparison sort, ties by position (stable). */
function sortGroup(e: Uint32Array, keys: Float64Array, a: number, g: number): void {
  const pos = Uint32Array.from({ length: g }, (_, j) => j);
  const ev = e.slice(a, a + g);
  pos.sort((x, y) => (before(keys[x], ev[x], keys[y], ev[y]) ? -1 : before(keys[y], ev[y], keys[x], ev[x]) ? 1 : x - y));
  for (let j = 0; j < g; j++) e[a + j] = ev[pos[j]];
}
