/**
 * Plot coordinates for the marks.
 *
 * Drawing: bars of the same row whose pixel extents touch (gap below one pixel) are merged into one
 * segment — the picture is identical at screen resolution, but the WebGL line trace has far fewer
 * primitives (thick scattergl lines cost ~40 µs each in SwiftShader; 100 k of them take seconds).
 * All segments are ONE line trace (NaN-separated). Hover: one transparent marker per bar (per event, or
 * per binned cell) at its midpoint, and one visible marker per event of unknown duration.
 */
import type { EventColumns, Marks } from '../../lib/binning';

/** Axis value = offset + seconds × scale (date axes are in milliseconds). */
export interface AxisMap {
  offset: number;
  scale: number;
}

export interface Geometry {
  /** Merged segments: x/y of length 3 × segments (start, end, NaN), axis units. */
  segX: Float64Array;
  segY: Float64Array;
  segments: number;
  /** Bar midpoints (hover targets), one per bar, in marks.bars order. */
  midX: Float64Array;
  midY: Float64Array;
  /** Points (unknown duration), one per point. */
  pointX: Float64Array;
  pointY: Float64Array;
}

/** Indices 0…n-1 ordered by (row, start); identity when already in that order. */
export function orderByRowStart(bars: Uint32Array, row: Uint32Array, start: Float64Array): Uint32Array {
  const n = bars.length;
  const order = new Uint32Array(n);
  let sorted = true;
  for (let k = 0; k < n; k++) {
    order[k] = k;
    if (k > 0) {
      const r0 = row[bars[k - 1]];
      const r1 = row[bars[k]];
      if (r1 < r0 || (r1 === r0 && start[bars[k]] < start[bars[k - 1]])) sorted = false;
    }
  }
  if (!sorted) order.sort((a, b) => row[bars[a]] - row[bars[b]] || start[bars[a]] - start[bars[b]]);
  return order;
}

/**
 * Bars shorter than `minWidth` seconds (one pixel) are widened to it so that every event stays visible;
 * bars of a row closer than `minWidth` are drawn as one segment.
 */
export function buildGeometry(ev: EventColumns, marks: Marks, axis: AxisMap, minWidth: number): Geometry {
  const { bars, points } = marks;
  const { row, start, dur } = ev;
  const { offset, scale } = axis;
  const nb = bars.length;
  const midX = new Float64Array(nb);
  const midY = new Float64Array(nb);
  for (let k = 0; k < nb; k++) {
    const i = bars[k];
    const w = dur[i] > minWidth ? dur[i] : minWidth;
    midX[k] = offset + (start[i] + w / 2) * scale;
    midY[k] = row[i];
  }
  // merge pass in (row, start) order
  const order = orderByRowStart(bars, row, start);
  const segA = new Float64Array(nb);
  const segB = new Float64Array(nb);
  const segR = new Uint32Array(nb);
  let ns = 0;
  for (let k = 0; k < nb; k++) {
    const i = bars[order[k]];
    const a = start[i];
    const b = a + (dur[i] > minWidth ? dur[i] : minWidth);
    const r = row[i];
    if (ns > 0 && segR[ns - 1] === r && a <= segB[ns - 1] + minWidth) {
      if (b > segB[ns - 1]) segB[ns - 1] = b;
    } else {
      segA[ns] = a;
      segB[ns] = b;
      segR[ns] = r;
      ns++;
    }
  }
  const segX = new Float64Array(ns * 3);
  const segY = new Float64Array(ns * 3);
  for (let k = 0; k < ns; k++) {
    segX[3 * k] = offset + segA[k] * scale;
    segX[3 * k + 1] = offset + segB[k] * scale;
    segX[3 * k + 2] = NaN;
    segY[3 * k] = segR[k];
    segY[3 * k + 1] = segR[k];
    segY[3 * k + 2] = NaN;
  }
  const np = points.length;
  const pointX = new Float64Array(np);
  const pointY = new Float64Array(np);
  for (let k = 0; k < np; k++) {
    const i = points[k];
    pointX[k] = offset + start[i] * scale;
    pointY[k] = row[i];
  }
  return { segX, segY, segments: ns, midX, midY, pointX, pointY };
}

/**
 * The bar segments (NaN-separated triples of buildGeometry) split by a group per row, e.g. the green/red
 * side of each row's case: one (x, y) pair of arrays per group 0…groups−1.
 */
export function splitSegments(segX: Float64Array, segY: Float64Array, rowGroup: ArrayLike<number>, groups: number): { x: Float64Array; y: Float64Array }[] {
  const n = segX.length / 3;
  const counts = new Uint32Array(groups);
  for (let k = 0; k < n; k++) counts[rowGroup[segY[3 * k]]]++;
  const out = Array.from(counts, (c) => ({ x: new Float64Array(3 * c), y: new Float64Array(3 * c) }));
  const w = new Uint32Array(groups);
  for (let k = 0; k < n; k++) {
    const g = rowGroup[segY[3 * k]];
    const o = out[g];
    o.x.set(segX.subarray(3 * k, 3 * k + 3), w[g]);
    o.y.set(segY.subarray(3 * k, 3 * k + 3), w[g]);
    w[g] += 3;
  }
  return out;
}

/** Trace order in the plot. */
export const TRACE_SEGMENTS = 0;
export const TRACE_BARS = 1;
export const TRACE_POINTS = 2;

/** The mark under a hovered plotly point: k indexes marks.bars or marks.points; null if none. */
export function markAt(curve: number, pointIndex: number, marks: Marks): { kind: 'bar' | 'point'; k: number } | null {
  if (curve === TRACE_BARS) return pointIndex >= 0 && pointIndex < marks.bars.length ? { kind: 'bar', k: pointIndex } : null;
  if (curve === TRACE_POINTS) return pointIndex >= 0 && pointIndex < marks.points.length ? { kind: 'point', k: pointIndex } : null;
  return null;
}
