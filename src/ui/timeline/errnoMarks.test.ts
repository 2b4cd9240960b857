import { describe, expect, it } from 'vitest';
import { binMarks, rawMarks } from '../../lib/binning';
import { insightsLog } from '../../testing/insightsFixtures';
import { runTimelineOf } from '../../testing/runTimelineFixture';
import { errnoLift, errnoMarks } from './errnoMarks';

describe('errno marks (120 failing opens of a real trace)', () => {
  const d = runTimelineOf(insightsLog('failures'), { pixels: 800, threshold: 1e9 });
  const cols = { row: d.row, start: d.start, dur: d.dur, fail: d.errno };
  const failing = Array.from(d.errno).filter((e) => e !== 0).length;

  it('raw: one × per failed call, at its start, on the upper edge of its bar', () => {
    const e = errnoMarks(rawMarks(cols, -Infinity, Infinity), d.errno, d.start, d.row, { offset: 10, scale: 2 }, 0.25);
    expect(failing).toBeGreaterThanOrEqual(120);
    expect(e.failed).toBe(failing);
    expect(e.x.length).toBe(failing);
    const starts = new Set(Array.from(d.start.keys()).filter((i) => d.errno[i] !== 0).map((i) => 10 + 2 * d.start[i]));
    for (const x of e.x) expect(starts.has(x)).toBe(true);
    for (const y of e.y) expect(y).toBe(-0.25);
  });

  it('binned: one × per bucket with a failure, the failures all counted', () => {
    const m = binMarks(cols, 1, d.min, d.max, 20);
    const e = errnoMarks(m, d.errno, d.start, d.row, { offset: 0, scale: 1 });
    expect(e.failed).toBe(failing);
    expect(e.x.length).toBeLessThanOrEqual(20);
    expect(e.x.length).toBeGreaterThan(0);
  });

  it('the lift puts the marks on the edge of a bar however tall the rows are', () => {
    // one row 120 px tall, bars 12 px: 7 px above the centre
    expect(errnoLift(12, 1, 120)).toBeCloseTo(7 / 120, 12);
    expect(errnoLift(6, 16, 256)).toBeCloseTo(0.25, 12);
  });
});
