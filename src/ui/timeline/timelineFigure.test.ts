import { describe, expect, it } from 'vitest';
import { extent } from '../../lib/binning';
import { loadTimelineFixture } from '../../testing/timelineFixture';
import { timeAxis } from './timeAxis';
import { fullRange, sizing, timelineFigure } from './timelineFigure';

describe('the per-activity timeline figure (two concurrent dd processes, 500 writes)', () => {
  const data = loadTimelineFixture('dd2-write.timeline.json');
  const ext = extent(data)!;
  const axis = timeAxis(data.timeBase, ext.min)!;
  const full = fullRange(axis, ext);
  const scene = { data, axis, range: full, rowGroups: null, layers: null, uirevision: 3 };

  it('every event drawn at full range: bars (and their hover targets) plus points = the events', () => {
    const f = timelineFigure(scene, 1000);
    const m = f.info.marks;
    expect(m.binned).toBe(false);
    expect(m.bars.length + m.points.length).toBe(data.start.length);
    expect((f.traces[1] as { x: ArrayLike<number> }).x.length).toBe(m.bars.length);
    expect(f.layout.xaxis!.range).toEqual(full);
    expect(f.layout.height).toBe(sizing(data.rowLabels.length).plotHeight + 54);
    expect(f.layout.uirevision).toBe(3);
  });

  it('a zoom draws the range asked, with fewer events', () => {
    const r: [number, number] = [full[0], full[0] + (full[1] - full[0]) / 10];
    const f = timelineFigure({ ...scene, range: r }, 1000);
    expect(f.layout.xaxis!.range).toEqual(r);
    expect(f.info.marks.bars.length + f.info.marks.points.length).toBeLessThan(data.start.length);
  });

  it('rows by side: the green and red rows\' bars in traces of their own, as many segments in all', () => {
    const plain = timelineFigure(scene, 1000);
    const rowGroups = Uint8Array.from(data.rowLabels, (_, r) => (r === 0 ? 1 : 2));
    const f = timelineFigure({ ...scene, rowGroups }, 1000);
    const segs = (k: number) => Array.from((f.traces[k] as { y: ArrayLike<number> }).y).filter((y) => !Number.isNaN(y)).length / 2;
    expect(f.traces).toHaveLength(plain.traces.length + 2);
    expect(segs(0)).toBe(0);
    expect(segs(3) + segs(4)).toBe(plain.info.segments);
    expect(segs(3)).toBeGreaterThan(0);
    expect(segs(4)).toBeGreaterThan(0);
  });
});
