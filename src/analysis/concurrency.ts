/**
 * Max concurrency mc per activity (docs/METHOD.md "Statistics"): max over instants t of the number of the activity's
 * events (all cases) with start ≤ t < start + dur; an event with dur = 0 counts at its own instant.
 *
 * Once per log (cached in a WeakMap; it does not depend on the mapping) the starts and the ends of all
 * events with a known dur are merged into one time-ordered sequence of pair ids (8 bytes per event): the
 * starts come from a stable merge of the already sorted cases, the ends (key s+d for d > 0, nextUp(s) for
 * a zero-length event) from the same merge after a per-case insertion sort. An end with key ≤ t comes
 * before the starts at t, so [0,1) and [1,2) never overlap, while a zero-length event at t still overlaps
 * everything that starts at t or is active at t. Per mapping, mc is one sequential sweep of that sequence
 * with an active-event counter per activity.
 */
import type { EventLog } from '../model';

/** The mc sweep sequence of a log and, per end entry, the index among the start entries of its event's
 * start (what a time window needs to keep the ends of its own events: see deriveWindowSequence). */
interface SeqIndex {
  seq: Uint16Array | Uint32Array;
  endRank: Uint32Array;
  /** Every MARK-th start entry r: [position in seq, end entries before it] at [2r/MARK, 2r/MARK + 1]. */
  marks: Uint32Array;
}

const MARK = 4096;

const seqCache = new WeakMap<EventLog, SeqIndex>();

/** The columns the sequence is built from: a whole log, or the events of some of its cases
 * (`subsetEvents`). */
export type SequenceSource = Pick<EventLog, 'n' | 'start' | 'dur' | 'pair' | 'caseOffsets' | 'pairCall'> & { cases: { length: number } };

/** Event indices of `log` sorted by start (ties: case order, then event order). */
export function startOrder(log: EventLog): Uint32Array {
  return startRuns(log).order;
}

function startRuns(log: SequenceSource): Sorted {
  const idx = new Uint32Array(log.n);
  for (let i = 0; i < log.n; i++) idx[i] = i;
  return mergeRuns(log.start.slice(), idx, log.caseOffsets, log.cases.length);
}

interface Sorted {
  order: Uint32Array;
  /** key[order[j]], sorted. */
  keys: Float64Array;
}

/**
 * Merges the runs [caseOffsets[k], caseOffsets[k+1]) of (keys, idx) — aligned arrays, each run sorted by
 * key — into one order, stable (ties: lower run first, then position). Bottom-up pairwise merging with
 * the keys carried along (sequential memory access); takes ownership of both arrays.
 */
function mergeRuns(keys: Float64Array, idx: Uint32Array, caseOffsets: Uint32Array, K: number): Sorted {
  const n = idx.length;
  let kA: Float64Array = keys;
  let iA: Uint32Array = idx;
  let kB: Float64Array = new Float64Array(n);
  let iB: Uint32Array = new Uint32Array(n);
  let bounds: number[] = [];
  for (let k = 0; k <= K; k++) if (k === 0 || k === K || caseOffsets[k] !== caseOffsets[k - 1]) bounds.push(caseOffsets[k]);
  if (bounds.length === 1) bounds.push(n);
  while (bounds.length > 2) {
    const next: number[] = [0];
    for (let r = 0; r + 1 < bounds.length; r += 2) {
      const lo = bounds[r];
      const mid = bounds[r + 1];
      const hi = r + 2 < bounds.length ? bounds[r + 2] : mid;
      if (mid === hi || mid === lo || kA[mid - 1] <= kA[mid]) {
        // already in order (time-disjoint runs, or a lone run): copy
        kB.set(kA.subarray(lo, hi), lo);
        iB.set(iA.subarray(lo, hi), lo);
        next.push(hi);
        continue;
      }
      let x = lo;
      let y = mid;
      let w = lo;
      while (x < mid && y < hi) {
        if (kA[y] < kA[x]) {
          kB[w] = kA[y];
          iB[w++] = iA[y++];
        } else {
          kB[w] = kA[x];
          iB[w++] = iA[x++];
        }
      }
      while (x < mid) {
        kB[w] = kA[x];
        iB[w++] = iA[x++];
      }
      while (y < hi) {
        kB[w] = kA[y];
        iB[w++] = iA[y++];
      }
      next.push(hi);
    }
    bounds = next;
    [kA, kB] = [kB, kA];
    [iA, iB] = [iB, iA];
  }
  return { order: iA, keys: kA };
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
F64[0] = 1;
const HI = U32[1] === 0x3ff00000 ? 1 : 0;
const LO = 1 - HI;

/** The smallest double greater than x (x finite). */
export function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  F64[0] = x;
  if (x > 0) {
    if (U32[LO] === 0xffffffff) {
      U32[LO] = 0;
      U32[HI]++;
    } else U32[LO]++;
  } else if (U32[LO] === 0) {
    U32[LO] = 0xffffffff;
    U32[HI]--;
  } else U32[LO]--;
  return F64[0];
}

