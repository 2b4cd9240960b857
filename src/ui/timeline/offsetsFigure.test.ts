import { describe, expect, it } from 'vitest';
import { insightsLog } from '../../testing/insightsFixtures';
import { fileOffsetsOf } from '../../testing/runTimelineFixture';
import { offsetsFigure, offsetsHover } from './offsetsFigure';
import { offsetGroups, offsetKey } from './offsetsModel';

describe('the offsets figure (the large_sequential program: 8 MiB written, then read, in 1 MiB requests)', () => {
  const d = fileOffsetsOf(insightsLog('large_sequential'), '/tmp/insfx/large_sequential/data');
  const groups = offsetGroups(d, offsetKey(d, 'kind'), 'kind');
  const f = offsetsFigure(d, groups, 900);

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
});
