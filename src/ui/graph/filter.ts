/**
 * The activity and path sliders (as in Disco), as a pure function of the AnalysisResult.
 *
 * Rule (documented for users in the panel's help text):
 * 1. Keep the top-N activities ranked by rd (share of the call time: the default), count, bytes or cases —
 *    those with ≥ 5 % of the call time first, ties broken by the next statistic — plus ● and ■.
 * 2. Show the DFG edges between kept nodes whose count ≥ the path threshold.
 * 3. Connectivity repair: every kept node must stay reachable from ● and must reach ■ in what is drawn.
 *    For each kept node that is not, take its widest path from ● (resp. to ■) in the FULL DFG — the path
 *    whose smallest edge count is largest, ties broken by fewer hops — and draw it: a step between two
 *    kept nodes is the real edge (even if below the threshold); a stretch through hidden activities is
 *    collapsed into one dashed "bypass" edge whose count is the smallest count along the stretch.
 * Since every activity of a real DFG lies on a ● → ■ path, the repair always succeeds; only what is needed
 * is added, and the strongest connections are the ones chosen.
 */
import { END, START, edgeKey, type AnalysisResult, type DfgEdge } from '../../analysis/types';
import { treePath, widestTree, type IndexedGraph } from './widest';
import { MIN_ZOOMED_FONT_PX } from './cyStyle';
import { FONT_PX } from './labels';

import type { RankBy } from '../../session/view';
export type { RankBy };

export interface FilterOptions {
  maxActivities: number;
  rankBy: RankBy;
  /** Edges with a count below this are hidden (unless needed for connectivity). */
  minEdgeCount: number;
}

export interface ShownEdge extends DfgEdge {
  /** A collapsed stretch through hidden activities (drawn dashed; count = its bottleneck). */
  bypass: boolean;
  /** A real edge below the threshold, kept only for connectivity. */
  forced: boolean;
}

export interface FilteredGraph {
  /** Kept node ids, ● first, then activities in rank order, ■ last. */
  nodes: string[];
  edges: ShownEdge[];
  totalActivities: number;
  totalEdges: number;
  /** Real DFG edges drawn (threshold-passing + forced); bypass edges are extra. */
  realEdges: number;
  bypassEdges: number;
}

/** An activity with at least this share of the call time (rd) is never hidden by the first view
 * (docs/GUIDE.md "Read the graph"): it ranks ahead of everything else whatever the ranking. */
export const MATERIAL_SHARE = 0.05;

type Stats = AnalysisResult['nodes'][number];
/** The ranking statistics in order: the chosen one first, the others break its ties (never the name, but
 * as the very last resort, so that the order is total). */
const STAT: Record<RankBy, (a: Stats) => number> = {
  rd: (a) => a.rd ?? -1,
  count: (a) => a.count,
  bytes: (a) => a.bytes ?? -1,
  cases: (a) => a.cases,
};
const ORDER: readonly RankBy[] = ['rd', 'count', 'bytes', 'cases'];

/** How many activities hold ≥ MATERIAL_SHARE of the call time (they rank first). */
export function materialCount(result: AnalysisResult): number {
  return result.nodes.reduce((n, a) => n + ((a.rd ?? 0) >= MATERIAL_SHARE ? 1 : 0), 0);
}

