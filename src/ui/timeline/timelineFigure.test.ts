import { describe, expect, it } from 'vitest';
import { extent } from '../../lib/binning';
import { loadTimelineFixture } from '../../testing/timelineFixture';
import { DARK_PLOT, LIGHT_PLOT } from './plotTheme';
import { timeAxis } from './timeAxis';
import { fullRange, sizing, timelineFigure } from './timelineFigure';

describe('the per-activity timeline figure (two concurrent dd processes, 500 writes)', () => {
  const data = loadTimelineFixture('dd2-write.timeline.json');
  const ext = extent(data)!;
  const axis = timeAxis(data.timeBase, ext.min)!;
  const full = fullRange(axis, ext);
  const scene = { data, axis, range: full, rowGroups: null, layers: null, uirevision: 3, theme: LIGHT_PLOT };

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

  it('in each colour scheme: the ground, the axes\' grid and text, the hover label and the bars in the theme\'s colours; the same marks', () => {
    const light = timelineFigure(scene, 1000);
    for (const t of [LIGHT_PLOT, DARK_PLOT]) {
      const f = timelineFigure({ ...scene, theme: t }, 1000);
      expect([f.layout.paper_bgcolor, f.layout.plot_bgcolor, f.layout.font!.color]).toEqual([t.paper, t.plot, t.text]);
      expect(f.layout.hoverlabel).toEqual({ bgcolor: t.hoverBg, bordercolor: t.hoverBorder, font: { color: t.hoverFg } });
      expect(f.layout.legend!.bgcolor).toBe(t.legendBg);
      for (const a of [f.layout.xaxis!, f.layout.yaxis!]) {
        expect([a.gridcolor, a.linecolor, a.tickfont!.color]).toEqual([t.grid, t.line, t.text]);
      }
      // the axis settings of the figure itself are kept over the theme's
      expect(f.layout.xaxis!.title).toEqual({ text: light.layout.xaxis!.title!.text, font: { color: t.text } });
      expect(f.layout.xaxis!.tickvals).toEqual(light.layout.xaxis!.tickvals);
      expect((f.traces[0] as { line: { color: string } }).line.color).toBe(t.bar);
      expect((f.traces[f.traces.length - 1] as { marker: { color: string; symbol: string } }).marker).toMatchObject({ color: t.errno, symbol: 'x' });
      expect(f.info.segments).toBe(light.info.segments);
      const rowGroups = Uint8Array.from(data.rowLabels, (_, r) => (r === 0 ? 1 : 2));
      const sides = timelineFigure({ ...scene, rowGroups, theme: t }, 1000);
      expect([3, 4].map((k) => (sides.traces[k] as { line: { color: string } }).line.color)).toEqual(t.sides);
    }
    expect(timelineFigure({ ...scene, theme: DARK_PLOT }, 1000).layout.plot_bgcolor).not.toBe(light.layout.plot_bgcolor);
  });
});
