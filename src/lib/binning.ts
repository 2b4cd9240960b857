/**
 * What a timeline draws for a given visible x-range: pure functions over the event columns (no DOM, no
 * per-event objects). When more than `threshold` events overlap the range, events are binned per pixel
 * bucket per row keeping the longest event and a count; otherwise the raw events are drawn. Used by the
 * app's activity timeline (over one activity's events) and by the session's whole-run timeline (over the
 * log's own columns, unmapped events on row NO_ROW).
 *
 * Times here are in the data's own unit (seconds in `timeBase`); the panel converts to axis units.
 */

export interface EventColumns {
  /** Row index per event; NO_ROW = not drawn (and not counted). */
  row: Uint32Array;
  /** Start per event (seconds). NaN starts are never drawn. */
  start: Float64Array;
  /** Duration per event (seconds, NaN = unknown: the event is drawn as a point). */
  dur: Float64Array;
  /** Optional: non-zero for a failed call (its errno); binned marks then count the failures they stand for. */
  fail?: ArrayLike<number>;
}

/** The row of an event that is not drawn. */
export const NO_ROW = 0xffffffff;

/** The marks to draw: indices into the event columns. */
export interface Marks {
  /** Events drawn as bars (known duration), one bar each. */
  bars: Uint32Array;
  /** Events drawn as points (unknown duration). */
  points: Uint32Array;
  /** When binned: how many events each bar / point stands for (same order); null when raw. */
  barCount: Uint32Array | null;
  pointCount: Uint32Array | null;
  /** When binned and the columns have `fail`: how many failed calls each bar / point stands for. */
  barFail: Uint32Array | null;
  pointFail: Uint32Array | null;
  binned: boolean;
  /** Events that overlap the range that was drawn (raw or binned). */
  events: number;
  /** The x-range the marks were computed for (may be wider than the visible range, for panning). */
  x0: number;
  x1: number;
}

/** Default number of events in view above which the timeline bins. */
export const BIN_THRESHOLD = 100_000;
/** At most this many (row × bucket) cells are allocated when binning (the bucket count shrinks). */
export const MAX_CELLS = 4_000_000;

const endOf = (start: number, dur: number): number => (dur > 0 ? start + dur : start);

/** [min start, max end] over all events with a finite start; null when there is none. */
export function extent(ev: EventColumns): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  const { row, start, dur } = ev;
  for (let i = 0; i < start.length; i++) {
    const s = start[i];
    if (!Number.isFinite(s) || row[i] === NO_ROW) continue;
    if (s < min) min = s;
    const e = endOf(s, dur[i]);
    if (e > max) max = e;
  }
  return min <= max ? { min, max } : null;
}

/** Number of events that overlap [x0, x1] (an event with unknown or zero duration counts at its start). */
export function countInRange(ev: EventColumns, x0: number, x1: number): number {
  let n = 0;
  const { row, start, dur } = ev;
  for (let i = 0; i < start.length; i++) {
    const s = start[i];
    if (s <= x1 && endOf(s, dur[i]) >= x0 && row[i] !== NO_ROW) n++;
  }
  return n;
}

/** Every event overlapping [x0, x1], bars and points split. */
export function rawMarks(ev: EventColumns, x0: number, x1: number): Marks {
  const { row, start, dur } = ev;
  let nb = 0;
  let np = 0;
  for (let i = 0; i < start.length; i++) {
    const s = start[i];
    if (s <= x1 && endOf(s, dur[i]) >= x0 && row[i] !== NO_ROW) {
      if (Number.isNaN(dur[i])) np++;
      else nb++;
    }
  }
  const bars = new Uint32Array(nb);
  const points = new Uint32Array(np);
  nb = 0;
  np = 0;
  for (let i = 0; i < start.length; i++) {
    const s = start[i];
    if (s <= x1 && endOf(s, dur[i]) >= x0 && row[i] !== NO_ROW) {
      if (Number.isNaN(dur[i])) points[np++] = i;
      else bars[nb++] = i;
    }
  }
  return { bars, points, barCount: null, pointCount: null, barFail: null, pointFail: null, binned: false, events: nb + np, x0, x1 };
}

