/**
 * Max concurrency mc per activity (docs/METHOD.md "Statistics"): max over instants t of the number of the activity's
 * events (all cases) with start ≤ t < start + dur; an event with dur = 0 counts at its own instant.
 *
 * Once per log (LogIndex.sequence, logIndex.ts: it does not depend on the mapping) the starts and the ends of all
 * events with a known dur are put into one time-ordered sequence of pair ids (8 bytes per event), sorted
 * by seqSort.ts (a radix sort; end key s+d for d > 0, nextUp(s) for a zero-length event; ties in case
 * order, then event order). An end with key ≤ t comes before the starts at t, so [0,1) and [1,2) never
 * overlap, while a zero-length event at t still overlaps everything that starts at t or is active at t. Per mapping, mc is one sequential sweep of that sequence
 * with an active-event counter per activity.
 */
import type { EventLog } from '../model';
import { nextUp } from './nextUp';
import { sortedEntries, type SortedEntries } from './seqSort';

export { nextUp };

/** The mc sweep sequence of a log and, per end entry, the index among the start entries of its event's
 * start (what a time window needs to keep the ends of its own events: see deriveWindowSequence). */
export interface SeqIndex {
  seq: Uint16Array | Uint32Array;
  endRank: Uint32Array;
  /** Every MARK-th start entry r: [position in seq, end entries before it] at [2r/MARK, 2r/MARK + 1]. */
  marks: Uint32Array;
  /**
   * Per entry of `seq`, the case of its event: what the per-side mc sweep of a partition reads in order
   * (compare/sideMc.ts). 1, 2 or 4 bytes per entry (up to 256, 65,536 or more cases). Built with the
   * sequence (buildIndex); a time window's is derived from its parent's at first use (caseColumn).
   */
  caseOfEntry?: CaseColumn;
  /** A time window's sequence: its parent's and the parent's start entries [from, to) it keeps (caseColumn). */
  window?: { parent: SeqIndex; from: number; to: number };
  /** The plain mc sweeps of this sequence so far, and from the second on its run-compressed form (null: not worth it). */
  sweeps?: number;
  runs?: Int32Array | null;
}

const MARK = 4096;

/** A case index per entry of a sequence (SeqIndex.caseOfEntry). */
export type CaseColumn = Uint8Array | Uint16Array | Uint32Array;

/** A column for `n` case indices of a log of K cases: 1, 2 or 4 bytes each. */
function caseColumnOf(K: number, n: number): CaseColumn {
  return K <= 0x100 ? new Uint8Array(n) : K <= 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
}

/** The columns the sequence is built from. */
export type SequenceSource = Pick<EventLog, 'n' | 'start' | 'dur' | 'pair' | 'pairCall' | 'caseOffsets'>;

/**
 * The mapping-independent event sequence swept for mc (built once per log by LogIndex.sequence): the starts
 * and ends of every event with a known dur in time order, each entry the event's pair id with the top bit set
 * for an end (an end with key ≤ t comes before the starts at t). Uint16 entries (≤ 4 bytes per event)
 * when the log has fewer than 32768 distinct (call, fp) pairs, else Uint32 (≤ 8 bytes per event).
 * Alongside (4 bytes per event): for each end entry, the rank of its event's start among the start entries;
 * and the case of each entry (caseOfEntry: 2 to 8 bytes per event by the number of cases).
 */
export function concurrencySequence(log: SequenceSource): Uint16Array | Uint32Array {
  return buildIndex(log).seq;
}

/**
 * Builds the sequence index of these columns (the time sort included, unless one is given): what
 * LogIndex.sequence keeps per log. A pool thread runs it on a loaded log's shared columns (offload.ts), and
 * the log's index is then made with the result (LogIndexSeeds.sequence).
 */
