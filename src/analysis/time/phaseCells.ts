/**
 * The cells of the phases' gap search (phases.ts) and what one pass over the events adds up beside them:
 * each case's busy time as if the run were one phase — the phases' per-case sums without a second pass
 * when the gap search finds one phase (the bench's runs and most others). Filled by phasesAndBusy's own
 * pass (`fillCells`) or by the insights pass, which reads the events anyway (insights/pass.ts).
 *
 * A cell's width may be any `cw ≤ G/2` (G the gap of the phases): a gap longer than G then holds a whole
 * cell that no interval touches, and the walk (`cellBounds`) measures every gap it finds from the events'
 * own start and end, so the phases are the same whatever the width (up to a gap within rounding of G).
 * phasesAndBusy knows the run span and takes G/2; the insights pass runs before the span is known and
 * takes the G of a lower bound of the span (`spanFloor`: the latest event start), a G no larger.
 */
import type { EventLog } from '../../model';

export class PhaseCells {
  /** Cells 0 … C − 1 from t0; an interval's cells are clamped to the last (only ends lie past it). */
  readonly C: number;
  /** 1 / the cell width. */
  readonly inv: number;
  /** Difference array of the coverage: +1 at an interval's first cell, −1 after its last. */
  readonly cover: Int32Array;
  /** Per cell: the latest end of the intervals whose last cell it is (−Infinity: none). */
  readonly lastEnd: Float64Array;
  /** Per cell: the earliest start of the intervals whose first cell it is (Infinity: none). */
  readonly firstStart: Float64Array;
  /** Per case: Σ dur (known durations) of its counted events, in event order; 1 if it has one. */
  readonly busy: Float64Array;
  readonly seen: Uint8Array;
  /** Counted events and Σ size (known sizes) in event order (cases in order). */
  events = 0;
  bytes = 0;

  /** `t0`: time 0 of the cells (the phases'); `cw`: the cell width; `span`: how far the starts reach from t0. */
  constructor(readonly t0: number, readonly cw: number, span: number, K: number) {
    this.C = Math.max(1, Math.ceil(span / cw) + 1);
    this.inv = 1 / cw;
    this.cover = new Int32Array(this.C + 1);
    this.lastEnd = new Float64Array(this.C).fill(-Infinity);
    this.firstStart = new Float64Array(this.C).fill(Infinity);
    this.busy = new Float64Array(K);
    this.seen = new Uint8Array(K);
  }
}

/** The latest event start − t0 (events sorted by start within a case): a lower bound of the run span; O(cases). */
export function spanFloor(log: Pick<EventLog, 'cases' | 'start' | 'caseOffsets'>, t0: number): number {
  const { start, caseOffsets } = log;
  let m = 0;
  for (let k = 0; k < log.cases.length; k++) if (caseOffsets[k + 1] > caseOffsets[k] && start[caseOffsets[k + 1] - 1] - t0 > m) m = start[caseOffsets[k + 1] - 1] - t0;
  return m;
}

/**
 * phasesAndBusy's pass: every counted event (`on` per pair) into the cells, and each case's busy time.
 * Each event is the interval [s, e) from t0 (e = s + dur, or s when dur is 0 or unknown).
 */
export function fillCells(log: EventLog, on: Uint8Array, cells: PhaseCells): void {
  const { pair, start, dur, size, caseOffsets } = log;
  const { t0, cw, cover, lastEnd, firstStart, busy, seen } = cells;
  const last = cells.C - 1;
  let events = 0;
  let bytes = 0;
  for (let k = 0; k < log.cases.length; k++) {
    let b = 0;
    let any = 0;
    for (let i = caseOffsets[k], n = caseOffsets[k + 1]; i < n; i++) {
      if (on[pair[i]] === 0) continue;
      any = 1;
      const s = start[i] - t0;
      const d = dur[i];
      const e = d > 0 ? s + d : s;
      const c0 = Math.min(last, Math.floor(s / cw));
      const c1 = e > s ? Math.min(last, Math.max(c0, Math.ceil(e / cw) - 1)) : c0;
      cover[c0]++;
      cover[c1 + 1]--;
      if (e > lastEnd[c1]) lastEnd[c1] = e;
      if (s < firstStart[c0]) firstStart[c0] = s;
      if (d === d) b += d;
      events++;
      const z = size[i];
      if (z === z) bytes += z;
    }
    busy[k] = b;
    seen[k] = any;
  }
  cells.events = events;
  cells.bytes = bytes;
}

/**
 * The phases' bounds from the filled cells: walk the cells; a run of untouched cells lies in a gap of the
 * union (from the latest end before it to the earliest start after it), which splits the run when it is
 * longer than `gap`. None without counted events.
 */
export function cellBounds(cells: PhaseCells, gap: number): { start: number; end: number }[] {
  const { C, lastEnd, firstStart } = cells;
  if (cells.events === 0) return [];
  // coverage per cell (a copy: the cells stay as filled)
  const cov = cells.cover.slice(0, C);
  for (let j = 1; j < C; j++) cov[j] += cov[j - 1];
  const bounds: { start: number; end: number }[] = [];
  let c = 0;
  while (cov[c] === 0) c++;
  let phaseStart = firstStart[c];
  let prevEnd = -Infinity;
  while (c < C) {
    if (cov[c] > 0) {
      if (lastEnd[c] > prevEnd) prevEnd = lastEnd[c];
      c++;
      continue;
    }
    let u = c;
    while (u < C && cov[u] === 0) u++;
    if (u === C) break;
    // cell u is covered and u − 1 is not: the intervals covering u start in u
    if (firstStart[u] - prevEnd > gap) {
      bounds.push({ start: phaseStart, end: prevEnd });
      phaseStart = firstStart[u];
    }
    c = u;
  }
  bounds.push({ start: phaseStart, end: prevEnd });
  return bounds;
}
