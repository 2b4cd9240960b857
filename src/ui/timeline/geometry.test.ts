import { describe, expect, it } from 'vitest';
import { marksForRange, rawMarks, type EventColumns } from '../../lib/binning';
import { buildGeometry, markAt, orderByRowStart, splitSegments, TRACE_BARS, TRACE_POINTS, TRACE_SEGMENTS } from './geometry';
import { loadTimelineFixture } from '../../testing/timelineFixture';

const cols = (rows: number[], starts: number[], durs: number[]): EventColumns => ({
  row: Uint32Array.from(rows),
  start: Float64Array.from(starts),
  dur: Float64Array.from(durs),
});
const ID = { offset: 0, scale: 1 };

describe('buildGeometry', () => {
  it('merges bars of a row closer than a pixel, keeps farther ones apart, one hover target per bar', () => {
    const ev = cols([0, 0, 0, 1], [0, 1.05, 5, 0], [1, 1, 1, 1]);
    const m = rawMarks(ev, 0, 10);
    const g = buildGeometry(ev, m, ID, 0.1); // 1 px = 0.1 s
    expect(g.segments).toBe(3); // [0, 2.05] and [5, 6] in row 0, [0, 1] in row 1
    expect(Array.from(g.segX)).toEqual([0, 2.05, NaN, 5, 6, NaN, 0, 1, NaN]);
    expect(Array.from(g.segY)).toEqual([0, 0, NaN, 0, 0, NaN, 1, 1, NaN]);
    expect(g.midX.length).toBe(4);
    expect(g.midX[2]).toBe(5.5);
  });

  it('widens bars shorter than a pixel and maps seconds to axis units', () => {
    const ev = cols([0], [10], [1e-6]);
    const g = buildGeometry(ev, rawMarks(ev, 0, 20), { offset: -10, scale: 1 }, 0.5);
    expect(Array.from(g.segX)).toEqual([0, 0.5, NaN]);
    expect(g.midX[0]).toBe(0.25);
  });

  it('draws unknown durations as points', () => {
    const ev = cols([0, 1], [1, 2], [NaN, 0.5]);
    const g = buildGeometry(ev, rawMarks(ev, 0, 5), ID, 0.01);
    expect(Array.from(g.pointX)).toEqual([1]);
    expect(Array.from(g.pointY)).toEqual([0]);
    expect(g.segments).toBe(1);
  });

  it('orders interleaved rows before merging', () => {
    const ev = cols([1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 1, 1]);
    const m = rawMarks(ev, 0, 5);
    expect(Array.from(orderByRowStart(m.bars, ev.row, ev.start))).toEqual([1, 3, 0, 2]);
    expect(buildGeometry(ev, m, ID, 0.01).segments).toBe(2);
  });

  it('on a real trace: the segments cover exactly the union of the bars', () => {
    const data = loadTimelineFixture('dd2-write.timeline.json');
    const m = marksForRange(data, 2, data.start[0], data.start[data.start.length - 1], 1000);
    const minWidth = (data.start[data.start.length - 1] - data.start[0]) / 1000;
    const g = buildGeometry(data, m, ID, minWidth);
    expect(g.segments).toBeGreaterThan(0);
    expect(g.segments).toBeLessThanOrEqual(m.bars.length);
    // every bar's start lies inside a segment of its row
    for (const i of m.bars) {
      let inside = false;
      for (let k = 0; k < g.segments && !inside; k++) {
        inside = g.segY[3 * k] === data.row[i] && g.segX[3 * k] <= data.start[i] && data.start[i] <= g.segX[3 * k + 1];
      }
      expect(inside).toBe(true);
    }
    // segments of a row never overlap or touch within a pixel
    for (let k = 1; k < g.segments; k++) {
      if (g.segY[3 * k] === g.segY[3 * (k - 1)]) expect(g.segX[3 * k]).toBeGreaterThan(g.segX[3 * (k - 1) + 1] + minWidth);
    }
  });
});

describe('markAt', () => {
  const ev = cols([0, 0], [0, 1], [0.5, NaN]);
  const m = rawMarks(ev, 0, 2);
  it('maps hover targets back to marks', () => {
    expect(markAt(TRACE_BARS, 0, m)).toEqual({ kind: 'bar', k: 0 });
    expect(markAt(TRACE_POINTS, 0, m)).toEqual({ kind: 'point', k: 0 });
    expect(markAt(TRACE_SEGMENTS, 0, m)).toBeNull();
    expect(markAt(TRACE_BARS, 5, m)).toBeNull();
  });
});

describe('splitSegments', () => {
  it('puts every segment in the group of its row, in order, NaN separators kept', () => {
    const segX = Float64Array.from([0, 1, NaN, 2, 3, NaN, 4, 5, NaN]);
    const segY = Float64Array.from([0, 0, NaN, 1, 1, NaN, 2, 2, NaN]);
    const [other, green, red] = splitSegments(segX, segY, [1, 2, 1], 3);
    expect(other.x.length).toBe(0);
    expect(Array.from(green.x)).toEqual([0, 1, NaN, 4, 5, NaN]);
    expect(Array.from(green.y)).toEqual([0, 0, NaN, 2, 2, NaN]);
    expect(Array.from(red.x)).toEqual([2, 3, NaN]);
  });
});