export function buildIndex(log: SequenceSource, sorted: SortedEntries = sortedEntries(log)): SeqIndex {
  if (log.pairCall.length >= 0x80000000) throw new Error('too many (call, fp) pairs for the mc sweep');
  const wide = log.pairCall.length >= 0x8000;
  const endBit = wide ? 0x80000000 : 0x8000;
  const { entries, starts, scratch, scratch2 } = sorted;
  const { n, pair, caseOffsets } = log;
  const K = caseOffsets.length - 1;
  // the case of each event (in the sort's free entry buffer when it is large enough)
  const caseOf = scratch2.length >= n ? scratch2.subarray(0, n) : new Uint32Array(n);
  for (let k = 0; k < K; k++) caseOf.fill(k, caseOffsets[k], caseOffsets[k + 1]);
  const caseOfEntry = caseColumnOf(K, entries.length);
  const out = wide ? new Uint32Array(entries.length) : new Uint16Array(entries.length);
  // rankOf[i]: index of event i among the start entries; an event's end always comes after its start
  // (its end key is > its start), so the rank is known when the end is written
  const rankOf = scratch.length >= n ? scratch.subarray(0, n) : new Uint32Array(n);
  const endRank = new Uint32Array(starts);
  const marks = new Uint32Array(2 * Math.ceil(starts / MARK) + 2);
  let w = 0;
  let sc = 0;
  let ec = 0;
  // the ends after the last start are left out: they cannot raise a count
  for (let j = 0; j < entries.length && sc < starts; j++) {
    const x = entries[j];
    const i = x >>> 1;
    caseOfEntry[w] = caseOf[i];
    if (x & 1) {
      if (sc % MARK === 0) {
        marks[(2 * sc) / MARK] = w;
        marks[(2 * sc) / MARK + 1] = ec;
      }
      rankOf[i] = sc++;
      out[w++] = pair[i];
    } else {
      out[w++] = (pair[i] | endBit) >>> 0;
      endRank[ec++] = rankOf[i];
    }
  }
  // views, not copies (fresh memory is slow to touch): only the ends after the last start are cut off
  return { seq: out.subarray(0, w), endRank: endRank.subarray(0, ec), marks: marks.slice(0, 2 * Math.ceil(sc / MARK)), caseOfEntry: caseOfEntry.subarray(0, w) };
}

/**
 * The case of each entry of a sequence (SeqIndex.caseOfEntry); a time window's is made at its first use from
 * its parent's (the entries deriveWindowSequence kept, a window keeps every case at its index) and kept.
 */
export function caseColumn(idx: SeqIndex): CaseColumn {
  if (idx.caseOfEntry) return idx.caseOfEntry;
  if (!idx.window) throw new Error('caseColumn: a sequence without its case column');
  const { parent, from, to } = idx.window;
  const cases = caseColumn(parent);
  const { seq, endRank, marks } = parent;
  const out = cases instanceof Uint8Array ? new Uint8Array(idx.seq.length) : cases instanceof Uint16Array ? new Uint16Array(idx.seq.length) : new Uint32Array(idx.seq.length);
  const endBit = seq instanceof Uint32Array ? 0x80000000 : 0x8000;
  // the entries deriveWindowSequence keeps, from the mark at or before the window's first start entry
  const mk = 2 * Math.floor(from / MARK);
  let w = 0;
  if (mk < marks.length) {
    let ec = marks[mk + 1];
    let sc = (mk / 2) * MARK;
    for (let t = marks[mk]; t < seq.length && sc < to; t++) {
      if (seq[t] & endBit) {
        const r = endRank[ec++];
        if (r >= from && r < to) out[w++] = cases[t];
      } else if (sc++ >= from) out[w++] = cases[t];
    }
  }
  if (w !== out.length) throw new Error('caseColumn: the window does not match its parent');
  return (idx.caseOfEntry = out);
}

/**
 * The mc sequence of a log made of the events of a parent log whose starts are the start entries
 * [from, to) of the parent's sequence (a time window: every case cut to the events whose start lies in
 * [FROM, TO), cases and their order kept), from the parent's sequence: the start entries in [from, to) and
 * the end entries of those events, up to the last such start. That is exactly the sequence the child would
 * build itself (same relative order of starts and of ends, same rule between them) in one linear pass
 * instead of two sorts. With `reuse` (the sequence of an earlier window of the same parent that is no
 * longer needed) its buffers are overwritten when large enough.
 */
