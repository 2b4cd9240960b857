/**
 * The graph grouped by layer (view key `group=layer`, docs/METHOD.md "Layers"): each activity in the lane
 * of its layer — the layer most of its events came through (the analysis' `nodes.<act>.layers`) — drawn as
 * a Cytoscape compound node around it. Pure: the layout's positions are moved lane by lane (each lane keeps
 * its nodes' layout, lanes stacked across the flow with a gap), so nodes never overlap and edges still read
 * left to right (LR) or top to bottom (TB).
 */
import type { LayerReport } from '../../analysis/layers/report';
import { END, START, type ActivityStats } from '../../analysis/types';
import { layerColor } from '../layers/layerColors';
import { topList } from '../layers/sitesModel';
import type { NodeData } from './cyView';
import { labelBox, nodeLabelLines } from './labels';

type Pos = { x: number; y: number };

/** The compound node of a layer's lane (a control character: no activity name has it). */
export const laneId = (layer: string): string => `\u0001lane:${layer}`;
export const isLane = (id: string): boolean => id.startsWith('\u0001lane:');

/** Space between two lanes (model px); a lane's border is LANE_PAD around its nodes, with LANE_TOP more
 * above them for its name (drawn LANE_LABEL below the box's top edge). */
export const LANE_GAP = 56;
export const LANE_PAD = 12;
export const LANE_TOP = 16;
export const LANE_LABEL = 16;

/**
 * The layer of each activity: the one with the most of its events (ties: the earlier in `order`, the rule
 * table's order). Activities without layers (● ■, no stack) have none.
 */
export function activityLayers(perActivity: Record<string, { layers: Record<string, number> }>, order: readonly string[]): Map<string, string> {
  const rank = new Map(order.map((l, i) => [l, i]));
  const out = new Map<string, string>();
  for (const [act, v] of Object.entries(perActivity)) {
    let best: string | null = null;
    for (const [l, n] of Object.entries(v.layers)) {
      if (n <= 0) continue;
      const m = best === null ? -1 : v.layers[best];
      if (best === null || n > m || (n === m && (rank.get(l) ?? 1e9) < (rank.get(best) ?? 1e9))) best = l;
    }
    if (best !== null) out.set(act, best);
  }
  return out;
}

/**
 * Positions with lanes: the activities of a layer keep their relative layout, shifted across the flow so
 * that lanes (in `order`) follow each other with LANE_GAP between them; activities without a layer go in a
 * last lane of their own (`''`), ● and ■ sit at the middle across the flow. Returns the lanes' layers too.
 */
export function laneLayout(
  pos: ReadonlyMap<string, Pos>,
  layerOf: ReadonlyMap<string, string>,
  order: readonly string[],
  size: (id: string) => { w: number; h: number },
  direction: 'LR' | 'TB',
): { pos: Map<string, Pos>; lanes: string[]; boxes: Map<string, { x1: number; y1: number; x2: number; y2: number }> } {
  const across = (p: Pos): number => (direction === 'LR' ? p.y : p.x);
  const half = (id: string): number => (direction === 'LR' ? size(id).h : size(id).w) / 2;
  const groups = new Map<string, string[]>();
  for (const id of pos.keys()) {
    if (id === START || id === END) continue;
    const l = layerOf.get(id) ?? '';
    let g = groups.get(l);
    if (!g) groups.set(l, (g = []));
    g.push(id);
  }
  const lanes = [...groups.keys()].sort((a, b) => rankOf(a, order) - rankOf(b, order) || (a < b ? -1 : a > b ? 1 : 0));
  const out = new Map<string, Pos>();
  const boxes = new Map<string, { x1: number; y1: number; x2: number; y2: number }>();
  const halfAlong = (id: string): number => (direction === 'LR' ? size(id).w : size(id).h) / 2;
  let next = 0;
  for (const l of lanes) {
    const ids = groups.get(l)!;
    let lo = Infinity;
    let hi = -Infinity;
    let a0 = Infinity;
    let a1 = -Infinity;
    for (const id of ids) {
      const p = pos.get(id)!;
      const c = across(p);
      lo = Math.min(lo, c - half(id));
      hi = Math.max(hi, c + half(id));
      const a = direction === 'LR' ? p.x : p.y;
      a0 = Math.min(a0, a - halfAlong(id));
      a1 = Math.max(a1, a + halfAlong(id));
    }
    const shift = next - lo;
    for (const id of ids) {
      const p = pos.get(id)!;
      out.set(id, direction === 'LR' ? { x: p.x, y: p.y + shift } : { x: p.x + shift, y: p.y });
    }
    // the lane's box: its nodes' extent with padding, room for the name on top (LR) or above (TB)
    const c0 = next - LANE_PAD - (direction === 'LR' ? LANE_TOP : 0);
    const c1 = next + hi - lo + LANE_PAD;
    const b0 = a0 - LANE_PAD - (direction === 'TB' ? LANE_TOP : 0);
    const b1 = a1 + LANE_PAD;
    boxes.set(l, direction === 'LR' ? { x1: b0, y1: c0, x2: b1, y2: c1 } : { x1: c0, y1: b0, x2: c1, y2: b1 });
    next += hi - lo + LANE_GAP;
  }
  const mid = Math.max(0, next - LANE_GAP) / 2;
  for (const id of [START, END]) {
    const p = pos.get(id);
    if (p) out.set(id, direction === 'LR' ? { x: p.x, y: mid } : { x: mid, y: p.y });
  }
  return { pos: out, lanes, boxes };
}

/** A lane's place: the table's order, then unknown layers, then no layer (''). */
function rankOf(layer: string, order: readonly string[]): number {
  if (layer === '') return Number.MAX_SAFE_INTEGER;
  const i = order.indexOf(layer);
  return i < 0 ? order.length : i;
}

/**
 * The graph grouped by layer, for drawing: the positions moved into lanes (laneLayout, with the node sizes of
 * the graph's labels) and one lane node per layer, placed and sized as its box (its members listed).
 */
export function lanePlan(pos: ReadonlyMap<string, Pos>, layerOf: ReadonlyMap<string, string>, order: readonly string[], stats: ReadonlyMap<string, ActivityStats>, direction: 'LR' | 'TB'): { pos: Map<string, Pos>; nodes: NodeData[] } {
  const size = (id: string) => {
    const a = stats.get(id);
    return a ? labelBox(nodeLabelLines(a)) : { w: 18, h: 18 };
  };
  const r = laneLayout(pos, layerOf, order, size, direction);
  const nodes: NodeData[] = [];
  for (const l of r.lanes) {
    const b = r.boxes.get(l)!;
    const id = laneId(l);
    r.pos.set(id, { x: (b.x1 + b.x2) / 2, y: (b.y1 + b.y2) / 2 });
    const members = [...layerOf].filter(([a, x]) => x === l && pos.has(a)).map(([a]) => a);
    nodes.push({ id, label: l || 'no layer', w: b.x2 - b.x1, h: b.y2 - b.y1, fill: layerColor(l), lane: true, members });
  }
  return { pos: r.pos, nodes };
}

/** The node hover's rows about layers: its events by layer and its top call sites (strace -k). */
export function laneRows(report: LayerReport | null | undefined, id: string): [string, string][] {
  const a = report?.activities[id];
  if (!a) return [];
  const rows: [string, string][] = [['layers', topList(a.layers, 4)]];
  if (Object.keys(a.sites).length) rows.push(['call sites', topList(a.sites, 3)]);
  return rows;
}
