/**
 * The zoom a drawing would fit at, judged from its layout alone (positions and node boxes) before it is drawn:
 * the first view's tries (autoFit.ts) that are far too large are judged from this instead of being drawn — on a
 * log of 75 activities the first guess of 62 was laid out AND drawn (Cytoscape's elements, styles, label boxes,
 * a render: ~0.5 s of the page's thread at 1024×700) only to be judged unreadable and replaced by 7.
 *
 * The drawing's bounding box holds every node's box (edges, arrows and labels only add to it), so this zoom is
 * never below CyView.fitZoom()'s of the same drawing: a try it finds below `readable × SKIP_BELOW` would be
 * drawn smaller still. The chosen drawing is always drawn and judged as before.
 */
import type { Pos } from './useCyView';

/** A try whose layout-alone zoom is below this share of the readable zoom is judged without being drawn. */
export const SKIP_BELOW = 0.5;

/** min over the axes of (canvas − CyView.fitZoom's 48 px margin) / the extent of the node boxes; Infinity without nodes. */
export function layoutZoom(nodes: readonly { id: string; w: number; h: number }[], pos: (id: string) => Pos, canvas: { w: number; h: number }): number {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const n of nodes) {
    const p = pos(n.id);
    x0 = Math.min(x0, p.x - n.w / 2);
    x1 = Math.max(x1, p.x + n.w / 2);
    y0 = Math.min(y0, p.y - n.h / 2);
    y1 = Math.max(y1, p.y + n.h / 2);
  }
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w > 0 && h > 0)) return Infinity;
  return Math.min((canvas.w - 48) / w, (canvas.h - 48) / h);
}

/** Whether a first-view try is plainly too large to be worth drawing (see above). */
export function plainlyUnreadable(zoom: number, readable: number): boolean {
  return zoom < readable * SKIP_BELOW;
}
