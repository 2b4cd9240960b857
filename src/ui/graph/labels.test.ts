/** The graph's durations as the app writes them (formatSeconds: three significant digits), not the CLI's two decimals. */
import { describe, expect, it } from 'vitest';
import type { ActivityStats } from '../../analysis/types';
import { edgeLabel, edgeTooltipRows, nodeTooltipRows } from './labels';

const edge = { source: 'a', target: 'b', count: 12, cases: 3, meanGap: 0.191, bypass: false, forced: false };

describe("the graph's durations", () => {
  it("an edge's mean gap, on its label and in its tooltip: '191 ms' (was '191.00 ms')", () => {
    expect(edgeLabel(edge, 'gap')).toBe('191 ms');
    expect(edgeLabel({ ...edge, meanGap: 13.0 }, 'gap')).toBe('13.0 s');
    expect(edgeLabel({ ...edge, meanGap: null }, 'gap')).toBe('');
    expect(Object.fromEntries(edgeTooltipRows(edge))['mean gap']).toBe('191 ms');
    expect(Object.fromEntries(edgeTooltipRows({ ...edge, meanGap: null }))['mean gap']).toBe('–');
  });
  it("a node's durations in its tooltip; the other statistics as before", () => {
    const a = { id: 'read:/x', count: 4, rd: 0.5, bytes: 4096, dr: 1024, mc: 2, DR: 2048, cases: 2, dur: 0.43519, meanDur: 0.1087975, p95Dur: 0.00075703, failures: 0 } as unknown as ActivityStats;
    const rows = Object.fromEntries(nodeTooltipRows(a));
    expect(rows['total duration']).toBe('435 ms');
    expect(rows['mean duration']).toBe('109 ms');
    expect(rows['p95 duration']).toBe('757 µs');
    expect(rows['bytes (read/written)'] ?? Object.values(rows).find((v) => v.includes('4,096 B'))).toMatch(/4\.00 KiB \(4,096 B\)/);
  });
});
