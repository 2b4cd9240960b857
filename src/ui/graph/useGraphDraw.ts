/**
 * Draws the laid-out graph: diffs the elements when the visible topology changes (else only data/classes),
 * places them (grouped by layer: in their lanes; else wrapped, dragged nodes where dropped), fits a new
 * drawing, and — while the first view is being chosen — judges the fit once per (result, drawing, try) and
 * tells the reducer (autoFit.ts).
 */
import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import type { ActivityStats } from '../../analysis/types';
import type { LayerReport } from '../../analysis/layers/report';
import type { AutoFit, AutoFitAction } from './autoFit';
import type { LabelDetail } from './labels';
import type { CyView } from './cyView';
import type { buildElements } from './elements';
import { SMALL_GRAPH_MIN_ZOOM, readableZoom, type FilterOptions } from './filter';
import { lanePlan } from './layerLanes';
import { layoutZoom, plainlyUnreadable } from './layoutZoom';
import type { Pos } from './useCyView';
import type { Laid } from './useGraphLayout';

export interface DrawInput {
  view: RefObject<CyView | null>;
  root: RefObject<HTMLDivElement | null>;
  drags: RefObject<Map<string, Pos>>;
  /** The zoom of the last fit of a new drawing (0: none yet): a resize never fits below its labels. */
  fittedZoom: RefObject<number>;
  laid: Laid;
  layoutKey: string;
  wrapped: { pos: Map<string, Pos>; bands: number };
  elements: ReturnType<typeof buildElements>;
  selected: string | null;
  marked: readonly string[] | undefined;
  direction: 'LR' | 'TB';
  layerOf: Map<string, string> | null;
  layers: LayerReport | null;
  stats: Map<string, ActivityStats>;
  canvas: { w: number; h: number };
  first: { sig: string; size: string; fit: AutoFit; fitting: boolean; user: boolean; detail: LabelDetail; material: number; total: number; opts: FilterOptions; drawnOpts: FilterOptions; dispatch: Dispatch<AutoFitAction> };
}

