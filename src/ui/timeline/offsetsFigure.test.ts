import { describe, expect, it } from 'vitest';
import { insightsLog } from '../../testing/insightsFixtures';
import { fileOffsetsOf } from '../../testing/runTimelineFixture';
import { offsetsFigure, offsetsHover } from './offsetsFigure';
import { offsetGroups, offsetKey } from './offsetsModel';
import { DARK_PLOT, LIGHT_PLOT } from './plotTheme';

describe('the offsets figure (the large_sequential program: 8 MiB written, then read, in 1 MiB requests)', () => {
  const d = fileOffsetsOf(insightsLog('large_sequential'), '/tmp/insfx/large_sequential/data');
  const groups = offsetGroups(d, offsetKey(d, 'kind'), 'kind');
  const f = offsetsFigure(d, groups, 900, LIGHT_PLOT);

  it('trace g is group g\'s dots (the hover targets), then the segments; the zoom kept per file', () => {
    expect(f.traces).toHaveLength(2 * groups.length);
    groups.forEach((g, k) => {
      expect((f.traces[k] as { x: Float64Array }).x).toBe(g.dotX);
      expect((f.traces[groups.length + k] as { y: Float64Array }).y).toBe(g.y);
    });
    expect(f.layout.uirevision).toBe(d.path);
    expect(f.layout.width).toBe(900);
  });

  it('a hovered dot names its request: the k-th write is at k MiB, 1 MiB long', () => {
    const w = groups.findIndex((g) => g.label === 'write');
    for (let k = 0; k < groups[w].dotEvent.length; k++) {
      const lines = offsetsHover(f.info, w, k)!;
      const i = groups[w].dotEvent[k];
      expect(lines.find((l) => l.key === 'call')!.value).toBe('write');
      expect(d.offset[i]).toBe(d.size[i] * Math.round(d.offset[i] / d.size[i]));
      expect(lines.find((l) => l.key === 'size')!.value).toContain('1.00 MiB');
    }
    expect(offsetsHover(f.info, w, groups[w].dotEvent.length)).toBeNull();
    expect(offsetsHover(f.info, 2 * groups.length, 0)).toBeNull();
  });

  it('in each colour scheme: the ground, the axes and the hover label in the theme\'s colours; the groups\' colours stay (their key)', () => {
    for (const t of [LIGHT_PLOT, DARK_PLOT]) {
      const g = offsetsFigure(d, groups, 900, t);
      expect([g.layout.paper_bgcolor, g.layout.plot_bgcolor, g.layout.font!.color, g.layout.hoverlabel!.font!.color]).toEqual([t.paper, t.plot, t.text, t.hoverFg]);
      for (const a of [g.layout.xaxis!, g.layout.yaxis!]) expect([a.gridcolor, a.linecolor, a.tickfont!.color, a.title!.font!.color]).toEqual([t.grid, t.line, t.text, t.text]);
      expect(g.layout.yaxis!.title!.text).toBe('file offset');
      expect(g.layout.yaxis!.tickvals).toEqual(f.layout.yaxis!.tickvals);
      groups.forEach((gr, k) => expect((g.traces[k] as { marker: { color: string } }).marker.color).toBe(gr.color));
    }
  });
});
