/**
 * A long left-to-right DFG (a chain of ranks, e.g. `ls` vs `ls -l`: 8 activities, 10 ranks) fitted into a
 * wide but low canvas comes out at half the label size. Like a line of text, it is wrapped: the layout is
 * cut between rank columns into k bands stacked top to bottom (band b moved left by its start, its top a gap
 * below the bottom of band b − 1), k chosen to give the largest zoom that fits the canvas — only when the
 * plain layout would draw the labels below their full size. Edges between bands run from the right end of
 * one band to the left start of the next. Pure: positions in, positions out.
 */

export interface Placed {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Space between two bands (px at zoom 1): room for the edges that run from one band to the next. */
export const BAND_GAP = 40;
/** The canvas' padding that a fit keeps (CyView.fitZoom: 24 px each side). */
const PAD = 48;
/** Wrap only when it makes the drawing at least this much larger (else the plain layout reads better). */
const GAIN = 1.15;
/** A fit never zooms in beyond this (CyView.fit's maxZoom): a gain above it is no gain. */
const MAX_ZOOM = 1.4;

/** The zoom at which a w × h drawing fits a W × H canvas. */
const zoomOf = (w: number, h: number, W: number, H: number): number => Math.min((W - PAD) / w, (H - PAD) / h);

/** x ranges [from, to] between the nodes' boxes where the drawing can be cut (no box spans them). */
function cutPoints(boxes: readonly Placed[]): number[] {
  const iv = boxes.map((b) => [b.x - b.w / 2, b.x + b.w / 2] as [number, number]).sort((a, b) => a[0] - b[0]);
  const cuts: number[] = [];
  let end = -Infinity;
  for (const [a, b] of iv) {
    if (a > end && end > -Infinity) cuts.push((a + end) / 2);
    end = Math.max(end, b);
  }
  return cuts;
}

/** The positions of `pos` wrapped at the cuts `at` (ascending x), like lines of text: band b moved left by
 * its start, and down so that its top is BAND_GAP below the bottom of band b − 1 (each band as high as its
 * own boxes, not the whole drawing's height). */
function place(pos: ReadonlyMap<string, Placed>, at: readonly number[], x0: number): Map<string, { x: number; y: number }> {
  const starts = [x0, ...at];
  const bandOf = (p: Placed): number => {
    let b = 0;
    while (b < at.length && p.x > at[b]) b++;
    return b;
  };
  const top = starts.map(() => Infinity);
  const bottom = starts.map(() => -Infinity);
  for (const p of pos.values()) {
    const b = bandOf(p);
    top[b] = Math.min(top[b], p.y - p.h / 2);
    bottom[b] = Math.max(bottom[b], p.y + p.h / 2);
  }
  // dy[b]: how far band b moves down (band 0 stays; a band without boxes takes no room)
  const dy = starts.map(() => 0);
  let floor = bottom[0];
  for (let b = 1; b < starts.length; b++) {
    if (top[b] === Infinity) {
      dy[b] = dy[b - 1];
      continue;
    }
    dy[b] = floor + BAND_GAP - top[b];
    floor = bottom[b] + dy[b];
  }
  const out = new Map<string, { x: number; y: number }>();
  for (const [id, p] of pos) {
    const b = bandOf(p);
    out.set(id, { x: p.x - (starts[b] - x0), y: p.y + dy[b] });
  }
  return out;
}

/** The extent (width, height) of the boxes of `pos` at the positions `to`. */
function extent(pos: ReadonlyMap<string, Placed>, to: ReadonlyMap<string, { x: number; y: number }>): { w: number; h: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [id, b] of pos) {
    const q = to.get(id)!;
    x0 = Math.min(x0, q.x - b.w / 2);
    x1 = Math.max(x1, q.x + b.w / 2);
    y0 = Math.min(y0, q.y - b.h / 2);
    y1 = Math.max(y1, q.y + b.h / 2);
  }
  return { w: x1 - x0, h: y1 - y0 };
}

/**
 * The positions wrapped into the number of bands that fits a W × H canvas best (the same map when one band
 * is best; once k bands are readable, k + 1 only when they gain GAIN: the IOR MPI-IO run at 1600×1000 came
 * out tangled in 3 bands for 6 % over 2). Each band keeps its own left edge at the drawing's. Each candidate is judged by the extent of its
 * boxes as wrapped. It is taken when it gains at least GAIN over the plain layout, or when it lifts the
 * labels to `readable` (the zoom of readable labels, filter.ts readableZoom) from below: otherwise the first
 * view would cut the graph or draw its nodes with their names only (autoFit.ts) while the full labels fit
 * wrapped. (Before, k bands were reckoned k × the whole drawing's height apart and 15 % was needed: the IOR
 * runs at 1280×720 were drawn in compact nodes — ior-untraced plain 0.80, reckoned 0.92, as wrapped 1.22.)
 */
export function wrapBands(pos: ReadonlyMap<string, Placed>, W: number, H: number, readable = 1): { pos: Map<string, { x: number; y: number }>; bands: number } {
  const boxes = [...pos.values()];
  const same = { pos: new Map([...pos].map(([id, p]) => [id, { x: p.x, y: p.y }])), bands: 1 };
  if (boxes.length < 4 || !(W > PAD && H > PAD)) return same;
  const x0 = Math.min(...boxes.map((b) => b.x - b.w / 2));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w / 2));
  const y0 = Math.min(...boxes.map((b) => b.y - b.h / 2));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h / 2));
  const width = x1 - x0;
  const cuts = cutPoints(boxes);
  const base = zoomOf(width, y1 - y0, W, H);
  // labels at full size (zoom ≥ 1) already: the plain layout reads better
  if (base >= 1) return same;
  let best = { zoom: base, at: [] as number[], pos: same.pos };
  for (let k = 2; k <= Math.min(6, cuts.length + 1); k++) {
    // the cut nearest to each i/k of the width, in order, each used once
    const at: number[] = [];
    for (let i = 1; i < k; i++) {
      const want = x0 + (i * width) / k;
      const c = cuts.filter((x) => x > (at[at.length - 1] ?? -Infinity)).reduce((m, x) => (Math.abs(x - want) < Math.abs(m - want) ? x : m), Infinity);
      if (!Number.isFinite(c)) break;
      at.push(c);
    }
    if (at.length !== k - 1) continue;
    const wrapped = place(pos, at, x0);
    const e = extent(pos, wrapped);
    const zoom = zoomOf(e.w, e.h, W, H);
    // fewer bands read better (fewer edges run back across the drawing): once k bands draw the labels
    // readable, more only when they draw them GAIN larger
    const better = best.at.length === 0 || best.zoom < readable ? zoom > best.zoom : Math.min(MAX_ZOOM, zoom) >= Math.min(MAX_ZOOM, best.zoom) * GAIN;
    if (better) best = { zoom, at, pos: wrapped };
  }
  const gains = Math.min(MAX_ZOOM, best.zoom) >= base * GAIN;
  const lifts = base < readable && best.zoom >= readable;
  if (best.at.length === 0 || !(gains || lifts)) return same;
  return { pos: best.pos, bands: best.at.length + 1 };
}
