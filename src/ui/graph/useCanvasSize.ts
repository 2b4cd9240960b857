/**
 * The graph canvas' size: Cytoscape learns its container's new size at once, and once the size settles
 * (window, panes, the overview) the graph is fitted again with the selected node in view — never below the
 * labels of the last new drawing's fit (SMALL_GRAPH_MIN_ZOOM: a pane that opens keeps them ≥ 10 px).
 * waitIdle (the e2e hook) waits for that fit.
 */
import { useEffect, useState, type RefObject } from 'react';
import { trackUi } from '../idle';
import type { CyView } from './cyView';
import { SMALL_GRAPH_MIN_ZOOM } from './filter';

/** Below this panel height (CSS px: toolbar, canvas, legend) the legend shows only its first line until opened. */
const SMALL_PANEL = 460;

export function useCanvasSize(host: RefObject<HTMLDivElement | null>, panel: RefObject<HTMLDivElement | null>, viewRef: RefObject<CyView | null>, fittedZoom: RefObject<number>, props: RefObject<{ selected: string | null }>) {
  // the canvas' size once a resize settled (the wrapping of a long drawing follows it)
  const [settled, setSettled] = useState({ w: 0, h: 0 });
  // the legend folds to its first line on a small panel (it would cover nodes)
  const [small, setSmall] = useState(false);
  useEffect(() => {
    const el = host.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settle: (() => void) | null = null;
    const done = (): void => {
      settle?.();
      settle = null;
    };
    const ro = new ResizeObserver(() => {
      // judged on the whole panel (the folded legend gives the canvas its lines back: no flip-flop)
      const h = panel.current?.clientHeight ?? 0;
      setSmall(h > 0 && h < SMALL_PANEL);
      viewRef.current?.cy.resize();
      if (!settle) void trackUi(new Promise<void>((r) => (settle = r)));
      clearTimeout(timer);
      timer = setTimeout(() => {
        setSettled((c) => (c.w === el.clientWidth && c.h === el.clientHeight ? c : { w: el.clientWidth, h: el.clientHeight }));
        const view = viewRef.current;
        if (view) {
          view.cy.resize();
          view.fit(1.4, Math.min(fittedZoom.current, SMALL_GRAPH_MIN_ZOOM));
          view.reveal(props.current.selected);
        }
        done();
      }, 120);
    });
    ro.observe(el);
    return () => {
      clearTimeout(timer);
      done();
      ro.disconnect();
    };
  }, [host, panel, viewRef, fittedZoom, props]);
  return { settled, small };
}
