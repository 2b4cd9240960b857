/**
 * The graph's Cytoscape instance (CyView) and layout worker, created once per panel: hover → the tooltip
 * (inside the canvas, never under the pane below it), taps → the panel's callbacks, right-click → the node
 * menu, drags remembered until the next layout; the colour scheme followed while the page is open.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { END, START } from '../../analysis/types';
import { formatCount } from '../../lib/format';
import type { GraphPanelProps } from '../contracts';
import { setGraphReader } from '../testHook';
import { CyView } from './cyView';
import type { ShownEdge } from './filter';
import { edgeTooltipRows, nodeTooltipRows } from './labels';
import { laneRows } from './layerLanes';
import { takeLayoutClient, type LayoutClient } from './layoutClient';
import { onSchemeChange, readTheme } from './theme';
import { fillTooltip } from './tooltip';

export type Pos = { x: number; y: number };

/** Shows the tooltip at (x, y) of the canvas: right of and below the pointer, above it when it would not fit. */
function place(tip: HTMLDivElement, host: HTMLDivElement, x: number, y: number): void {
  tip.style.display = 'block';
  tip.style.left = `${Math.min(x + 14, Math.max(0, host.clientWidth - tip.offsetWidth - 4))}px`;
  const h = host.clientHeight;
  const below = y + 14;
  tip.style.top = `${below + tip.offsetHeight <= h - 2 ? below : Math.max(0, Math.min(y - tip.offsetHeight - 10, h - tip.offsetHeight - 2))}px`;
}

export function useCyView(propsRef: RefObject<GraphPanelProps>, shownEdges: RefObject<Map<string, ShownEdge>>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<CyView | null>(null);
  const clientRef = useRef<LayoutClient | null>(null);
  // nodes the user dragged (canvas coordinates, after wrapping), until the next layout
  const drags = useRef(new Map<string, Pos>());
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | null>(null);

  useEffect(() => {
    const host = hostRef.current!;
    const tip = tipRef.current!;
    const hide = (): void => void (tip.style.display = 'none');
    const view = new CyView(host, {
      onHoverNode(id, x, y) {
        if (id === null) return hide();
        const r = propsRef.current.result;
        if (id === START || id === END) fillTooltip(tip, id === START ? '● start of every case' : '■ end of every case', [['cases', formatCount(r.cases)]]);
        else {
          const a = r.nodes.find((n) => n.id === id);
          fillTooltip(tip, id, [...(a ? nodeTooltipRows(a, r.partition?.nodes[id]) : []), ...laneRows(propsRef.current.layers, id)]);
        }
        place(tip, host, x, y);
      },
      onHoverEdge(id, x, y) {
        const e = id === null ? undefined : shownEdges.current.get(id);
        if (!e) return hide();
        fillTooltip(tip, `${e.source} → ${e.target}`, edgeTooltipRows(e, propsRef.current.result.partition?.edges[`${e.source} -> ${e.target}`]));
        place(tip, host, x, y);
      },
      onTapNode: (id) => propsRef.current.onSelectNode(id),
      onTapEdge: (s, t) => propsRef.current.onSelectEdge(s, t),
      onContextNode: (id, x, y) => {
        hide();
        if (id !== START && id !== END) setMenu({ id, x, y });
      },
      onTapBackground: () => setMenu(null),
      onDragged: (id, x, y) => void drags.current.set(id, { x, y }),
      onViewport: hide,
    }, readTheme());
    viewRef.current = view;
    clientRef.current = takeLayoutClient();
    setGraphReader(() => view.model());
    const unScheme = onSchemeChange(() => view.setTheme(readTheme()));
    return () => {
      unScheme();
      setGraphReader(null);
      clientRef.current?.dispose();
      clientRef.current = null;
      view.destroy();
      viewRef.current = null;
    };
  }, [propsRef, shownEdges]);

  return { hostRef, tipRef, viewRef, clientRef, drags, menu, setMenu };
}
