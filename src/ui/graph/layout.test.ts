import { describe, expect, it } from 'vitest';
import { END, START } from '../../analysis/types';
import { indexDfg, filterGraph, defaultFilter } from './filter';
import { layoutGraph } from './layout';
import { buildLayoutRequest, layoutUniverse } from './layoutPlan';
import { syntheticResult } from '../../testing/syntheticResult';
import { labelBox, nodeLabelLines } from './labels';

function plan(activities: number, cases: number, len: number, direction: 'LR' | 'TB' = 'LR') {
  const r = syntheticResult({ activities, cases, traceLength: len, seed: 11 });
  const dfg = indexDfg(r);
  const stats = new Map(r.nodes.map((n) => [n.id, n]));
  const size = (id: string) => (stats.has(id) ? labelBox(nodeLabelLines(stats.get(id)!)) : { w: 16, h: 16 });
  const universe = layoutUniverse(null, r.nodes.map((n) => n.id));
  return { r, req: buildLayoutRequest(dfg, universe, size, direction) };
}

describe('layout', () => {
  // ~0.5 s on an idle 2-core machine; the bound is loose because the machine is shared (a full dagre of this
  // graph takes minutes, so the bound still catches a regression to laying out every edge).
  it('lays out 300 activities / ~1,500 edges quickly (backbone: one edge per node)', () => {
    const { r, req } = plan(300, 16, 150);
    expect(r.nodes.length).toBeGreaterThan(280);
    expect(r.edges.length).toBeGreaterThan(1400);
    const { xy, ms } = layoutGraph(req);
    console.log(`layout of ${req.ids.length} nodes (${r.edges.length} DFG edges, ${req.edgeSource.length} backbone): ${ms.toFixed(0)} ms`);
    expect(req.edgeSource.length).toBeLessThan(req.ids.length);
    expect(ms).toBeLessThan(20000);
    expect(xy.every(Number.isFinite)).toBe(true);
    // ● is first and ■ last along the rank axis (x in LR)
    const xs = Array.from({ length: req.ids.length }, (_, i) => xy[2 * i]);
    expect(Math.min(...xs)).toBe(xs[0]);
    expect(Math.max(...xs)).toBe(xs[xs.length - 1]);
  }, 60000);

  it('does not overlap node boxes', () => {
    const { req } = plan(80, 8, 60, 'TB');
    const { xy } = layoutGraph(req);
    const n = req.ids.length;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = Math.abs(xy[2 * i] - xy[2 * j]) * 2;
        const dy = Math.abs(xy[2 * i + 1] - xy[2 * j + 1]) * 2;
        const overlap = dx < req.widths[i] + req.widths[j] - 1 && dy < req.heights[i] + req.heights[j] - 1;
        expect(overlap, `${req.ids[i]} overlaps ${req.ids[j]}`).toBe(false);
      }
    }
    // TB: ● on top, ■ at the bottom
    const ys = Array.from({ length: n }, (_, i) => xy[2 * i + 1]);
    expect(Math.min(...ys)).toBe(ys[0]);
    expect(Math.max(...ys)).toBe(ys[n - 1]);
  });

  it('lays out small graphs with all their edges', () => {
    const r = syntheticResult({ activities: 12, cases: 3, traceLength: 20, seed: 5 });
    const dfg = indexDfg(r);
    const req = buildLayoutRequest(dfg, r.nodes.map((n) => n.id), () => ({ w: 100, h: 40 }), 'LR');
    expect(req.edgeSource.length).toBe(r.edges.length);
  });

  it('grows the universe by union: earlier activities stay, newly shown ones are appended', () => {
    const r = syntheticResult({ activities: 400, cases: 10, traceLength: 200, seed: 9 });
    const ranked = r.nodes.map((n) => n.id);
    const g = filterGraph(r, defaultFilter(r));
    const u = layoutUniverse(null, g.nodes);
    expect(u).toEqual(g.nodes.slice(1, -1));
    expect(u).not.toContain(START);
    const grown = layoutUniverse([START, ...u, END], [START, ranked[350], u[0], END]);
    expect(grown).toEqual([...u, ranked[350]]);
  });
});
