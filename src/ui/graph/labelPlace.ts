/**
 * Where an edge's label goes along its edge (CyView.declutterLabels): at the middle when nothing is in the
 * way, else at the first of a few points along the edge where its box meets no node, no label already
 * placed and no other edge's line — a count drawn over another edge reads as that edge's (the IOR MPI-IO
 * run at 1600×1000: fcntl → close's "16" on fsync → fcntl's line). When every point meets another edge, the
 * middle as before (when it is clear of nodes and labels); when none is clear of those, no label (its count
 * stays in the tooltip). Pure geometry in model coordinates.
 */

export interface Pt {
  x: number;
  y: number;
}

export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The points of the edge where its label may go, as fractions of the way from source to target: the
 * middle first, then farther from it on alternate sides. */
export const LABEL_TS = [0.5, 0.4, 0.6, 0.3, 0.7];

/** A point of Cytoscape's bezier through the endpoints and the control points (svgExport.edgePath: quadratic
 * segments through the midpoints of consecutive control points), `t` of the way along its segments. */
export function pointAt(points: readonly Pt[], t: number): Pt {
  const s = points[0];
  const e = points[points.length - 1];
  const ctrl = points.slice(1, -1);
  if (ctrl.length === 0) return { x: s.x + (e.x - s.x) * t, y: s.y + (e.y - s.y) * t };
  // segment i: from a to b with control c
  const segs = ctrl.map((c, i) => ({
    a: i === 0 ? s : mid(ctrl[i - 1], c),
    c,
    b: i + 1 < ctrl.length ? mid(c, ctrl[i + 1]) : e,
  }));
  const at = Math.min(segs.length - 1e-9, Math.max(0, t * segs.length));
  const { a, c, b } = segs[Math.floor(at)];
  const u = at - Math.floor(at);
  const v = 1 - u;
  return { x: v * v * a.x + 2 * u * v * c.x + u * u * b.x, y: v * v * a.y + 2 * u * v * c.y + u * u * b.y };
}

const mid = (a: Pt, b: Pt): Pt => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** An edge's line as a polyline, with its bounding box (most labels are far from most lines). */
export interface Line {
  pts: Pt[];
  box: Box;
}

/** The line of the edge through `points` (endpoints and control points), in `n` pieces when curved. */
export function lineOf(points: readonly Pt[], n = 16): Line {
  const pts = points.length <= 2 ? [...points] : Array.from({ length: n + 1 }, (_, i) => pointAt(points, i / n));
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { pts, box: { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) } };
}

export const meet = (a: Box, b: Box): boolean => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/** Whether the line passes through the box (touching its border does not count). */
export function crosses(box: Box, line: Line): boolean {
  const b = line.box;
  if (!(box.x1 <= b.x2 && b.x1 <= box.x2 && box.y1 <= b.y2 && b.y1 <= box.y2)) return false;
  for (let i = 0; i + 1 < line.pts.length; i++) if (segmentMeets(box, line.pts[i], line.pts[i + 1])) return true;
  return false;
}

/** Liang–Barsky: the segment p → q clipped to the box's interior leaves a piece of positive length. */
function segmentMeets(b: Box, p: Pt, q: Pt): boolean {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  let t0 = 0;
  let t1 = 1;
  const clip = (den: number, num: number): boolean => {
    if (den === 0) return num > 0;
    const t = num / den;
    if (den > 0) {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    } else {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    }
    return true;
  };
  if (dx === 0 && dy === 0) return p.x > b.x1 && p.x < b.x2 && p.y > b.y1 && p.y < b.y2;
  return clip(-dx, p.x - b.x1) && clip(dx, b.x2 - p.x) && clip(-dy, p.y - b.y1) && clip(dy, b.y2 - p.y) && t1 - t0 > 1e-9;
}

/**
 * Where the label of size w × h of the edge through `points` goes (its centre, and `t`, the fraction of the
 * way), or null (not drawn): see the module's comment. `middle`: the label's centre as Cytoscape draws it
 * without a margin (the other points are taken along the edge from there); `nodes`: the node boxes; `kept`:
 * the labels placed so far; `others`: the edges' lines (`own`, the label's own edge's, among them is skipped).
 */
export function placeLabel(points: readonly Pt[], middle: Pt, w: number, h: number, nodes: readonly Box[], kept: readonly Box[], others: readonly Line[], own?: Line): (Pt & { t: number; box: Box }) | null {
  const boxAt = (c: Pt): Box => ({ x1: c.x - w / 2, y1: c.y - h / 2, x2: c.x + w / 2, y2: c.y + h / 2 });
  const free = (b: Box): boolean => !nodes.some((n) => meet(b, n)) && !kept.some((k) => meet(b, k));
  const m = points.length >= 2 ? pointAt(points, 0.5) : middle;
  for (const t of points.length >= 2 ? LABEL_TS : []) {
    const p = pointAt(points, t);
    const c = { x: middle.x + p.x - m.x, y: middle.y + p.y - m.y };
    const box = boxAt(c);
    if (free(box) && !others.some((o) => o !== own && crosses(box, o))) return { ...c, t, box };
  }
  const box = boxAt(middle);
  return free(box) ? { ...middle, t: 0.5, box } : null;
}

/**
 * Every label, strongest edge first (`labels` in that order): which are left out (`hide`) and where the others
 * go, as their margins from where Cytoscape draws them without one (`moves`, not for a loop: its label stays
 * above its loop). `bb`: the label's box as drawn now, with its `margin`; `points`: its edge's endpoints and
 * control points; `lines`: every edge's line by id.
 */
export function placeLabels<E extends { id(): string }>(labels: readonly { e: E; bb: Box & { w: number; h: number }; loop: boolean; margin: Pt; points: Pt[] }[], lines: ReadonlyMap<string, Line>, nodes: readonly Box[]): { hide: E[]; moves: { e: E; x: number; y: number }[] } {
  const kept: Box[] = [];
  const hide: E[] = [];
  // every edge's line once (a label's own is skipped by identity: no list per label)
  const all = [...lines.values()];
  const moves: { e: E; x: number; y: number }[] = [];
  for (const { e, bb, loop, margin, points } of labels) {
    if (!(bb.w > 0)) {
      hide.push(e);
      continue;
    }
    const m = loop ? { x: 0, y: 0 } : margin;
    const middle = { x: (bb.x1 + bb.x2) / 2 - m.x, y: (bb.y1 + bb.y2) / 2 - m.y };
    const at = placeLabel(loop ? [] : points, middle, bb.w, bb.h, nodes, kept, loop ? [] : all, lines.get(e.id()));
    if (!at) {
      hide.push(e);
      continue;
    }
    kept.push(at.box);
    if (!loop) moves.push({ e, x: at.x - middle.x, y: at.y - middle.y });
  }
  return { hide, moves };
}
