import { describe, expect, it } from 'vitest';
import { END, START, type AnalysisResult, type DfgEdge } from '../../analysis/types';
import { DEFAULT_MAX_ACTIVITIES, FIT_TRIES, MIN_FIT_ACTIVITIES, defaultFilter, materialCount, edgeCountStops, estimateFit, filterGraph, firstViewNext, fitActivities, rankActivities, thresholdFor, type FilteredGraph } from './filter';
import { syntheticResult } from '../../testing/syntheticResult';
import { reachable } from '../../testing/graphWalk';

/** A result from an explicit edge list; node counts = Σ incoming edge counts (as in a real DFG). */
function fromEdges(list: [string, string, number][], rd: Record<string, number> = {}): AnalysisResult {
  const edges: DfgEdge[] = list.map(([source, target, count]) => ({ source, target, count, cases: 1, meanGap: null }));
  const counts = new Map<string, number>();
  for (const e of edges) if (e.target !== END) counts.set(e.target, (counts.get(e.target) ?? 0) + e.count);
  const nodes = [...counts].map(([id, count]) => ({ id, count, dur: null, rd: rd[id] ?? null, bytes: null, dr: null, mc: null, DR: null, cases: 1 }));
  nodes.sort((a, b) => b.count - a.count);
  return { cases: 1, events: 0, unmapped: 0, nodes, edges, variants: [], partition: null, hasDurations: false, hasTimestamps: false, hosts: 1 };
}

/** Every drawn node is reachable from ● and reaches ■ through drawn edges. */
function assertConnected(g: FilteredGraph): void {
  const f = reachable(g.edges, START, true);
  const b = reachable(g.edges, END, false);
  for (const id of g.nodes) {
    expect(f.has(id), `${id} reachable from ●`).toBe(true);
    expect(b.has(id), `${id} reaches ■`).toBe(true);
  }
  const nodeSet = new Set(g.nodes);
  for (const e of g.edges) expect(nodeSet.has(e.source) && nodeSet.has(e.target)).toBe(true);
}

// ● → a → h → b → ■, a → b directly once, h is the busiest activity of the chain but will be hidden by rd.
const chain = fromEdges([
  [START, 'a', 10], ['a', 'h', 9], ['h', 'b', 9], ['a', 'b', 1], ['b', END, 10], ['h', 'h', 30],
], { a: 0.5, b: 0.4, h: 0.1 });

