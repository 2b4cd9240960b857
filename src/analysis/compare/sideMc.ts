/**
 * The per-side max concurrency mc of a partition (docs/METHOD.md "Statistics"; compare.ts): per activity and
 * side, the mc of the side's own cases' events alone. One sweep of the log's time-ordered sequence
 * (concurrency.ts, LogIndex.sequence) with an active count per (side, activity); each entry's case is read
 * in order from the sequence's case column (SeqIndex.caseOfEntry), made once per log with the sequence.
 */
import { buildIndex, caseColumn, type CaseColumn, type SeqIndex, type SequenceSource } from '../concurrency';

/**
 * mc per activity of each side of a partition (`side[k]`: 1 green, 2 red, else neither): [green, red].
 * `idx`: the log's sequence (its LogIndex's; built here without one); a time window's sequence gets its
 * case column here, at its first per-side sweep, and keeps it.
 */
export function sideConcurrency(log: SequenceSource, pairAct: Int32Array, A: number, side: Uint8Array, idx: SeqIndex = buildIndex(log)): [Uint32Array, Uint32Array] {
  const cases = caseColumn(idx);
  const { seq } = idx;
  // per lane, at [s·A + a] (s = 1 green, 2 red; s = 0 unused): the highest count and the count
  const mc = new Int32Array(3 * A);
  const active = new Int32Array(3 * A);
  const mc2 = new Int32Array(3 * A);
  const active2 = new Int32Array(3 * A);
  if (seq instanceof Uint16Array) side16(seq, cases, pairAct, A, side, mc, active, mc2, active2);
  else side32(seq, cases, pairAct, A, side, mc, active, mc2, active2);
  // the two lanes are the two halves of the sequence; the second's counts are relative to its start, so
  // the maximum of the whole is max(mc₁, active₁ at the middle + mc₂) (active₁ ≤ mc₁: mc₂ may start at 0)
  const out = new Uint32Array(3 * A);
  for (let j = 0; j < 3 * A; j++) out[j] = Math.max(mc[j], active[j] + mc2[j]);
  return [out.slice(A, 2 * A), out.slice(2 * A, 3 * A)];
}

// side16/side32: the same loop, written once per element type of the sequence on purpose: one loop over a
// Uint16Array | Uint32Array union is megamorphic in V8 (concurrency.ts sweep16). Two lanes, the two halves
// of the sequence at once (two independent chains of counter updates), no branch on start/end: +1 for a
// start, −1 for an end (an end never raises the max).
function side16(seq: Uint16Array, cases: CaseColumn, pairAct: Int32Array, A: number, side: Uint8Array, mc: Int32Array, active: Int32Array, mc2: Int32Array, active2: Int32Array): void {
  const m = seq.length;
  const h = m >>> 1;
  for (let t = 0; t < h; t++) {
    const x = seq[t];
    const y = seq[h + t];
    const s = side[cases[t]];
    const s2 = side[cases[h + t]];
    const a = pairAct[x & 0x7fff];
    const b = pairAct[y & 0x7fff];
    if (a >= 0 && s !== 0 && s <= 2) {
      const j = s * A + a;
      const v = (active[j] += 1 - ((x >>> 15) << 1));
      if (v > mc[j]) mc[j] = v;
    }
    if (b >= 0 && s2 !== 0 && s2 <= 2) {
      const j = s2 * A + b;
      const v = (active2[j] += 1 - ((y >>> 15) << 1));
      if (v > mc2[j]) mc2[j] = v;
    }
  }
  // an odd length: the last entry is the second lane's
  if (m & 1) {
    const y = seq[m - 1];
    const s2 = side[cases[m - 1]];
    const b = pairAct[y & 0x7fff];
    if (b >= 0 && s2 !== 0 && s2 <= 2) {
      const j = s2 * A + b;
      const v = (active2[j] += 1 - ((y >>> 15) << 1));
      if (v > mc2[j]) mc2[j] = v;
    }
  }
}

// side16 for Uint32Array sequences: a copy per element type on purpose (see above side16)
function side32(seq: Uint32Array, cases: CaseColumn, pairAct: Int32Array, A: number, side: Uint8Array, mc: Int32Array, active: Int32Array, mc2: Int32Array, active2: Int32Array): void {
  const m = seq.length;
  const h = m >>> 1;
  for (let t = 0; t < h; t++) {
    const x = seq[t];
    const y = seq[h + t];
    const s = side[cases[t]];
    const s2 = side[cases[h + t]];
    const a = pairAct[x & 0x7fffffff];
    const b = pairAct[y & 0x7fffffff];
    if (a >= 0 && s !== 0 && s <= 2) {
      const j = s * A + a;
      const v = (active[j] += 1 - ((x >>> 31) << 1));
      if (v > mc[j]) mc[j] = v;
    }
    if (b >= 0 && s2 !== 0 && s2 <= 2) {
      const j = s2 * A + b;
      const v = (active2[j] += 1 - ((y >>> 31) << 1));
      if (v > mc2[j]) mc2[j] = v;
    }
  }
  // an odd length: the last entry is the second lane's
  if (m & 1) {
    const y = seq[m - 1];
    const s2 = side[cases[m - 1]];
    const b = pairAct[y & 0x7fffffff];
    if (b >= 0 && s2 !== 0 && s2 <= 2) {
      const j = s2 * A + b;
      const v = (active2[j] += 1 - ((y >>> 31) << 1));
      if (v > mc2[j]) mc2[j] = v;
    }
  }
}
