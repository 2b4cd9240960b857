import { describe, expect, it } from 'vitest';
import { binMarks, countInRange, extent, marksForRange, rawMarks, type EventColumns } from './binning';
import { loadTimelineFixture } from '../testing/timelineFixture';

const cols = (rows: number[], starts: number[], durs: number[]): EventColumns => ({
  row: Uint32Array.from(rows),
  start: Float64Array.from(starts),
  dur: Float64Array.from(durs),
});

/** Brute-force reference: per (row, bucket) cell the events, as plain arrays. */
function referenceCells(ev: EventColumns, nRows: number, x0: number, x1: number, B: number) {
  const cells = new Map<number, number[]>();
  const w = (x1 - x0) / B;
  for (let i = 0; i < ev.start.length; i++) {
    const s = ev.start[i];
    const e = ev.dur[i] > 0 ? s + ev.dur[i] : s;
    if (s > x1 || e < x0 || ev.row[i] >= nRows) continue;
    const c = Math.min(B - 1, Math.floor((Math.max(s, x0) - x0) / w));
    const key = ev.row[i] * B + c;
    cells.set(key, [...(cells.get(key) ?? []), i]);
  }
  return cells;
}

describe('binning on a real trace (two concurrent dd, 500 writes)', () => {
  const data = loadTimelineFixture('dd2-write.timeline.json');
  const rows = data.rowLabels.length;
  const ext = extent(data)!;

  it('extent spans the first start to the last end', () => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < data.start.length; i++) {
      min = Math.min(min, data.start[i]);
      max = Math.max(max, data.start[i] + data.dur[i]);
    }
    expect(ext.min).toBe(min);
    expect(ext.max).toBeCloseTo(max, 9);
    expect(rows).toBe(2);
  });

  it('keeps every event raw at full range below the threshold', () => {
    const m = marksForRange(data, rows, ext.min, ext.max, 800, 100_000);
    expect(m.binned).toBe(false);
    expect(m.bars.length + m.points.length).toBe(data.start.length);
    expect(m.barCount).toBeNull();
  });

  it('bins per pixel per row: counts add up, each bar is the longest of its cell', () => {
    for (const B of [1, 7, 50, 400]) {
      const m = binMarks(data, rows, ext.min, ext.max, B);
      const ref = referenceCells(data, rows, ext.min, ext.max, B);
      expect(m.binned).toBe(true);
      expect(m.bars.length + m.points.length).toBe(ref.size);
      expect(m.bars.length).toBeLessThanOrEqual(rows * B);
      let total = 0;
      for (let k = 0; k < m.bars.length; k++) total += m.barCount![k];
      expect(total).toBe(data.start.length);
      expect(m.events).toBe(data.start.length);
      // the representative of each cell is one of its longest events
      for (let k = 0; k < m.bars.length; k++) {
        const i = m.bars[k];
        const cell = [...ref.values()].find((list) => list.includes(i))!;
        expect(cell.length).toBe(m.barCount![k]);
        expect(data.dur[i]).toBe(Math.max(...cell.map((j) => data.dur[j])));
      }
    }
  });

  it('bins when more events than the threshold are in view, raw when zoomed in', () => {
    const binned = marksForRange(data, rows, ext.min, ext.max, 100, 50);
    expect(binned.binned).toBe(true);
    expect(binned.bars.length).toBeLessThan(data.start.length);
    // zoom into 2 % of the span: few events, raw
    const x0 = ext.min + (ext.max - ext.min) * 0.5;
    const x1 = x0 + (ext.max - ext.min) * 0.02;
    const inView = countInRange(data, x0, x1);
    expect(inView).toBeGreaterThan(0);
    expect(inView).toBeLessThanOrEqual(50);
    const raw = marksForRange(data, rows, x0, x1, 100, 50);
    expect(raw.binned).toBe(false);
    // raw marks include the visible events (and the neighbours one view width around)
    const drawn = new Set(raw.bars);
    for (let i = 0; i < data.start.length; i++) {
      if (data.start[i] <= x1 && data.start[i] + data.dur[i] >= x0) expect(drawn.has(i)).toBe(true);
    }
  });
});

describe('binning edge cases', () => {
  it('an event starting before the range but reaching into it lands in the first bucket', () => {
    const ev = cols([0, 0], [0, 5], [4, 0.1]);
    const m = binMarks(ev, 1, 2, 10, 4);
    expect(Array.from(m.bars)).toEqual([0, 1]);
    expect(Array.from(m.barCount!)).toEqual([1, 1]);
  });

  it('excludes events entirely outside the range', () => {
    const ev = cols([0, 0, 0], [0, 5, 20], [1, 1, 1]);
    expect(countInRange(ev, 2, 10)).toBe(1);
    expect(Array.from(rawMarks(ev, 2, 10).bars)).toEqual([1]);
  });

  it('unknown durations become points; a known duration wins the cell over an unknown one', () => {
    const ev = cols([0, 0, 1], [1, 1.1, 1], [NaN, 0, NaN]);
    const raw = rawMarks(ev, 0, 10);
    expect(Array.from(raw.points)).toEqual([0, 2]);
    expect(Array.from(raw.bars)).toEqual([1]);
    const m = binMarks(ev, 2, 0, 10, 1);
    expect(Array.from(m.bars)).toEqual([1]); // row 0: zero-length known beats unknown
    expect(Array.from(m.barCount!)).toEqual([2]);
    expect(Array.from(m.points)).toEqual([2]); // row 1: only an unknown one
    expect(Array.from(m.pointCount!)).toEqual([1]);
  });

  it('ignores rows out of range and NaN starts, and survives an empty range', () => {
    const ev = cols([0, 5, 0], [1, 1, NaN], [1, 1, 1]);
    const m = binMarks(ev, 1, 0, 10, 10);
    expect(m.events).toBe(1);
    expect(extent(cols([], [], []))).toBeNull();
    const z = binMarks(ev, 1, 1, 1, 10);
    expect(z.bars.length).toBe(1);
  });

  it('caps the cells for many rows', () => {
    const n = 20_000;
    const rows = Array.from({ length: n }, (_, i) => i);
    const ev = cols(rows, rows.map((i) => i * 1e-3), rows.map(() => 1e-4));
    const m = binMarks(ev, n, 0, 20, 5000); // 20k rows × 5000 px would be 100 M cells
    expect(m.bars.length).toBe(n);
    let total = 0;
    for (const c of m.barCount!) total += c;
    expect(total).toBe(n);
  });
});
