/**
 * Data updates of Cytoscape elements that set only what differs: Cytoscape restyles an element on every
 * data set, even of the value it has, and the restyle is what the edge labels' boxes (CyView.declutterLabels)
 * then measure again — most of a redraw's cost when nothing changed. And where an edge's line and label are.
 */
import type { CollectionReturnValue, EdgeSingular, SingularElementArgument } from 'cytoscape';
import type { Pt } from './labelPlace';

/** The data keys that move or size a label or a node, or order the labels (a change of only the others
 * leaves declutterLabels' result as it was). */
export const NODE_SIZE = new Set(['label', 'w', 'h', 'ring']);
export const EDGE_SIZE = new Set(['label', 'width', 'count']);

/** Sets the values of `want` that differ from the element's (arrays by their items); whether any of `size`. */
export function setChanged(ele: CollectionReturnValue | SingularElementArgument, want: Record<string, unknown>, size: ReadonlySet<string>): boolean {
  if (ele.empty()) return false;
  const cur = ele.data() as Record<string, unknown>;
  const diff: Record<string, unknown> = {};
  let any = false;
  let sized = false;
  for (const k of Object.keys(want)) {
    const a = cur[k];
    const b = want[k];
    if (a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]))) continue;
    diff[k] = b;
    any = true;
    sized ||= size.has(k);
  }
  if (any) ele.data(diff);
  return sized;
}

/** The edge's source endpoint, control points and target endpoint (model coordinates). */
export function edgePoints(e: EdgeSingular): Pt[] {
  let ctrl: Pt[];
  try {
    ctrl = e.controlPoints() ?? [];
  } catch {
    ctrl = [];
  }
  // (an edge not drawn yet — just moved into a lane — has no endpoints until the next frame)
  const s = e.sourceEndpoint() as Pt | undefined;
  const t = e.targetEndpoint() as Pt | undefined;
  return s && t && Number.isFinite(s.x) && Number.isFinite(t.x) ? [s, ...ctrl, t] : [];
}

/** Where the edge's label is drawn: its midpoint, moved along the edge by declutterLabels (not a loop's). */
export function labelAt(e: EdgeSingular): Pt {
  const m = e.midpoint();
  return e.isLoop() ? m : { x: m.x + ((e.data('lx') as number | undefined) ?? 0), y: m.y + ((e.data('ly') as number | undefined) ?? 0) };
}