export function useGraphDraw(d: DrawInput): void {
  const { view: viewRef, root, drags, fittedZoom, laid, layoutKey, wrapped, elements, selected, marked, direction, layerOf, layers, stats, canvas, first } = d;
  const { sig, size, fit, fitting, user, detail, material, total, opts, drawnOpts, dispatch } = first;
  const seen = useRef({ laid: null as Laid | null, wrapped: null as DrawInput['wrapped'] | null, lanes: null as Map<string, string> | null, judged: '', lessened: false, key: '' });
  useEffect(() => {
    const view = viewRef.current;
    if (!view || laid.key !== layoutKey) return;
    const s = seen.current;
    const lanes = layerOf && layers ? lanePlan(laid.pos, layerOf, layers.layers, stats, direction) : null;
    const placed = lanes ? lanes.pos : wrapped.pos;
    const nodes = lanes ? [...lanes.nodes, ...elements.nodes] : elements.nodes;
    const pos = (id: string): Pos => (lanes ? undefined : drags.current.get(id)) ?? placed.get(id) ?? { x: 0, y: 0 };
    const readable = readableZoom(canvas.w, canvas.h);
    // The first view, judged once per (result, canvas size, drawing, try) — only once the drawing is of the
    // current choice (the drawn sliders follow a render later: useDeferredValue) and the canvas settled.
    const judge = `${sig}\u0003${size}\u0003${layoutKey}\u0003${fit?.tries ?? 0}`;
    const judging = fitting && canvas.w > 0 && drawnOpts === opts && s.judged !== judge;
    // a try its layout alone shows far too large for readable labels is not drawn (layoutZoom.ts): judged from
    // its layout, or, before the canvas settled (the canvas-less first guess: 62 of 75 activities at 1024×700),
    // only left out — the choice is made for the settled canvas (by the container's size meanwhile; without a
    // ResizeObserver the canvas never settles: drawn as before)
    const live = canvas.w > 0 ? canvas : typeof ResizeObserver !== 'undefined' ? { w: view.cy.width(), h: view.cy.height() } : { w: 0, h: 0 };
    const est = fitting && !lanes && live.w > 0 && live.h > 0 ? layoutZoom(nodes, pos, live) : Infinity;
    if (plainlyUnreadable(est, readableZoom(live.w, live.h))) {
      if (judging) {
        s.judged = judge;
        dispatch({ type: 'judged', sig, size, n: opts.maxActivities, zoom: est, readable, total, material, detail });
      }
      return;
    }
    const ts = performance.now();
    view.setDirection(direction);
    const changed = view.setElements(nodes, elements.edges, pos);
    view.update(nodes, elements.edges, selected, marked);
    root.current?.setAttribute('data-sync-ms', (performance.now() - ts).toFixed(0));
    root.current?.setAttribute('data-bands', String(lanes ? 1 : wrapped.bands));
    // a new layout, lanes on, off or regrouped: a new drawing, fitted; wrapped anew for a canvas that changed
    // size (a pane opened): fitted like a resize, never below the labels of the last new drawing's fit
    const fresh = s.laid !== laid || s.lanes !== layerOf;
    const resized = !fresh && s.wrapped !== wrapped && fittedZoom.current > 0;
    // a layout again of the drawing already shown (the same layout key: Re-layout, or a layout answered
    // twice), not a new drawing
    const again = fresh && s.key === layoutKey && fittedZoom.current > 0 && fit?.done === true;
    s.key = layoutKey;
    s.laid = laid;
    s.lanes = layerOf;
    s.wrapped = wrapped;
    if ((fresh || resized) && !changed) view.setPositions(pos);
    // labels change with the edge-label kind and the positions: recheck which can be drawn
    view.declutterLabels();
    // a chosen first view that no longer fits readably (resized, or drawn anew with less text for that): its
    // activities with less text rather than off the canvas, one level a drawing; when even the names do not
    // fit, the labels stay readable and the graph overflows (pan to see it)
    const lessened = fresh && s.lessened;
    const lessen = (resized || lessened || again) && !user && fit?.done === true && detail !== 'name' && view.fitZoom() < readable;
    if (resized || (fresh && !again)) s.lessened = lessen;
    if (lessen) dispatch({ type: 'unreadable' });
    // (a drawing with less text, for a pane that opened, and the same drawing laid out again are fitted like
    // a resize: never below the labels of the last new drawing's fit)
    if (resized || lessened || again) {
      view.fit(1.4, Math.min(fittedZoom.current, SMALL_GRAPH_MIN_ZOOM));
    } else if (fresh) {
      // lanes are not wrapped into bands and the first view's choosing does not hold for a link's or the
      // user's number of activities: their labels keep the 10 px floor, the graph overflows (pan to see it)
      view.fit(1.4, lanes ? SMALL_GRAPH_MIN_ZOOM : 0);
      fittedZoom.current = view.cy.zoom();
    }
    if (judging) {
      s.judged = judge;
      // (fit() caps the zoom: the zoom that would fit is what tells whether more would fit)
      dispatch({ type: 'judged', sig, size, n: opts.maxActivities, zoom: view.fitZoom(), readable, total, material, detail });
    }
    if (fresh) {
      view.cy.one('render', () => {
        requestAnimationFrame(() => {
          root.current?.setAttribute('data-draw-ms', (performance.now() - laid.t0).toFixed(0));
          root.current?.setAttribute('data-graph-ready', String(laid.version));
        });
      });
    }
  }, [viewRef, root, drags, fittedZoom, laid, layoutKey, wrapped, elements, selected, marked, direction, layerOf, layers, stats, canvas, sig, size, fit, fitting, user, detail, material, total, opts, drawnOpts, dispatch]);
}