/** The end key of event i: start + dur, or nextUp(start) when that is not > start (dur 0 or tiny); NaN dur → +∞. */
function endKey(start: Float64Array, dur: Float32Array, i: number): number {
  const d = dur[i];
  if (d !== d) return Infinity;
  const s = start[i];
  const k = s + d;
  return k > s ? k : nextUp(s);
}

/** Event indices sorted by end key (ties: case order, then event order). */
export function endOrder(log: EventLog): Uint32Array {
  return endRuns(log).order;
}

function endRuns(log: SequenceSource): Sorted {
  const { n, start, dur, caseOffsets } = log;
  const key = new Float64Array(n);
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    key[i] = endKey(start, dur, i);
    idx[i] = i;
  }
  // within a case, ends are sorted except where events overlap (few, short displacements): insertion
  // sort of the aligned (key, idx), falling back to a full sort when a case is far from sorted
  for (let k = 0; k < log.cases.length; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    let moves = 0;
    const budget = 32 * (b - a) + 1024;
    for (let i = a + 1; i < b && moves <= budget; i++) {
      const v = idx[i];
      const kv = key[i];
      let j = i - 1;
      while (j >= a && key[j] > kv) {
        idx[j + 1] = idx[j];
        key[j + 1] = key[j];
        j--;
      }
      moves += i - 1 - j;
      idx[j + 1] = v;
      key[j + 1] = kv;
    }
    if (moves > budget) {
      const sub = idx.subarray(a, b);
      sub.sort((x, y) => x - y);
      for (let i = a; i < b; i++) key[i] = endKey(start, dur, idx[i]);
      const kk = key.slice(a, b);
      const order = Uint32Array.from({ length: b - a }, (_, r) => r).sort((x, y) => kk[x] - kk[y] || x - y);
      const iv = sub.slice();
      for (let r = 0; r < order.length; r++) {
        idx[a + r] = iv[order[r]];
        key[a + r] = kk[order[r]];
      }
    }
  }
  return mergeRuns(key, idx, caseOffsets, log.cases.length);
}

/**
 * The mapping-independent event sequence swept for mc, computed once per log and cached: the starts and
 * ends of every event with a known dur in time order, each entry the event's pair id with the top bit set
 * for an end (an end with key ≤ t comes before the starts at t). Uint16 entries (≤ 4 bytes per event)
 * when the log has fewer than 32768 distinct (call, fp) pairs, else Uint32 (≤ 8 bytes per event).
 * Alongside (4 bytes per event): for each end entry, the rank of its event's start among the start entries.
 */
export function concurrencySequence(log: EventLog): Uint16Array | Uint32Array {
  return sequenceIndex(log).seq;
}

function sequenceIndex(log: EventLog): SeqIndex {
  const hit = seqCache.get(log);
  if (hit !== undefined) return hit;
  const idx = buildIndex(log);
  seqCache.set(log, idx);
  return idx;
}

/** The events of the cases `cases` (log case indices, ascending) as a source for `buildSequence`
 * (per-side mc of the comparison; 16 bytes per selected event while it is built). */
export function subsetEvents(log: EventLog, cases: ArrayLike<number>): SequenceSource {
  let n = 0;
  for (let j = 0; j < cases.length; j++) n += log.caseOffsets[cases[j] + 1] - log.caseOffsets[cases[j]];
  const start = new Float64Array(n);
  const dur = new Float32Array(n);
  const pair = new Uint32Array(n);
  const caseOffsets = new Uint32Array(cases.length + 1);
  let w = 0;
  for (let j = 0; j < cases.length; j++) {
    const a = log.caseOffsets[cases[j]];
    const b = log.caseOffsets[cases[j] + 1];
    start.set(log.start.subarray(a, b), w);
    dur.set(log.dur.subarray(a, b), w);
    pair.set(log.pair.subarray(a, b), w);
    w += b - a;
    caseOffsets[j + 1] = w;
  }
  return { n, start, dur, pair, caseOffsets, pairCall: log.pairCall, cases: { length: cases.length } };
}