describe('filterGraph', () => {
  it('keeps everything when nothing is filtered', () => {
    const g = filterGraph(chain, { maxActivities: 3, rankBy: 'count', minEdgeCount: 1 });
    expect(g.nodes).toEqual([START, 'h', 'a', 'b', END]);
    expect(g.edges).toHaveLength(6);
    expect(g.bypassEdges).toBe(0);
    assertConnected(g);
  });

  it('ranks by rd or by count', () => {
    expect(rankActivities(chain, 'count')).toEqual(['h', 'a', 'b']);
    expect(rankActivities(chain, 'rd')).toEqual(['a', 'b', 'h']);
  });

  it('ranks what takes ≥ 5 % of the call time first, and breaks ties by the next statistic, not the name', () => {
    // z: 1 % of the time but the most events; y and x: the same rd, x has more events
    const r = fromEdges([[START, 'z', 50], ['z', 'y', 5], ['y', 'x', 5], ['x', END, 5], ['x', 'x', 20]], { z: 0.01, y: 0.495, x: 0.495 });
    expect(rankActivities(r, 'rd')).toEqual(['x', 'y', 'z']);
    // by count too, the ≥ 5 % activities come first (the first view never hides them)
    expect(rankActivities(r, 'count')).toEqual(['x', 'y', 'z']);
    expect(materialCount(r)).toBe(2);
  });

  it('hiding an activity keeps the real direct edge when one exists', () => {
    const g = filterGraph(chain, { maxActivities: 2, rankBy: 'rd', minEdgeCount: 1 });
    expect(g.nodes).toEqual([START, 'a', 'b', END]);
    expect(g.edges.map((e) => `${e.source}>${e.target}:${e.count}:${e.bypass}`).sort()).toEqual(
      [`${START}>a:10:false`, 'a>b:1:false', `b>${END}:10:false`].sort());
  });

  it('a threshold that cuts the only link forces it back (marked forced)', () => {
    const g = filterGraph(chain, { maxActivities: 2, rankBy: 'rd', minEdgeCount: 5 });
    const ab = g.edges.find((e) => e.source === 'a' && e.target === 'b')!;
    // the widest path a → b goes through hidden h (bottleneck 9), but a real a → b edge exists: draw it
    expect(ab).toMatchObject({ count: 1, forced: true, bypass: false });
    expect(g.edges).toHaveLength(3);
    assertConnected(g);
  });

  it('collapses a stretch through hidden activities into a bypass edge with the bottleneck count', () => {
    const r = fromEdges([[START, 'x', 5], ['x', 'y', 5], ['y', 'z', 3], ['z', 'w', 3], ['w', END, 5], ['x', 'x', 50], ['w', 'w', 40]]);
    // ranked by count: x (55), w (43), y (5), z (3) → keep x, w
    const g = filterGraph(r, { maxActivities: 2, rankBy: 'count', minEdgeCount: 1 });
    expect(g.nodes).toEqual([START, 'x', 'w', END]);
    const by = g.edges.filter((e) => e.bypass);
    expect(by.map((e) => [e.source, e.target, e.count])).toEqual([['x', 'w', 3]]);
    expect(g.bypassEdges).toBe(1);
    assertConnected(g);
  });

  it('with no activities kept, ● still reaches ■', () => {
    const g = filterGraph(chain, { maxActivities: 0, rankBy: 'count', minEdgeCount: 1 });
    expect(g.nodes).toEqual([START, END]);
    expect(g.edges).toHaveLength(1);
    expect(g.edges[0]).toMatchObject({ source: START, target: END, bypass: true, count: 9 });
  });

  it('stays connected for every slider setting on a 300-activity graph', () => {
    const r = syntheticResult({ activities: 300, cases: 16, traceLength: 150, seed: 7 });
    const stops = edgeCountStops(r, [START, END, ...r.nodes.map((n) => n.id)]);
    for (const n of [0, 1, 5, 30, 60, 200, 300]) {
      for (const t of [1, stops[Math.floor(stops.length / 2)], stops[stops.length - 1] + 1]) {
        for (const rankBy of ['count', 'rd'] as const) {
          const g = filterGraph(r, { maxActivities: n, rankBy, minEdgeCount: t });
          expect(g.nodes.length).toBe(Math.min(n, r.nodes.length) + 2);
          assertConnected(g);
          for (const e of g.edges) if (!e.bypass && !e.forced) expect(e.count).toBeGreaterThanOrEqual(t);
        }
      }
    }
  });
});

describe('defaults', () => {
  it('limit the first graph to 60 activities and about 300 edges', () => {
    const r = syntheticResult({ activities: 1000, cases: 60, traceLength: 400, seed: 3 });
    expect(r.edges.length).toBeGreaterThan(5000);
    const opts = defaultFilter(r);
    expect(opts.maxActivities).toBe(60);
    const g = filterGraph(r, opts);
    expect(g.nodes).toHaveLength(62);
    const plain = g.edges.filter((e) => !e.bypass && !e.forced).length;
    expect(plain).toBeLessThanOrEqual(300);
    expect(g.edges.length).toBeLessThan(400);
    assertConnected(g);
  });

  it('show everything on a small graph', () => {
    const opts = defaultFilter(chain);
    // time first: ranked by the share of the call time by default
    expect(opts).toEqual({ maxActivities: 3, rankBy: 'rd', minEdgeCount: 1 });
  });

  it('threshold is the smallest leaving at most maxEdges', () => {
    const r = fromEdges([[START, 'a', 1], ['a', 'b', 2], ['b', 'c', 3], ['c', 'd', 4], ['d', END, 5]]);
    expect(thresholdFor(r, 'count', 4, 2)).toBe(4); // counts 5 and 4 stay
    expect(thresholdFor(r, 'count', 4, 3)).toBe(3);
    expect(thresholdFor(r, 'count', 4, 5)).toBe(1);
  });
});

