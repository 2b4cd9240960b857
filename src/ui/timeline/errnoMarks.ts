/**
 * Errno marks on timeline bars: a small red × at the start of every bar (or point) that stands for at least
 * one failed call — the event itself when drawn raw, any event of its pixel bucket when binned — set on the
 * bar's upper edge so that the bar stays visible.
 */
import type { Marks } from '../../lib/binning';
import type { AxisMap } from './geometry';

export const ERRNO_COLOR = '#d50000';
/** Marker size (px). */
export const ERRNO_SIZE = 7;

/** How far above a row's centre the marks sit, in rows: on the upper edge of a bar `lineWidth` px thick. */
export const errnoLift = (lineWidth: number, rows: number, plotHeight: number): number => ((lineWidth / 2 + 1) * Math.max(1, rows)) / Math.max(1, plotHeight);

export interface ErrnoMarks {
  x: Float64Array;
  y: Float64Array;
  /** Failed calls the marks stand for. */
  failed: number;
}

/**
 * The marks of failed calls among `marks` (indices into the event columns): raw marks fail when their
 * event's `errno` is non-zero, binned ones when their bucket counted a failure (`barFail` / `pointFail`).
 */
export function errnoMarks(marks: Marks, errno: ArrayLike<number> | undefined, start: ArrayLike<number>, row: ArrayLike<number>, axis: AxisMap, lift = 0): ErrnoMarks {
  const xs: number[] = [];
  const ys: number[] = [];
  let failed = 0;
  const add = (idx: Uint32Array, fails: Uint32Array | null): void => {
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k];
      const f = fails ? fails[k] : errno && errno[i] !== 0 ? 1 : 0;
      if (f === 0) continue;
      failed += f;
      xs.push(axis.offset + start[i] * axis.scale);
      ys.push(row[i] - lift);
    }
  };
  add(marks.bars, marks.binned ? marks.barFail : null);
  add(marks.points, marks.binned ? marks.pointFail : null);
  return { x: Float64Array.from(xs), y: Float64Array.from(ys), failed };
}