/**
 * Bins the events overlapping [x0, x1] into `buckets` equal columns per row. An event belongs to the
 * column of max(start, x0). Each non-empty cell yields one mark: its longest event (unknown durations
 * lose to any known one) and the number of events in the cell. Marks come out row by row, left to right.
 */
export function binMarks(ev: EventColumns, nRows: number, x0: number, x1: number, buckets: number): Marks {
  const rows = Math.max(1, nRows);
  const B = Math.max(1, Math.min(Math.floor(buckets), Math.floor(MAX_CELLS / rows)));
  const width = x1 > x0 ? (x1 - x0) / B : 1;
  const best = new Int32Array(rows * B).fill(-1);
  const count = new Uint32Array(rows * B);
  const fail = ev.fail ?? null;
  const failed = fail ? new Uint32Array(rows * B) : null;
  const { row, start, dur } = ev;
  let events = 0;
  for (let i = 0; i < start.length; i++) {
    const s = start[i];
    const d = dur[i];
    if (!(s <= x1 && endOf(s, d) >= x0)) continue;
    const r = row[i];
    if (r >= rows) continue;
    events++;
    let c = Math.floor(((s > x0 ? s : x0) - x0) / width);
    if (c >= B) c = B - 1;
    const cell = r * B + c;
    count[cell]++;
    if (failed !== null && fail![i] !== 0) failed[cell]++;
    const b = best[cell];
    // NaN compares false: a known duration always replaces an unknown one, never the reverse.
    if (b < 0 || d > dur[b] || (Number.isNaN(dur[b]) && !Number.isNaN(d))) best[cell] = i;
  }
  let nb = 0;
  let np = 0;
  for (let cell = 0; cell < best.length; cell++) {
    const b = best[cell];
    if (b < 0) continue;
    if (Number.isNaN(dur[b])) np++;
    else nb++;
  }
  const bars = new Uint32Array(nb);
  const points = new Uint32Array(np);
  const barCount = new Uint32Array(nb);
  const pointCount = new Uint32Array(np);
  const barFail = failed ? new Uint32Array(nb) : null;
  const pointFail = failed ? new Uint32Array(np) : null;
  nb = 0;
  np = 0;
  for (let cell = 0; cell < best.length; cell++) {
    const b = best[cell];
    if (b < 0) continue;
    if (Number.isNaN(dur[b])) {
      pointCount[np] = count[cell];
      if (pointFail) pointFail[np] = failed![cell];
      points[np++] = b;
    } else {
      barCount[nb] = count[cell];
      if (barFail) barFail[nb] = failed![cell];
      bars[nb++] = b;
    }
  }
  return { bars, points, barCount, pointCount, barFail, pointFail, binned: true, events, x0, x1 };
}

/**
 * The marks for a visible range [x0, x1] drawn `pixels` wide. Raw events when at most `threshold` overlap
 * the visible range, binned per pixel otherwise. Either way the marks cover one extra view width on each
 * side (so that a pan shows data before the re-computation), unless that would exceed the budget.
 */
export function marksForRange(
  ev: EventColumns,
  nRows: number,
  x0: number,
  x1: number,
  pixels: number,
  threshold = BIN_THRESHOLD,
): Marks {
  const w = x1 - x0;
  const visible = countInRange(ev, x0, x1);
  const wide0 = x0 - w;
  const wide1 = x1 + w;
  const px = Math.max(1, Math.round(pixels));
  if (visible <= threshold) {
    return countInRange(ev, wide0, wide1) <= 2 * threshold ? rawMarks(ev, wide0, wide1) : rawMarks(ev, x0, x1);
  }
  if (w > 0 && nRows * px * 3 <= MAX_CELLS) return binMarks(ev, nRows, wide0, wide1, px * 3);
  return binMarks(ev, nRows, x0, x1, px);
}