/** Activity ids in slider order. */
export function rankActivities(result: AnalysisResult, rankBy: RankBy): string[] {
  const nodes = [...result.nodes];
  const keys = [rankBy, ...ORDER.filter((k) => k !== rankBy)].map((k) => STAT[k]);
  // time first: what takes ≥ 5 % of the call time; then, with a partition, what differs: activities of one
  // side only, then of both, then those only in unassigned cases (so a graph cut to what fits legibly
  // still shows the difference)
  const part = result.partition?.nodes;
  const tier = (a: Stats): number => {
    if ((a.rd ?? 0) >= MATERIAL_SHARE) return 0;
    const side = part?.[a.id]?.side;
    return side === undefined ? 1 : side === 'green' || side === 'red' ? 1 : side === 'both' ? 2 : 3;
  };
  nodes.sort((a, b) => {
    const t = tier(a) - tier(b);
    if (t !== 0) return t;
    for (const k of keys) {
      const d = k(b) - k(a);
      if (d !== 0) return d;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return nodes.map((n) => n.id);
}

/** The DFG as index arrays (node 0 = ●, 1 = ■, then activities), built once per result. */
export interface DfgIndex extends IndexedGraph {
  ids: string[];
  index: Map<string, number>;
  edges: DfgEdge[];
  /** edgeKey → index into edges. */
  edgeIndex: Map<string, number>;
}

export function indexDfg(result: AnalysisResult): DfgIndex {
  const ids = [START, END, ...result.nodes.map((n) => n.id)];
  const index = new Map<string, number>();
  ids.forEach((id, i) => index.set(id, i));
  // Edges naming an activity absent from nodes (should not happen) get a node so nothing is lost.
  for (const e of result.edges) {
    for (const id of [e.source, e.target]) if (!index.has(id)) index.set(id, ids.push(id) - 1);
  }
  const m = result.edges.length;
  const edgeIndex = new Map<string, number>();
  const edgeSource = new Int32Array(m);
  const edgeTarget = new Int32Array(m);
  const edgeCount = new Float64Array(m);
  result.edges.forEach((e, i) => {
    edgeSource[i] = index.get(e.source)!;
    edgeTarget[i] = index.get(e.target)!;
    edgeCount[i] = e.count;
    edgeIndex.set(edgeKey(e.source, e.target), i);
  });
  return { ids, index, edges: result.edges, edgeIndex, nodeCount: ids.length, edgeSource, edgeTarget, edgeCount };
}

/** Defaults so that the first graph has ≤ 60 activities and ≤ ~300 edges, whatever the input. */
export const DEFAULT_MAX_ACTIVITIES = 60;
export const DEFAULT_MAX_EDGES = 300;

export function defaultFilter(result: AnalysisResult, rankBy: RankBy = 'rd'): FilterOptions {
  const maxActivities = Math.min(DEFAULT_MAX_ACTIVITIES, result.nodes.length);
  return { maxActivities, rankBy, minEdgeCount: thresholdFor(result, rankBy, maxActivities, DEFAULT_MAX_EDGES) };
}

/** A DFG with at most this many activities is shown whole at first (as the paper draws them) when its labels
 * stay readable so (SMALL_GRAPH_MIN_ZOOM); a larger one, or a small one that would be drawn smaller, shows
 * the top activities that fit at full label size (estimateFit, fitActivities). */
export const SMALL_GRAPH = 30;
/** The least fit zoom at which a small DFG is shown whole, and at which the first view stops cutting:
 * node labels of ≥ 10 px on screen (FONT_PX 11 × 10/11). */
export const SMALL_GRAPH_MIN_ZOOM = 10 / 11;

/** Tries of fitActivities before the first view settles (each is one layout). */
export const FIT_TRIES = 6;
/** The first view shows at least this many activities (or all there are), even if they must be zoomed out,
 * as long as their labels are still drawn (LABEL_MIN_ZOOM); fewer when not (a tiny canvas). */
export const MIN_FIT_ACTIVITIES = 3;
/** Below this zoom node labels are not drawn at all (Cytoscape's min-zoomed-font-size over the font size). */
export const LABEL_MIN_ZOOM = MIN_ZOOMED_FONT_PX / FONT_PX;

/**
 * The first view's number of activities: after laying out `n` and fitting it at `zoom`, the next `n` to try
 * so that node labels are drawn at ≥ 10 px (zoom ≥ SMALL_GRAPH_MIN_ZOOM), or null when `n` is the one. The
 * drawing's extent grows about linearly with the number of activities along the flow, so n × zoom is the
 * guess. `least`: never fewer (the activities with ≥ 5 % of the call time, materialCount), whatever the zoom.
 */
export function fitActivities(n: number, zoom: number, tries: number, total: number, least = 0, readable = SMALL_GRAPH_MIN_ZOOM): number | null {
  if (tries >= FIT_TRIES) return null;
  // the first guess was small: grow once (then only shrink, so it settles)
  const cap = Math.min(total, DEFAULT_MAX_ACTIVITIES);
  if (tries === 0 && zoom > 1.25 && n < cap) return Math.min(cap, Math.max(n + 1, Math.floor(n * Math.min(zoom, 2))));
  if (zoom >= readable) return null;
  const floor = Math.min(total, Math.max(least, MIN_FIT_ACTIVITIES));
  if (n <= floor) {
    // three boxes without a word on them say nothing: fewer, down to one, until the labels are drawn —
    // but never below what takes ≥ 5 % of the time
    return n > Math.max(1, least) && zoom < LABEL_MIN_ZOOM ? n - 1 : null;
  }
  return Math.max(floor, Math.min(n - 1, Math.floor(n * zoom)));
}

/**
 * The first view's next number of activities, or null when `n` is the one: a small DFG shown whole stays
 * whole while its labels are readable at the zoom that fits it; else fitActivities.
 */
export function firstViewNext(n: number, zoom: number, tries: number, total: number, least = 0, readable = SMALL_GRAPH_MIN_ZOOM): number | null {
  if (total <= SMALL_GRAPH && n >= total && zoom >= readable) return null;
  return fitActivities(n, zoom, tries, total, least, readable);
}

/** The zoom at which the first view's labels count as readable on a canvas of w × h px: 10 px (10/11) on a
 * laptop's canvas, the full 11 px (zoom 1) on a large one (a 1600 × 1000 window gives ~1180 × 560). */
export function readableZoom(w: number, h: number): number {
  return w >= 1100 && h >= 520 ? 1 : SMALL_GRAPH_MIN_ZOOM;
}

/**
 * A first guess of how many activities fit a canvas of w × h px at zoom 1 (fitActivities then corrects it
 * after a real layout): the ranks that fit along the flow times the nodes that fit across it, halved (a
 * DFG does not fill its grid), from the mean box of the top activities (`boxes`, as ranked).
 */
export function estimateFit(w: number, h: number, boxes: { w: number; h: number }[], direction: 'LR' | 'TB'): number {
  if (boxes.length === 0 || !(w > 0) || !(h > 0)) return Math.min(DEFAULT_MAX_ACTIVITIES, boxes.length);
  const top = boxes.slice(0, DEFAULT_MAX_ACTIVITIES);
  const bw = top.reduce((s, b) => s + b.w, 0) / top.length;
  const bh = top.reduce((s, b) => s + b.h, 0) / top.length;
  // dagre's separations (layout.ts): LR ranksep 70 / nodesep 18, TB ranksep 50 / nodesep 30
  const along = direction === 'LR' ? w / (bw + 70) : h / (bh + 50);
  const across = direction === 'LR' ? h / (bh + 18) : w / (bw + 30);
  // ● and ■ take two ranks
  const n = Math.floor(0.5 * Math.max(1, along - 2) * across);
  return Math.max(MIN_FIT_ACTIVITIES, Math.min(DEFAULT_MAX_ACTIVITIES, boxes.length, n));
}

/** The smallest count threshold leaving at most `maxEdges` edges among the top `n` activities. */
export function thresholdFor(result: AnalysisResult, rankBy: RankBy, n: number, maxEdges: number): number {
  const kept = new Set(rankActivities(result, rankBy).slice(0, n));
  kept.add(START).add(END);
  const counts = result.edges.filter((e) => kept.has(e.source) && kept.has(e.target)).map((e) => e.count);
  if (counts.length <= maxEdges) return 1;
  counts.sort((a, b) => b - a);
  return counts[maxEdges] + 1;
}

/** Distinct edge counts among the kept nodes, ascending: the stops of the path slider. */
export function edgeCountStops(result: AnalysisResult, keptIds: Iterable<string>): number[] {
  const kept = new Set(keptIds);
  const s = new Set<number>();
  for (const e of result.edges) if (kept.has(e.source) && kept.has(e.target)) s.add(e.count);
  return [...s].sort((a, b) => a - b);
}

export function filterGraph(result: AnalysisResult, opts: FilterOptions, dfg: DfgIndex = indexDfg(result)): FilteredGraph {
  const ranked = rankActivities(result, opts.rankBy);
  const keptActs = ranked.slice(0, Math.max(0, Math.floor(opts.maxActivities)));
  return filterToSet(dfg, keptActs, opts.minEdgeCount, result.nodes.length);
}

/** Steps 2 and 3 of the rule for an explicit set of kept activities. */
export function filterToSet(dfg: DfgIndex, keptActs: string[], minEdgeCount: number, totalActivities: number): FilteredGraph {
  const n = dfg.nodeCount;
  const kept = new Uint8Array(n);
  kept[0] = kept[1] = 1;
  for (const id of keptActs) {
    const i = dfg.index.get(id);
    if (i !== undefined) kept[i] = 1;
  }
  const out = new Map<string, ShownEdge>();
  const m = dfg.edgeSource.length;
  for (let e = 0; e < m; e++) {
    if (kept[dfg.edgeSource[e]] && kept[dfg.edgeTarget[e]] && dfg.edgeCount[e] >= minEdgeCount) {
      const d = dfg.edges[e];
      out.set(edgeKey(d.source, d.target), { ...d, bypass: false, forced: false });
    }
  }
  const fwd = reach(dfg, kept, out, 0, false);
  const bwd = reach(dfg, kept, out, 1, true);
  let fwdTree: Int32Array | null = null;
  let bwdTree: Int32Array | null = null;
  for (let v = 0; v < n; v++) {
    if (!kept[v]) continue;
    if (!fwd[v]) {
      fwdTree ??= widestTree(dfg, 0);
      addPath(dfg, kept, out, treePath(dfg, fwdTree, 0, v));
    }
    if (!bwd[v]) {
      bwdTree ??= widestTree(dfg, 1, true);
      addPath(dfg, kept, out, treePath(dfg, bwdTree, 1, v, true));
    }
  }
  const nodes = [START, ...keptActs.filter((id) => dfg.index.has(id)), END];
  const edges = [...out.values()];
  const bypassEdges = edges.filter((e) => e.bypass).length;
  return { nodes, edges, totalActivities, totalEdges: dfg.edges.length, realEdges: edges.length - bypassEdges, bypassEdges };
}

/** Which kept nodes are reachable from `root` (or reach it, when reverse) through the edges in `out`. */
function reach(dfg: DfgIndex, kept: Uint8Array, out: Map<string, ShownEdge>, root: number, reverse: boolean): Uint8Array {
  const adj = new Map<number, number[]>();
  for (const e of out.values()) {
    const a = dfg.index.get(reverse ? e.target : e.source)!;
    const b = dfg.index.get(reverse ? e.source : e.target)!;
    let l = adj.get(a);
    if (!l) adj.set(a, (l = []));
    l.push(b);
  }
  const seen = new Uint8Array(dfg.nodeCount);
  seen[root] = 1;
  const stack = [root];
  while (stack.length) {
    const u = stack.pop()!;
    for (const v of adj.get(u) ?? []) {
      if (!seen[v] && kept[v]) {
        seen[v] = 1;
        stack.push(v);
      }
    }
  }
  return seen;
}

/** Draw a widest path: kept→kept steps as real edges, stretches through hidden nodes as bypass edges. */
function addPath(dfg: DfgIndex, kept: Uint8Array, out: Map<string, ShownEdge>, path: number[] | null): void {
  if (!path || path.length === 0) return;
  let from = dfg.edgeSource[path[0]];
  let bottleneck = Infinity;
  let steps = 0;
  for (const e of path) {
    bottleneck = Math.min(bottleneck, dfg.edgeCount[e]);
    steps++;
    const to = dfg.edgeTarget[e];
    if (!kept[to]) continue;
    const s = dfg.ids[from];
    const t = dfg.ids[to];
    const key = edgeKey(s, t);
    const have = out.get(key);
    if (steps === 1) {
      if (!have) out.set(key, { ...dfg.edges[e], bypass: false, forced: true });
    } else if (!have) {
      const real = dfg.edgeIndex.get(key);
      out.set(key, real !== undefined
        ? { ...dfg.edges[real], bypass: false, forced: true }
        : { source: s, target: t, count: bottleneck, cases: 0, meanGap: null, bypass: true, forced: false });
    } else if (have.bypass && have.count < bottleneck) {
      have.count = bottleneck;
    }
    from = to;
    bottleneck = Infinity;
    steps = 0;
  }
}
