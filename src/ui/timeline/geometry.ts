/**
 * Plot coordinates for the marks: one line trace for all bars (segments separated by NaN gaps), one
 * marker trace for bar midpoints (hover targets) and one for events of unknown duration.
 */
import type { EventColumns, Marks } from './binning';

/** Axis value = offset + seconds × scale (date axes are in milliseconds). */
export interface AxisMap {
  offset: number;
  scale: number;
}

export interface Geometry {
  /** Bars: x/y of length 3 × bars (start, end, NaN). */
  barX: Float64Array;
  barY: Float64Array;
  /** Bar midpoints (hover targets), one per bar. */
  midX: Float64Array;
  midY: Float64Array;
  /** Points (unknown duration), one per point. */
  pointX: Float64Array;
  pointY: Float64Array;
}

/**
 * Bars shorter than `minWidth` seconds (one pixel) are widened to it so that every event stays visible.
 */
export function buildGeometry(ev: EventColumns, marks: Marks, axis: AxisMap, minWidth: number): Geometry {
  const { bars, points } = marks;
  const { row, start, dur } = ev;
  const nb = bars.length;
  const barX = new Float64Array(nb * 3);
  const barY = new Float64Array(nb * 3);
  const midX = new Float64Array(nb);
  const midY = new Float64Array(nb);
  const { offset, scale } = axis;
  for (let k = 0; k < nb; k++) {
    const i = bars[k];
    const s = start[i];
    const d = dur[i];
    const e = s + (d > minWidth ? d : minWidth);
    const y = row[i];
    const a = offset + s * scale;
    const b = offset + e * scale;
    barX[3 * k] = a;
    barX[3 * k + 1] = b;
    barX[3 * k + 2] = NaN;
    barY[3 * k] = y;
    barY[3 * k + 1] = y;
    barY[3 * k + 2] = NaN;
    midX[k] = (a + b) / 2;
    midY[k] = y;
  }
  const np = points.length;
  const pointX = new Float64Array(np);
  const pointY = new Float64Array(np);
  for (let k = 0; k < np; k++) {
    const i = points[k];
    pointX[k] = offset + start[i] * scale;
    pointY[k] = row[i];
  }
  return { barX, barY, midX, midY, pointX, pointY };
}

/** Trace order in the plot. */
export const TRACE_BARS = 0;
export const TRACE_MIDS = 1;
export const TRACE_POINTS = 2;

/**
 * The mark under a hovered plotly point: `{ kind, k }` with k the index into marks.bars or marks.points,
 * or null for a gap.
 */
export function markAt(curve: number, pointIndex: number, marks: Marks): { kind: 'bar' | 'point'; k: number } | null {
  if (curve === TRACE_BARS) {
    if (pointIndex % 3 === 2) return null;
    const k = Math.floor(pointIndex / 3);
    return k < marks.bars.length ? { kind: 'bar', k } : null;
  }
  if (curve === TRACE_MIDS) return pointIndex < marks.bars.length ? { kind: 'bar', k: pointIndex } : null;
  if (curve === TRACE_POINTS) return pointIndex < marks.points.length ? { kind: 'point', k: pointIndex } : null;
  return null;
}