/** The mc sequence of `log` (uncached; see concurrencySequence). */
export function buildSequence(log: SequenceSource): Uint16Array | Uint32Array {
  return buildIndex(log).seq;
}

function buildIndex(log: SequenceSource): SeqIndex {
  if (log.pairCall.length >= 0x80000000) throw new Error('too many (call, fp) pairs for the mc sweep');
  const wide = log.pairCall.length >= 0x8000;
  const endBit = wide ? 0x80000000 : 0x8000;
  const { order: so, keys: sk } = startRuns(log);
  const { order: eo, keys: ek } = endRuns(log);
  const { n, pair, dur } = log;
  const out = wide ? new Uint32Array(2 * n) : new Uint16Array(2 * n);
  // rankOf[i]: index of event i among the start entries; an event's end always comes after its start
  // (its end key is > its start), so the rank is known when the end is written
  const rankOf = new Uint32Array(n);
  const endRank = new Uint32Array(n);
  const marks = new Uint32Array(2 * Math.ceil(n / MARK) + 2);
  let w = 0;
  let je = 0;
  let sc = 0;
  let ec = 0;
  for (let js = 0; js < n; js++) {
    const i = so[js];
    const d = dur[i];
    if (d !== d) continue;
    const s = sk[js];
    // events with unknown dur have key +∞ and are never retired
    while (je < n && ek[je] <= s) {
      const ie = eo[je++];
      out[w++] = (pair[ie] | endBit) >>> 0;
      endRank[ec++] = rankOf[ie];
    }
    if (sc % MARK === 0) {
      marks[(2 * sc) / MARK] = w;
      marks[(2 * sc) / MARK + 1] = ec;
    }
    rankOf[i] = sc++;
    out[w++] = pair[i];
  }
  return { seq: out.slice(0, w), endRank: endRank.slice(0, ec), marks: marks.slice(0, 2 * Math.ceil(sc / MARK)) };
}

/** Whether the mc sequence of `log` is built (cached) already. */
export function hasConcurrencySequence(log: EventLog): boolean {
  return seqCache.has(log);
}

/**
 * Seeds the mc sequence of `child`, a log made of the events of `parent` whose starts are the start
 * entries [from, to) of the parent's sequence (a time window: every case cut to the events whose start
 * lies in [FROM, TO), cases and their order kept), from the parent's cached sequence: the start entries
 * in [from, to) and the end entries of those events, up to the last such start. That is exactly the
 * sequence the child would build itself (same relative order of starts and of ends, same rule between
 * them) in one linear pass instead of two sorts. With `reuse` (an earlier window of the same parent that
 * is no longer needed) its sequence buffers are overwritten when large enough. Returns false (nothing seeded) when the parent's
 * sequence is not cached: then the child builds its own when first needed.
 */
export function deriveWindowSequence(parent: EventLog, child: EventLog, from: number, to: number, reuse: EventLog | null = null): boolean {
  const idx = seqCache.get(parent);
  if (idx === undefined || child.pairCall.length !== parent.pairCall.length) return false;
  const m = Math.max(0, to - from);
  // the buffers of a window that is no longer needed are overwritten (fresh memory is slow to touch)
  const old = reuse !== null && reuse !== parent ? seqCache.get(reuse) : undefined;
  const room = <T extends Uint16Array | Uint32Array>(buf: T | undefined, len: number, make: (b: ArrayBufferLike | number) => T): T =>
    buf !== undefined && buf.buffer.byteLength >= len * buf.BYTES_PER_ELEMENT && buf.buffer !== idx.seq.buffer && buf.buffer !== idx.endRank.buffer
      ? make(buf.buffer)
      : make(len);
  const childRank = room(old?.endRank, m, (b) => (typeof b === 'number' ? new Uint32Array(b) : new Uint32Array(b, 0, m)));
  const childMarks = new Uint32Array(2 * Math.ceil(m / MARK));
  // start at the mark at or before the window's first start entry: no earlier entry is kept
  const mk = 2 * Math.floor(from / MARK);
  const at = mk < idx.marks.length ? [idx.marks[mk], idx.marks[mk + 1], (mk / 2) * MARK] : [idx.seq.length, idx.endRank.length, Infinity];
  let kept: { w: number; cr: number };
  let out: Uint16Array | Uint32Array;
  // one loop per element type: a loop over a Uint16Array | Uint32Array union is megamorphic (slow)
  if (idx.seq instanceof Uint16Array) {
    const prev = old?.seq instanceof Uint16Array ? old.seq : undefined;
    const o = room(prev, 2 * m, (b) => (typeof b === 'number' ? new Uint16Array(b) : new Uint16Array(b, 0, 2 * m)));
    kept = derive16(idx.seq, idx.endRank, at, from, to, o, childRank, childMarks);
    out = o;
  } else {
    const prev = old?.seq instanceof Uint32Array ? old.seq : undefined;
    const o = room(prev, 2 * m, (b) => (typeof b === 'number' ? new Uint32Array(b) : new Uint32Array(b, 0, 2 * m)));
    kept = derive32(idx.seq, idx.endRank, at, from, to, o, childRank, childMarks);
    out = o;
  }
  if (old !== undefined && reuse !== null) seqCache.delete(reuse);
  seqCache.set(child, { seq: out.subarray(0, kept.w), endRank: childRank.subarray(0, kept.cr), marks: childMarks });
  return true;
}

