import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { END, START, edgeKey, type AnalysisResult } from '../../analysis/types';
import { buildElements } from './elements';
import { defaultFilter, filterGraph, indexDfg } from './filter';
import { labelBox, nodeLabelLines } from './labels';
import { layoutGraph } from './layout';
import { buildLayoutRequest, layoutUniverse } from './layoutPlan';
import { reachable } from '../../testing/graphWalk';

const load = (name: string): AnalysisResult => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as AnalysisResult;

function connected(g: { nodes: string[]; edges: { source: string; target: string }[] }): boolean {
  const f = reachable(g.edges, START, true);
  const b = reachable(g.edges, END, false);
  return g.nodes.every((id) => f.has(id) && b.has(id));
}

describe('real DFG of Python imports (depth 4: 193 activities)', () => {
  const r = load('python-imports-depth4.json');
  const dfg = indexDfg(r);

  it('is a real DFG: every activity is on a ● → ■ path', () => {
    expect(r.nodes.length).toBe(193);
    expect(connected({ nodes: [START, END, ...r.nodes.map((n) => n.id)], edges: r.edges })).toBe(true);
  });

  it('default sliders show ≤ 60 activities and ≤ 300 edges, connected, with the hidden statement numbers', () => {
    const g = filterGraph(r, defaultFilter(r), dfg);
    expect(g.nodes.length).toBe(62);
    expect(g.edges.filter((e) => !e.bypass && !e.forced).length).toBeLessThanOrEqual(300);
    expect(g.totalActivities).toBe(193);
    expect(g.totalEdges).toBe(326);
    expect(connected(g)).toBe(true);
    // time first: the activities with ≥ 5 % of the call time, then what differs (with a partition of 1
    // green, 2 red cases: the activities of one side only, 7 green and 63 red), then the rest, each tier by
    // rd (ties: count, bytes, cases)
    const material = (a: (typeof r.nodes)[number]): boolean => (a.rd ?? 0) >= 0.05;
    const tier = (a: (typeof r.nodes)[number]): number => (material(a) ? 0 : ['green', 'red'].includes(r.partition!.nodes[a.id].side) ? 1 : 2);
    const byTime = (a: (typeof r.nodes)[number], b: (typeof r.nodes)[number]): number => (b.rd ?? -1) - (a.rd ?? -1) || b.count - a.count || (b.bytes ?? -1) - (a.bytes ?? -1) || b.cases - a.cases || (a.id < b.id ? -1 : 1);
    const ranked = [...r.nodes].sort((a, b) => tier(a) - tier(b) || byTime(a, b)).map((n) => n.id);
    expect(g.nodes.slice(1, -1)).toEqual(ranked.slice(0, 60));
    const kept = new Set(g.nodes);
    for (const a of r.nodes) if (material(a)) expect(kept.has(a.id), a.id).toBe(true);
    // without a partition, the 60 activities with the most call time are the ones kept
    const plain = { ...r, partition: null };
    const plainRanked = [...r.nodes].sort((a, b) => Number(material(b)) - Number(material(a)) || byTime(a, b)).map((n) => n.id);
    expect(filterGraph(plain, defaultFilter(plain), indexDfg(plain)).nodes.slice(1, -1)).toEqual(plainRanked.slice(0, 60));
  });

  it('stays connected for every activity count, ranked by count and by rd, with a strict path threshold', () => {
    for (let n = 0; n <= r.nodes.length; n += 7) {
      for (const rankBy of ['count', 'rd'] as const) {
        const g = filterGraph(r, { maxActivities: n, rankBy, minEdgeCount: 50 }, dfg);
        expect(connected(g), `n=${n} ${rankBy}`).toBe(true);
      }
    }
  });

  it('lays out the default view quickly with ● first and ■ last', () => {
    const g = filterGraph(r, defaultFilter(r), dfg);
    const stats = new Map(r.nodes.map((n) => [n.id, n]));
    const req = buildLayoutRequest(dfg, layoutUniverse(null, g.nodes), (id) => (stats.has(id) ? labelBox(nodeLabelLines(stats.get(id)!)) : { w: 18, h: 18 }), 'LR');
    const { xy, ms } = layoutGraph(req);
    expect(req.edgeSource.length).toBeLessThan(req.ids.length);
    expect(ms).toBeLessThan(20000);
    const xs = req.ids.map((_, i) => xy[2 * i]);
    expect(Math.min(...xs)).toBe(xs[0]);
    expect(Math.max(...xs)).toBe(xs[xs.length - 1]);
  }, 60000);

  it('partition colours match the sides computed from the real cases', () => {
    const g = filterGraph(r, { maxActivities: 193, rankBy: 'count', minEdgeCount: 1 }, dfg);
    const el = buildElements(r, g, { kind: 'partition' }, 'count', new Map(r.nodes.map((n) => [n.id, n])));
    const green = el.nodes.filter((n) => n.fill === '#8BC34A').map((n) => n.id).sort();
    const expected = r.nodes.filter((n) => r.partition!.nodes[n.id].side === 'green').map((n) => n.id).sort();
    expect(green).toEqual(expected);
    expect(green.length).toBe(7);
    const redEdges = el.edges.filter((e) => e.color === '#E53935');
    expect(redEdges.length).toBe(Object.values(r.partition!.edges).filter((s) => s.side === 'red').length);
    for (const e of redEdges) expect(r.partition!.edges[edgeKey(e.source, e.target)].side).toBe('red');
  });
});

describe('real DFG of Python imports (depth 2: 49 activities)', () => {
  it('is shown whole by default', () => {
    const r = load('python-imports-depth2.json');
    const opts = defaultFilter(r);
    expect(opts).toEqual({ maxActivities: 49, rankBy: 'rd', minEdgeCount: 1 });
    const g = filterGraph(r, opts);
    expect(g.edges).toHaveLength(90);
    expect(g.bypassEdges).toBe(0);
    expect(connected(g)).toBe(true);
  });
});
