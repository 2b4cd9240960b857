import { describe, expect, it } from 'vitest';
import { END, START } from '../../analysis/types';
import { buildElements, edgeWidth, sideCounts } from './elements';
import { defaultFilter, filterGraph } from './filter';
import { syntheticResult } from '../../testing/syntheticResult';

describe('elements', () => {
  const r = syntheticResult({ activities: 40, cases: 10, traceLength: 60, seed: 4, partition: true });
  const stats = new Map(r.nodes.map((n) => [n.id, n]));
  const g = filterGraph(r, defaultFilter(r));

  it('colours by metric with the heaviest activity full blue', () => {
    const el = buildElements(r, g, { kind: 'metric', metric: 'count' }, 'count', stats);
    const top = el.nodes.find((n) => n.id === r.nodes[0].id)!;
    expect(top.fill).toBe('#9B9BFF');
    expect(el.metricMax).toBe(r.nodes[0].count);
    expect(el.nodes.find((n) => n.id === START)!.fill).toBe('#424242');
    expect(el.nodes.filter((n) => n.id !== START && n.id !== END).every((n) => n.ring === n.side)).toBe(true);
    expect(top.label.split('\n')).toHaveLength(3);
  });

  it('colours by partition side, with sides in the data for the test hook', () => {
    const el = buildElements(r, g, { kind: 'partition' }, 'cases', stats);
    for (const n of el.nodes) {
      if (n.id === START || n.id === END) continue;
      const side = r.partition!.nodes[n.id].side;
      expect(n.side).toBe(side);
      expect(n.fill).toBe({ green: '#8BC34A', red: '#EF9A9A', both: '#FFFFFF', neither: '#BDBDBD' }[side]);
    }
    const sides = new Set(el.edges.map((e) => e.side));
    expect(sides.size).toBeGreaterThan(1);
    const c = sideCounts(r)!;
    expect(c.nodes.green + c.nodes.red + c.nodes.both + c.nodes.neither).toBe(r.nodes.length);
    expect(c.edges.green + c.edges.red + c.edges.both + c.edges.neither).toBe(r.edges.length);
  });

  it('with a partition, metric colouring keeps the metric fill and draws the sides as rings', () => {
    const el = buildElements(r, g, { kind: 'metric', metric: 'count' }, 'count', stats);
    const plain = buildElements({ ...r, partition: null }, g, { kind: 'metric', metric: 'count' }, 'count', stats);
    expect(el.rings).toBe(true);
    expect(plain.rings).toBe(false);
    const seen = new Set<string>();
    for (const n of el.nodes) {
      if (n.id === START || n.id === END) continue;
      const side = r.partition!.nodes[n.id].side;
      seen.add(side);
      expect(n.ring).toBe(side);
      expect(n.side).toBe(side);
      // the fill is the metric's, exactly as without a partition
      expect(n.fill).toBe(plain.nodes.find((p) => p.id === n.id)!.fill);
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(plain.nodes.every((n) => n.ring === undefined)).toBe(true);
    // edges take the partition colours as in partition mode
    const part = buildElements(r, g, { kind: 'partition' }, 'count', stats);
    expect(el.edges.map((e) => e.color)).toEqual(part.edges.map((e) => e.color));
    expect(el.metricMax).toBe(plain.metricMax);
  });

  it('scales edge width logarithmically', () => {
    expect(edgeWidth(1, 1000)).toBeLessThan(edgeWidth(10, 1000));
    expect(edgeWidth(1000, 1000)).toBe(7);
    expect(edgeWidth(31, 1000) - edgeWidth(0, 1000)).toBeCloseTo(6 * Math.log(32) / Math.log(1001), 6);
  });
});