describe('the first view: how many activities fit legibly', () => {
  it('firstViewNext keeps a small DFG whole while its labels are readable, and fits it like a large one when not', () => {
    // readable: labels of ≥ 10 px (zoom ≥ 10/11)
    expect(firstViewNext(18, 0.95, 0, 18)).toBeNull();
    expect(firstViewNext(18, 0.85, 0, 18)).toBe(15);
    expect(firstViewNext(18, 2, 0, 18)).toBeNull();
    // 18 activities in a long chain drawn at 0.45: cut to what fits at full size
    expect(firstViewNext(18, 0.45, 0, 18)).toBe(8);
    expect(firstViewNext(8, 0.9, 1, 18)).toBe(7);
    expect(firstViewNext(7, 1.1, 2, 18)).toBeNull();
    // a large DFG is fitted at full size as before
    expect(firstViewNext(40, 0.85, 0, 205)).toBe(34);
  });

  it('fitActivities shrinks until labels are at full size, grows once when the guess was small, and settles', () => {
    expect(fitActivities(40, 0.5, 0, 205)).toBe(20);
    expect(fitActivities(20, 0.85, 1, 205)).toBe(17);
    expect(fitActivities(17, 0.95, 2, 205)).toBeNull();
    expect(fitActivities(10, 1.6, 0, 205)).toBe(16);
    expect(fitActivities(10, 1.6, 1, 205)).toBeNull();
    expect(fitActivities(8, 3, 0, 8)).toBeNull();
    // at three activities: kept while their labels are drawn (≥ 7 px: zoom ≥ 7/11), fewer when they would not be
    expect(fitActivities(3, 0.7, 1, 79)).toBeNull();
    expect(fitActivities(3, 0.4, 1, 79)).toBe(2);
    expect(fitActivities(2, 0.5, 2, 79)).toBe(1);
    expect(fitActivities(1, 0.2, 3, 79)).toBeNull();
    expect(fitActivities(30, 0.2, FIT_TRIES, 79)).toBeNull();
    // never below what takes ≥ 5 % of the call time (`least`), however small the labels
    expect(fitActivities(12, 0.3, 1, 79, 6)).toBe(6);
    expect(fitActivities(6, 0.3, 2, 79, 6)).toBeNull();
    expect(fitActivities(6, 0.5, 2, 79, 4)).toBe(4);
    // from any start, repeated application ends within FIT_TRIES layouts
    for (const start of [3, 10, 60]) {
      let n = start;
      let tries = 0;
      for (let next = fitActivities(n, 60 / (n * 4), tries, 100); next !== null; next = fitActivities(n, 60 / (n * 4), ++tries, 100)) n = next;
      expect(tries).toBeLessThanOrEqual(FIT_TRIES);
      expect(n).toBeLessThanOrEqual(15);
    }
  });

  it('estimateFit guesses from the canvas and the label boxes', () => {
    const boxes = Array.from({ length: 100 }, () => ({ w: 180, h: 60 }));
    const big = estimateFit(1300, 520, boxes, 'LR');
    const small = estimateFit(700, 400, boxes, 'LR');
    expect(big).toBeGreaterThan(small);
    expect(small).toBeGreaterThanOrEqual(MIN_FIT_ACTIVITIES);
    expect(estimateFit(0, 0, boxes, 'LR')).toBe(DEFAULT_MAX_ACTIVITIES);
    expect(estimateFit(1300, 520, boxes.slice(0, 4), 'TB')).toBeLessThanOrEqual(4);
  });
});