type Derived = { w: number; cr: number };

function derive16(seq: Uint16Array, endRank: Uint32Array, at: number[], from: number, to: number, out: Uint16Array, childRank: Uint32Array, marks: Uint32Array): Derived {
  let w = 0;
  let cr = 0;
  let ec = at[1];
  let sc = at[2];
  for (let t = at[0], m = seq.length; t < m && sc < to; t++) {
    const x = seq[t];
    if (x & 0x8000) {
      const r = endRank[ec++];
      if (r >= from && r < to) {
        out[w++] = x;
        childRank[cr++] = r - from;
      }
    } else {
      if (sc >= from) {
        const c = sc - from;
        if (c % MARK === 0) {
          marks[(2 * c) / MARK] = w;
          marks[(2 * c) / MARK + 1] = cr;
        }
        out[w++] = x;
      }
      sc++;
    }
  }
  return { w, cr };
}

function derive32(seq: Uint32Array, endRank: Uint32Array, at: number[], from: number, to: number, out: Uint32Array, childRank: Uint32Array, marks: Uint32Array): Derived {
  let w = 0;
  let cr = 0;
  let ec = at[1];
  let sc = at[2];
  for (let t = at[0], m = seq.length; t < m && sc < to; t++) {
    const x = seq[t];
    if (x >= 0x80000000) {
      const r = endRank[ec++];
      if (r >= from && r < to) {
        out[w++] = x;
        childRank[cr++] = r - from;
      }
    } else {
      if (sc >= from) {
        const c = sc - from;
        if (c % MARK === 0) {
          marks[(2 * c) / MARK] = w;
          marks[(2 * c) / MARK + 1] = cr;
        }
        out[w++] = x;
      }
      sc++;
    }
  }
  return { w, cr };
}

function sweep16(seq: Uint16Array, pairAct: Int32Array, mc: Uint32Array, active: Int32Array): void {
  const m = seq.length;
  for (let t = 0; t < m; t++) {
    const x = seq[t];
    const a = pairAct[x & 0x7fff];
    if (a >= 0) {
      // +1 for a start, −1 for an end (an end never raises the max)
      const v = (active[a] += 1 - ((x >>> 15) << 1));
      if (v > mc[a]) mc[a] = v;
    }
  }
}

function sweep32(seq: Uint32Array, pairAct: Int32Array, mc: Uint32Array, active: Int32Array): void {
  const m = seq.length;
  for (let t = 0; t < m; t++) {
    const x = seq[t];
    const a = pairAct[x & 0x7fffffff];
    if (a >= 0) {
      const v = (active[a] += 1 - ((x >>> 31) << 1));
      if (v > mc[a]) mc[a] = v;
    }
  }
}

/**
 * mc per activity (0 for an activity without any event of known duration); events with unknown dur
 * (NaN) are left out. One sequential sweep of the cached sequence with an active count per activity.
 */
export function maxConcurrency(log: EventLog, pairAct: Int32Array, A: number): Uint32Array {
  return sweepSequence(concurrencySequence(log), pairAct, A);
}

/** mc per activity from a sequence made by `buildSequence`. */
export function sweepSequence(seq: Uint16Array | Uint32Array, pairAct: Int32Array, A: number): Uint32Array {
  const mc = new Uint32Array(A);
  const active = new Int32Array(A);
  if (seq instanceof Uint16Array) sweep16(seq, pairAct, mc, active);
  else sweep32(seq, pairAct, mc, active);
  return mc;
}