export function deriveWindowSequence(idx: SeqIndex, from: number, to: number, old?: SeqIndex): SeqIndex {
  const m = Math.max(0, to - from);
  // the buffers of a window that is no longer needed are overwritten (fresh memory is slow to touch); when
  // they are too small, the new ones have room for the parent's whole sequence (`most`), as time/window.ts
  // windowCut does for the columns
  const room = <T extends Uint16Array | Uint32Array>(buf: T | undefined, len: number, most: number, make: (b: ArrayBufferLike | number) => T): T =>
    buf !== undefined && buf.buffer.byteLength >= len * buf.BYTES_PER_ELEMENT && buf.buffer !== idx.seq.buffer && buf.buffer !== idx.endRank.buffer
      ? make(buf.buffer)
      : make(old !== undefined ? Math.max(len, most) : len);
  const childRank = room(old?.endRank, m, idx.endRank.length, (b) => (typeof b === 'number' ? new Uint32Array(b) : new Uint32Array(b, 0, m)));
  const childMarks = new Uint32Array(2 * Math.ceil(m / MARK));
  // start at the mark at or before the window's first start entry: no earlier entry is kept
  const mk = 2 * Math.floor(from / MARK);
  const at = mk < idx.marks.length ? [idx.marks[mk], idx.marks[mk + 1], (mk / 2) * MARK] : [idx.seq.length, idx.endRank.length, Infinity];
  let kept: { w: number; cr: number };
  let out: Uint16Array | Uint32Array;
  // one loop per element type: a loop over a Uint16Array | Uint32Array union is megamorphic (slow)
  if (idx.seq instanceof Uint16Array) {
    const prev = old?.seq instanceof Uint16Array ? old.seq : undefined;
    const o = room(prev, 2 * m, idx.seq.length, (b) => (typeof b === 'number' ? new Uint16Array(b) : new Uint16Array(b, 0, 2 * m)));
    kept = derive16(idx.seq, idx.endRank, at, from, to, o, childRank, childMarks);
    out = o;
  } else {
    const prev = old?.seq instanceof Uint32Array ? old.seq : undefined;
    const o = room(prev, 2 * m, idx.seq.length, (b) => (typeof b === 'number' ? new Uint32Array(b) : new Uint32Array(b, 0, 2 * m)));
    kept = derive32(idx.seq, idx.endRank, at, from, to, o, childRank, childMarks);
    out = o;
  }
  // its case column is made from the parent's at first use (caseColumn)
  return { seq: out.subarray(0, kept.w), endRank: childRank.subarray(0, kept.cr), marks: childMarks, window: { parent: idx, from, to } };
}

type Derived = { w: number; cr: number };

// derive16/derive32 and sweep16/sweep32 are the same loop, written once per element type on purpose: one
// loop over a Uint16Array | Uint32Array union is megamorphic in V8 (several times slower in the hot loop).
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

// derive16 for Uint32Array sequences: a copy per element type on purpose (see above derive16)
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

// sweep16/sweep32: two lanes, the two halves of the sequence swept at once (two independent chains of
// counter updates instead of one); the second half's counts are relative to its start, and the maximum of
// the whole is max(mc₁, active₁ at the middle + mc₂) (active₁ ≤ mc₁, so mc₂ may start at 0).
function sweep16(seq: Uint16Array, pairAct: Int32Array, mc: Uint32Array, active: Int32Array): void {
  const m = seq.length;
  const h = m >>> 1;
  const A = mc.length;
  const mc2 = new Int32Array(A);
  const active2 = new Int32Array(A);
  for (let t = 0; t < h; t++) {
    const x = seq[t];
    const y = seq[h + t];
    const a = pairAct[x & 0x7fff];
    const b = pairAct[y & 0x7fff];
    if (a >= 0) {
      // +1 for a start, −1 for an end (an end never raises the max)
      const v = (active[a] += 1 - ((x >>> 15) << 1));
      if (v > mc[a]) mc[a] = v;
    }
    if (b >= 0) {
      const v = (active2[b] += 1 - ((y >>> 15) << 1));
      if (v > mc2[b]) mc2[b] = v;
    }
  }
  // an odd length: the last entry is the second lane's
  const b = m & 1 ? pairAct[seq[m - 1] & 0x7fff] : -1;
  if (b >= 0 && (active2[b] += 1 - ((seq[m - 1] >>> 15) << 1)) > mc2[b]) mc2[b] = active2[b];
  for (let a = 0; a < A; a++) mc[a] = Math.max(mc[a], active[a] + mc2[a]);
}

// sweep16 for Uint32Array sequences: a copy per element type on purpose (see above derive16)
function sweep32(seq: Uint32Array, pairAct: Int32Array, mc: Uint32Array, active: Int32Array): void {
  const m = seq.length;
  const h = m >>> 1;
  const A = mc.length;
  const mc2 = new Int32Array(A);
  const active2 = new Int32Array(A);
  for (let t = 0; t < h; t++) {
    const x = seq[t];
    const y = seq[h + t];
    const a = pairAct[x & 0x7fffffff];
    const b = pairAct[y & 0x7fffffff];
    if (a >= 0) {
      const v = (active[a] += 1 - ((x >>> 31) << 1));
      if (v > mc[a]) mc[a] = v;
    }
    if (b >= 0) {
      const v = (active2[b] += 1 - ((y >>> 31) << 1));
      if (v > mc2[b]) mc2[b] = v;
    }
  }
  // an odd length: the last entry is the second lane's
  const b = m & 1 ? pairAct[seq[m - 1] & 0x7fffffff] : -1;
  if (b >= 0 && (active2[b] += 1 - ((seq[m - 1] >>> 31) << 1)) > mc2[b]) mc2[b] = active2[b];
  for (let a = 0; a < A; a++) mc[a] = Math.max(mc[a], active[a] + mc2[a]);
}

