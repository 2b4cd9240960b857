/**
 * A long left-to-right DFG (a chain of ranks, e.g. `ls` vs `ls -l`: 8 activities, 10 ranks) fitted into a
 * wide but low canvas comes out at half the label size. Like a line of text, it is wrapped: the layout is
 * cut between rank columns into k bands stacked top to bottom (band b moved left by its start and down by
 * b × (height + gap)), k chosen to give the largest zoom that fits the canvas — only when the plain layout
 * would draw the labels below their full size. Edges between bands run from the right end of one band to
 * the left start of the next. Pure: positions in, positions out.
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

/**
 * The positions wrapped into the number of bands that fits a W × H canvas best (the same map when one band
 * is best, or when wrapping gains less than GAIN). Each band keeps its own left edge at the drawing's.
 */
export function wrapBands(pos: ReadonlyMap<string, Placed>, W: number, H: number): { pos: Map<string, { x: number; y: number }>; bands: number } {
  const boxes = [...pos.values()];
  const same = { pos: new Map([...pos].map(([id, p]) => [id, { x: p.x, y: p.y }])), bands: 1 };
  if (boxes.length < 4 || !(W > PAD && H > PAD)) return same;
  const x0 = Math.min(...boxes.map((b) => b.x - b.w / 2));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w / 2));
  const y0 = Math.min(...boxes.map((b) => b.y - b.h / 2));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h / 2));
  const width = x1 - x0;
  const height = y1 - y0;
  const cuts = cutPoints(boxes);
  const base = zoomOf(width, height, W, H);
  // labels at full size (zoom ≥ 1) already: the plain layout reads better
  if (base >= 1) return same;
  let best = { zoom: base, at: [] as number[] };
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
    const edges = [x0, ...at, x1];
    let bandW = 0;
    for (let i = 0; i < k; i++) bandW = Math.max(bandW, edges[i + 1] - edges[i]);
    const zoom = zoomOf(bandW, k * height + (k - 1) * BAND_GAP, W, H);
    if (zoom > best.zoom) best = { zoom, at };
  }
  if (best.at.length === 0 || Math.min(MAX_ZOOM, best.zoom) < base * GAIN) return same;
  const starts = [x0, ...best.at];
  const out = new Map<string, { x: number; y: number }>();
  for (const [id, p] of pos) {
    let b = 0;
    while (b < best.at.length && p.x > best.at[b]) b++;
    out.set(id, { x: p.x - (starts[b] - x0), y: p.y + b * (height + BAND_GAP) });
  }
  return { pos: out, bands: best.at.length + 1 };
}
