/**
 * Pure dagre layout (runs in layout.worker.ts, and directly in Node tests). Input and output are flat
 * arrays so they cross the worker boundary cheaply: positions come back as one transferred Float64Array.
 */
import { graphlib, layout } from '@dagrejs/dagre';

export interface LayoutRequest {
  /** Node ids, with box sizes in px (the label box, as drawn). */
  ids: string[];
  widths: Float64Array | number[];
  heights: Float64Array | number[];
  /** Edges as indexes into `ids`, with a weight (higher = dagre tries harder to keep it short/straight). */
  edgeSource: Uint32Array | number[];
  edgeTarget: Uint32Array | number[];
  edgeWeight: Float64Array | number[];
  direction: 'LR' | 'TB';
  /** Index of ■: moved past the last rank after layout (a tree backbone would leave it mid-graph). */
  endIndex?: number;
}

export interface LayoutReply {
  /** x0, y0, x1, y1, … centre positions, in the order of `ids`. */
  xy: Float64Array;
  ms: number;
}

export function layoutGraph(req: LayoutRequest): LayoutReply {
  const t0 = performance.now();
  const n = req.ids.length;
  const g = new graphlib.Graph({ multigraph: false, directed: true });
  const lr = req.direction === 'LR';
  g.setGraph({ rankdir: req.direction, ranker: 'network-simplex', nodesep: lr ? 18 : 30, ranksep: lr ? 70 : 50, edgesep: 8, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  // dagre keys nodes by string; use the index so arbitrary activity strings can never clash with its internals.
  for (let i = 0; i < n; i++) g.setNode(String(i), { width: req.widths[i], height: req.heights[i] });
  for (let e = 0; e < req.edgeSource.length; e++) {
    const s = req.edgeSource[e];
    const t = req.edgeTarget[e];
    if (s === t) continue; // self-loops do not affect the ranking; Cytoscape draws them as loops
    g.setEdge(String(s), String(t), { weight: req.edgeWeight[e], minlen: 1 });
  }
  try {
    layout(g);
  } catch {
    // a last resort: dagre's network-simplex ranker fails on some graphs (disconnected ones: see
    // layoutPlan.ts, which keeps every request connected); the longest-path ranker always succeeds
    g.setGraph({ ...(g.graph() as object), ranker: 'longest-path' });
    layout(g);
  }
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const node = g.node(String(i)) as { x: number; y: number } | undefined;
    xy[2 * i] = node?.x ?? 0;
    xy[2 * i + 1] = node?.y ?? 0;
  }
  if (req.endIndex !== undefined && req.endIndex >= 0 && req.endIndex < n) moveEndLast(req, xy, lr, req.endIndex);
  return { xy, ms: performance.now() - t0 };
}

function moveEndLast(req: LayoutRequest, xy: Float64Array, lr: boolean, end: number): void {
  const r = lr ? 0 : 1; // rank axis
  let max = -Infinity;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < req.ids.length; i++) {
    if (i === end) continue;
    const half = (lr ? req.widths[i] : req.heights[i]) / 2;
    max = Math.max(max, xy[2 * i + r] + half);
    lo = Math.min(lo, xy[2 * i + 1 - r]);
    hi = Math.max(hi, xy[2 * i + 1 - r]);
  }
  if (max === -Infinity) return;
  const half = (lr ? req.widths[end] : req.heights[end]) / 2;
  if (xy[2 * end + r] - half >= max) return;
  xy[2 * end + r] = max + (lr ? 70 : 50) + half;
  xy[2 * end + 1 - r] = (lo + hi) / 2;
}