/**
 * The sequence as weighted entries, one or two per run of consecutive entries of one pair: +c, then
 * net − c when that is not 0 (c: the run's highest count above its start, ≥ 0; net: its starts − ends),
 * each `pair | weight << 16`. Whatever the mapping, a run moves one activity's count only, through the same
 * highest value to the same final value, so every mc is unchanged (a value not above the count before the
 * run cannot raise mc). null when it would not save a quarter of the sweep (or pairs ≥ 65,536).
 */
function compressRuns(seq: Uint16Array | Uint32Array, pairs: number): Int32Array | null {
  // 4-byte weighted entries against 2- or 4-byte plain ones: worth it up to 3/4 of the plain sweep's bytes
  const cap = Math.floor((0.75 * seq.length * seq.BYTES_PER_ELEMENT) / 4);
  if (pairs > 0x10000 || cap < 2) return null;
  const wide = seq instanceof Uint32Array;
  const shift = wide ? 31 : 15;
  const mask = wide ? 0x7fffffff : 0x7fff;
  const m = seq.length;
  // untouched pages of the bound cost nothing; what is used is copied out
  const out = new Int32Array(cap);
  let w = 0;
  for (let t = 0; t < m; ) {
    const p = seq[t] & mask;
    let c = 0;
    let top = 0;
    for (; t < m; t++) {
      const x = seq[t];
      if ((x & mask) !== p) break;
      c += 1 - ((x >>> shift) << 1);
      top = Math.max(top, c);
    }
    if (top <= 0x7fff && top - c <= 0x7fff) {
      if (w + 2 > cap) return null;
      if (top > 0) out[w++] = p | (top << 16);
      if (c < top) out[w++] = p | ((c - top) << 16);
    } else {
      // weights beyond ±32767 are split (never in practice: that many events of one pair in a row)
      for (let d = top; d > 0; d -= 0x7fff) {
        if (w === cap) return null;
        out[w++] = p | (Math.min(d, 0x7fff) << 16);
      }
      for (let d = c - top; d < 0; d += 0x7fff) {
        if (w === cap) return null;
        out[w++] = p | (Math.max(d, -0x7fff) << 16);
      }
    }
  }
  return out.slice(0, w);
}

/** mc from weighted entries (compressRuns), two lanes like sweep16. */
function sweepWeighted(seq: Int32Array, pairAct: Int32Array, A: number): Uint32Array {
  const mc = new Int32Array(A);
  const active = new Int32Array(A);
  const mc2 = new Int32Array(A);
  const active2 = new Int32Array(A);
  const m = seq.length;
  const h = m >>> 1;
  for (let t = 0; t < h; t++) {
    const x = seq[t];
    const y = seq[h + t];
    const a = pairAct[x & 0xffff];
    const b = pairAct[y & 0xffff];
    if (a >= 0) {
      // a negative weight never raises the max
      const v = (active[a] += x >> 16);
      if (v > mc[a]) mc[a] = v;
    }
    if (b >= 0) {
      const v = (active2[b] += y >> 16);
      if (v > mc2[b]) mc2[b] = v;
    }
  }
  // an odd length: the last entry is the second lane's
  const b = m & 1 ? pairAct[seq[m - 1] & 0xffff] : -1;
  if (b >= 0 && (active2[b] += seq[m - 1] >> 16) > mc2[b]) mc2[b] = active2[b];
  const out = new Uint32Array(A);
  for (let a = 0; a < A; a++) out[a] = Math.max(mc[a], active[a] + mc2[a]);
  return out;
}

/**
 * mc per activity (0 for an activity without any event of known duration); events with unknown dur
 * (NaN) are left out. One sequential sweep of the log's sequence (`idx`: its LogIndex's; built here
 * without one) with an active count per activity; from the second sweep of a sequence on, of its
 * run-compressed form (compressRuns, built then and kept on `idx`).
 */
export function maxConcurrency(log: SequenceSource, pairAct: Int32Array, A: number, idx: SeqIndex = buildIndex(log)): Uint32Array {
  // from the second sweep of a log on (a mapping change), its run-compressed sequence when that is shorter
  idx.sweeps = (idx.sweeps ?? 0) + 1;
  if (idx.sweeps === 2) idx.runs = compressRuns(idx.seq, log.pairCall.length);
  return idx.runs ? sweepWeighted(idx.runs, pairAct, A) : sweepSequence(idx.seq, pairAct, A);
}

/** mc per activity from a sequence made by `concurrencySequence`. */
export function sweepSequence(seq: Uint16Array | Uint32Array, pairAct: Int32Array, A: number): Uint32Array {
  const mc = new Uint32Array(A);
  const active = new Int32Array(A);
  if (seq instanceof Uint16Array) sweep16(seq, pairAct, mc, active);
  else sweep32(seq, pairAct, mc, active);
  return mc;
}
