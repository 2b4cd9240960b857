import { describe, expect, it } from 'vitest';
import { insightsLog } from '../../testing/insightsFixtures';
import { fileOffsetsOf } from '../../testing/runTimelineFixture';
import { byteTicks, maxByte, offsetGroups, offsetKey, patternText } from './offsetsModel';

describe('offsets view model', () => {
  it('binary byte ticks from 0 past the top', () => {
    const t = byteTicks(8 << 20);
    expect(t.tickvals).toEqual([0, 2, 4, 6, 8].map((k) => k * (1 << 20)));
    expect(t.ticktext).toEqual(['0 B', '2.00 MiB', '4.00 MiB', '6.00 MiB', '8.00 MiB']);
    expect(byteTicks(0).tickvals).toEqual([0, 1]);
  });

  it('a vertical segment per request from offset to offset + size, grouped by case or by read / write', () => {
    const d = fileOffsetsOf(insightsLog('large_sequential'), '/tmp/insfx/large_sequential/data');
    expect(maxByte(d)).toBe(8 << 20);
    const byKind = offsetGroups(d, offsetKey(d, 'kind'), 'kind');
    expect(byKind.map((g) => [g.label, g.dotEvent.length])).toEqual([['read', 8], ['write', 8]]);
    const w = byKind[1];
    expect(Array.from(w.y.slice(0, 3))).toEqual([0, 1 << 20, NaN]);
    expect(w.x[0]).toBe(w.x[1]);
    const byCase = offsetGroups(d, offsetKey(d, 'case'), 'case');
    expect(byCase.map((g) => g.label)).toEqual(['largeseq · rank 0']);
    expect(patternText('writes', d.write)).toBe('8 writes: 87.5% consecutive, 0.0% sequential, 12.5% random'); // the first, at 0: random (Darshan)
    expect(patternText('reads', { consecutive: 0, sequential: 0, random: 0 })).toBe('');
  });
});
