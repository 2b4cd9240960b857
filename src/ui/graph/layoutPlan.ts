/**
 * What gets laid out. Positions are computed for a "universe" of activities and reused while sliders,
 * filters, colouring or the partition change, so nodes that stay keep their place. The universe is what
 * the first graph shows (≤ 60 activities by default); laying out hundreds of hidden activities up front
 * (tried: the top 300) spreads the 60 shown ones over a huge canvas and makes them unreadable. When the
 * user shows an activity outside the universe, the union is laid out once (positions then change); the
 * Re-layout button lays out just what is shown.
 *
 * dagre's cost explodes with long and cyclic edges (a random 200-node/2,000-edge DFG takes > 60 s), so the
 * layout sees a backbone: the widest-path tree from ● (each node hangs off its strongest way in,
 * stretches through activities outside the universe collapsed). ~300 nodes lay out in ~0.5 s. Small graphs
 * (≤ SMALL_NODES nodes and ≤ SMALL_EDGES edges) are laid out with every edge for the classic look.
 * Cytoscape then draws every shown edge between the placed nodes.
 */
import { END, START } from '../../analysis/types';
import type { DfgIndex } from './filter';
import type { LayoutRequest } from './layout';
import { widestTree } from './widest';

export const SMALL_NODES = 25;

/** Room kept above a node with a self-loop, in px (cyView.ts draws the loop there, in both directions), so
 * that a loop and its count never run into the neighbouring node. */
export const LOOP_SPACE = 34;

/** Where a node with a loop is drawn inside the box the layout reserved for it (loop room, then node). */
export function loopShift(_direction: 'LR' | 'TB'): { dx: number; dy: number } {
  return { dx: 0, dy: LOOP_SPACE / 2 };
}
export const SMALL_EDGES = 60;

/** The previous universe (null: none yet, or the result changed) ∪ the shown activities, in order. */
export function layoutUniverse(previous: Iterable<string> | null, shown: Iterable<string>): string[] {
  const out = previous ? [...previous].filter((id) => id !== START && id !== END) : [];
  const have = new Set(out);
  for (const id of shown) {
    if (id !== START && id !== END && !have.has(id)) {
      out.push(id);
      have.add(id);
    }
  }
  return out;
}

export function buildLayoutRequest(
  dfg: DfgIndex,
  universe: string[],
  size: (id: string) => { w: number; h: number },
  direction: 'LR' | 'TB',
  loops: ReadonlySet<string> = new Set(),
): LayoutRequest {
  const ids = [START, ...universe, END];
  const local = new Map<string, number>();
  ids.forEach((id, i) => local.set(id, i));
  const src: number[] = [];
  const tgt: number[] = [];
  const wgt: number[] = [];
  const seen = new Set<number>();
  const add = (s: number, t: number, count: number): void => {
    const k = s * ids.length + t;
    if (seen.has(k)) return;
    seen.add(k);
    src.push(s);
    tgt.push(t);
    wgt.push(Math.max(1, Math.log2(1 + count)));
  };
  // among-universe edges
  let inner = 0;
  for (let e = 0; e < dfg.edges.length; e++) if (local.has(dfg.ids[dfg.edgeSource[e]]) && local.has(dfg.ids[dfg.edgeTarget[e]])) inner++;
  if (ids.length <= SMALL_NODES && inner <= SMALL_EDGES) {
    for (let e = 0; e < dfg.edges.length; e++) {
      const s = local.get(dfg.ids[dfg.edgeSource[e]]);
      const t = local.get(dfg.ids[dfg.edgeTarget[e]]);
      if (s !== undefined && t !== undefined) add(s, t, dfg.edgeCount[e]);
    }
  }
  {
    // backbone: widest-path tree from ●, each node attached to the nearest universe ancestor on its path.
    // Added to small graphs too: a node reached only through hidden activities would otherwise be cut off,
    // and dagre's network-simplex ranker fails on such disconnected graphs.
    const parent = widestTree(dfg, 0);
    for (let i = 1; i < ids.length; i++) {
      const g = dfg.index.get(ids[i]);
      if (g === undefined) continue;
      let cur = g;
      let width = Infinity;
      for (let guard = 0; guard < dfg.nodeCount; guard++) {
        const e = parent[cur];
        if (e < 0) break;
        width = Math.min(width, dfg.edgeCount[e]);
        cur = dfg.edgeSource[e];
        const l = local.get(dfg.ids[cur]);
        if (l !== undefined) {
          add(l, i, width);
          break;
        }
      }
    }
  }
  const widths = new Float64Array(ids.length);
  const heights = new Float64Array(ids.length);
  ids.forEach((id, i) => {
    const b = size(id);
    const loop = loops.has(id) ? LOOP_SPACE : 0;
    widths[i] = b.w;
    heights[i] = b.h + loop;
  });
  return {
    ids, widths, heights, direction, endIndex: ids.length - 1,
    edgeSource: Uint32Array.from(src), edgeTarget: Uint32Array.from(tgt), edgeWeight: Float64Array.from(wgt),
  };
}
