/**
 * The DFG panel (docs/METHOD.md "Traces and the Directly-Follows Graph", "Colouring"). One Cytoscape instance (CyView) created on mount;
 * sliders → filterGraph (pure) → elements (pure) → CyView diff/update. Positions come from the layout
 * worker for a stable universe of activities (layoutPlan.ts) and are reused while sliders, colouring or
 * the partition change; dragged nodes keep their place until the next new layout.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { END, START, type AnalysisResult } from '../../analysis/types';
import { formatCount } from '../../lib/format';
import type { GraphPanelProps } from '../contracts';
import { setGraphReader } from '../testHook';
import { trackUi } from '../idle';
import { CyView, edgeId } from './cyView';
import { buildElements } from './elements';
import { DEFAULT_MAX_ACTIVITIES, DEFAULT_MAX_EDGES, FIT_TRIES, SMALL_GRAPH, SMALL_GRAPH_MIN_ZOOM, defaultFilter, edgeCountStops, estimateFit, filterGraph, firstViewNext, indexDfg, materialCount, readableZoom, rankActivities, thresholdFor, type FilterOptions, type FilteredGraph, type ShownEdge } from './filter';
import { NodeContextMenu } from './ContextMenu';
import { exportLegend, exportPng, exportSvg } from './exportImage';
import { GraphLegend, GraphToolbar, shownText } from './GraphControls';
import { edgeTooltipRows, labelBox, nodeLabelLines, nodeTooltipRows } from './labels';
import { takeLayoutClient, type LayoutClient } from './layoutClient';

/** Starts the layout worker ahead of the first graph (the panel's chunk is fetched while files load). */
export { warmLayout } from './layoutClient';
import { LOOP_SPACE, buildLayoutRequest, layoutUniverse, loopShift } from './layoutPlan';
import { wrapBands } from './wrapBands';
import { onSchemeChange, readTheme } from './theme';
import { fillTooltip } from './tooltip';
import { activityLayers, lanePlan, laneRows } from './layerLanes';
import { useGraphKeyboard } from './useGraphKeyboard';

type Pos = { x: number; y: number };

/** A graph of at most this many activities is shown whole when compact nodes make it fit (#28.1). */
const WHOLE_GRAPH = 8;

/** Below this panel height (CSS px: toolbar, canvas, legend) the legend shows only its first line until opened. */
const SMALL_PANEL = 460;

/** "showing N of M activities, …" when the graph is cut (for the exports), else null. */
const cutText = (graph: FilteredGraph): string | null => {
  const s = shownText(graph);
  return s.hidden ? s.text : null;
};

/** Changes when the set of activities/edges changes (not when only the partition or colours change). */
function signature(r: AnalysisResult): string {
  let h = 2166136261;
  const mix = (s: string): void => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  };
  for (const n of r.nodes) mix(n.id);
  for (const e of r.edges) {
    mix(e.source);
    mix(e.target);
  }
  return `${r.nodes.length}|${r.edges.length}|${h >>> 0}`;
}

export function GraphPanel(props: GraphPanelProps) {
  const { result, colorMode, edgeLabel, direction, selected, marked } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<CyView | null>(null);
  const clientRef = useRef<LayoutClient | null>(null);
  const propsRef = useRef(props);
  const posRef = useRef<{ key: string; pos: Map<string, Pos> }>({ key: '', pos: new Map() });
  // nodes the user dragged (canvas coordinates, after wrapping), until the next layout
  const drags = useRef(new Map<string, Pos>());
  // the zoom of the last fit of a new drawing (0: none yet)
  const fittedZoom = useRef(0);
  const layoutSeq = useRef(0);
  const relayoutSeen = useRef(0);
  const fitNext = useRef(true);
  const judgedRef = useRef('');
  const lanesDrawn = useRef<Map<string, string> | null>(null);
  const t0Ref = useRef(0);
  useEffect(() => {
    propsRef.current = props;
  });

  const dfg = useMemo(() => indexDfg(result), [result]);
  const stats = useMemo(() => new Map(result.nodes.map((n) => [n.id, n])), [result]);
  const sig = useMemo(() => signature(result), [result]);
  // Sliders: what the user set for this set of activities; before any slider move, the view's (a link's);
  // else the default for the result (a new set of activities starts from the default again).
  const [filterState, setFilterState] = useState<{ sig: string; opts: FilterOptions } | null>(null);
  const linked = props.filter;
  const linkedOpts = useMemo(() => {
    if (!linked || (linked.activities === null && linked.paths === null)) return null;
    const d = defaultFilter(result, linked.rankBy);
    return { rankBy: linked.rankBy, maxActivities: linked.activities ?? d.maxActivities, minEdgeCount: linked.paths ?? d.minEdgeCount };
  }, [result, linked]);
  const onFilter = props.onFilter;
  useEffect(() => {
    if (filterState && filterState.sig !== sig) onFilter?.({ activities: null, paths: null, rankBy: filterState.opts.rankBy });
  }, [filterState, sig, onFilter]);
  // Until the user moves a slider (or a link sets one), the number of activities is what fits legibly.
  // the canvas' size once a resize settled (the wrapping of a long drawing follows it)
  const [settled, setSettled] = useState({ w: 0, h: 0 });
  const [auto, setAuto] = useState<{ sig: string; size: string; n: number; tries: number; done: boolean; compact?: boolean } | null>(null);
  // the first view is chosen again when the canvas settles at another size while it is being chosen (e.g.
  // the overview arrived)
  const sizeKey = `${Math.round(settled.w / 40)}x${Math.round(settled.h / 40)}`;
  const rankBy = linked?.rankBy ?? 'rd';
  const material = useMemo(() => materialCount(result), [result]);
  const userOpts = filterState ? (filterState.sig === sig ? filterState.opts : null) : linkedOpts;
  // (once chosen it stays: a pane that opens later never changes which activities are shown)
  const autoNow = userOpts === null && auto?.sig === sig && (auto.done || auto.size === sizeKey) ? auto : null;
  const opts = useMemo(() => {
    if (userOpts) return userOpts;
    const d = defaultFilter(result, rankBy);
    // a small DFG is shown whole first, as the paper draws them (cut only when its labels would be too small)
    if (result.nodes.length <= SMALL_GRAPH && (autoNow === null || autoNow.n >= result.nodes.length)) return d;
    let n = autoNow?.n;
    if (n === undefined) {
      // the first guess from the canvas size; corrected after each layout (fitActivities)
      const boxes = rankActivities(result, d.rankBy).slice(0, DEFAULT_MAX_ACTIVITIES).map((id) => {
        const a = stats.get(id);
        return a ? labelBox(nodeLabelLines(a)) : { w: 100, h: 40 };
      });
      // never fewer than the activities with ≥ 5 % of the call time
      n = Math.max(Math.min(material, DEFAULT_MAX_ACTIVITIES), estimateFit(settled.w, settled.h, boxes, direction));
    }
    return { ...d, maxActivities: n, minEdgeCount: thresholdFor(result, d.rankBy, n, DEFAULT_MAX_EDGES) };
  }, [userOpts, autoNow, result, stats, direction, settled, rankBy, material]);
  const fitting = userOpts === null && (autoNow === null || !autoNow.done);
  // node boxes with the name only: the first view's last resort before labels would be drawn below 10 px
  const compact = autoNow?.compact === true;
  const deferredOpts = useDeferredValue(opts);
  const graph = useMemo(() => filterGraph(result, deferredOpts, dfg), [result, deferredOpts, dfg]);
  const stops = useMemo(() => edgeCountStops(result, graph.nodes), [result, graph.nodes]);
  const difference = props.difference ?? null;
  const elements = useMemo(() => buildElements(result, graph, colorMode, edgeLabel, stats, difference, compact), [result, graph, colorMode, edgeLabel, stats, difference, compact]);
  // grouped by layer: each activity in its layer's lane (layerLanes.ts)
  const layerReport = props.layers ?? null;
  const layerOf = useMemo(() => (props.groupBy === 'layer' && layerReport ? activityLayers(layerReport.activities, layerReport.layers) : null), [props.groupBy, layerReport]);
  const shownEdges = useRef(new Map<string, ShownEdge>());
  shownEdges.current = useMemo(() => new Map(graph.edges.map((e) => [edgeId(e.source, e.target), e])), [graph]);
  const [posVersion, setPosVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | null>(null);
  const [relayout, setRelayout] = useState(0);
  // the legend folds to its first line on a small canvas (it would cover nodes), unless the user opens it
  const [small, setSmall] = useState(false);
  const [legendChoice, setLegendChoice] = useState<boolean | null>(null);
  const legendOpen = legendChoice ?? !small;

  // The Cytoscape instance and the layout worker: created once.
  useEffect(() => {
    const host = hostRef.current!;
    const tip = tipRef.current!;
    // inside the canvas, never under the pane below it: above the pointer when it would not fit below
    const place = (x: number, y: number): void => {
      tip.style.display = 'block';
      const w = host.clientWidth;
      const h = host.clientHeight;
      tip.style.left = `${Math.min(x + 14, Math.max(0, w - tip.offsetWidth - 4))}px`;
      const below = y + 14;
      tip.style.top = `${below + tip.offsetHeight <= h - 2 ? below : Math.max(0, Math.min(y - tip.offsetHeight - 10, h - tip.offsetHeight - 2))}px`;
    };
    const view = new CyView(host, {
      onHoverNode(id, x, y) {
        if (id === null) return void (tip.style.display = 'none');
        const r = propsRef.current.result;
        const side = r.partition?.nodes[id];
        if (id === START || id === END) {
          fillTooltip(tip, id === START ? '● start of every case' : '■ end of every case', [['cases', formatCount(r.cases)]]);
        } else {
          const a = r.nodes.find((n) => n.id === id);
          fillTooltip(tip, id, [...(a ? nodeTooltipRows(a, side) : []), ...laneRows(propsRef.current.layers, id)]);
        }
        place(x, y);
      },
      onHoverEdge(id, x, y) {
        const e = id === null ? undefined : shownEdges.current.get(id);
        if (!e) return void (tip.style.display = 'none');
        const side = propsRef.current.result.partition?.edges[`${e.source} -> ${e.target}`];
        fillTooltip(tip, `${e.source} → ${e.target}`, edgeTooltipRows(e, side));
        place(x, y);
      },
      onTapNode: (id) => propsRef.current.onSelectNode(id),
      onTapEdge: (s, t) => propsRef.current.onSelectEdge(s, t),
      onContextNode: (id, x, y) => {
        tip.style.display = 'none';
        if (id !== START && id !== END) setMenu({ id, x, y });
      },
      onTapBackground: () => setMenu(null),
      onDragged: (id, x, y) => void drags.current.set(id, { x, y }),
      onViewport: () => {
        tip.style.display = 'none';
      },
    }, readTheme());
    viewRef.current = view;
    clientRef.current = takeLayoutClient();
    setGraphReader(() => view.model());
    // the colour scheme follows the system's, also when it changes while the page is open
    const unScheme = onSchemeChange(() => view.setTheme(readTheme()));
    return () => {
      unScheme();
      setGraphReader(null);
      clientRef.current?.dispose();
      clientRef.current = null;
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // Lay out what is shown whenever it changes (sliders, filters, mapping, case filters, direction, loops):
  // compact, then fitted. Nodes that stay are handed to dagre in their previous cross-axis order, which
  // its initial ordering follows, so they keep their relative order.
  const loops = useMemo(() => new Set(graph.edges.filter((e) => e.source === e.target).map((e) => e.source)), [graph.edges]);
  const layoutKey = useMemo(() => `${direction}${compact ? 'c' : ''}\u0002${graph.nodes.join('\u0001')}\u0002${[...loops].join('\u0001')}`, [direction, compact, graph.nodes, loops]);
  useEffect(() => {
    const forced = relayout !== relayoutSeen.current;
    if (!forced && posRef.current.key === layoutKey) return;
    relayoutSeen.current = relayout;
    const prev = posRef.current.pos;
    const cross = (id: string): number => {
      const p = prev.get(id);
      return p === undefined ? Infinity : direction === 'LR' ? p.y : p.x;
    };
    const shown = graph.nodes.filter((id) => id !== START && id !== END);
    const acts = shown.map((id, i) => ({ id, i, c: cross(id) })).sort((a, b) => a.c - b.c || a.i - b.i).map((x) => x.id);
    const universe = layoutUniverse(null, acts);
    const size = (id: string) => {
      const a = stats.get(id);
      return a ? labelBox(nodeLabelLines(a, compact)) : { w: 18, h: 18 };
    };
    const req = buildLayoutRequest(dfg, universe, size, direction, loops);
    const shift = loopShift(direction);
    const seq = ++layoutSeq.current;
    t0Ref.current = performance.now();
    setBusy(`laying out ${formatCount(req.ids.length)} nodes…`);
    clientRef.current
      ?.layout(req)
      .then(({ xy, ms }) => {
        if (seq !== layoutSeq.current) return;
        const pos = new Map<string, Pos>();
        req.ids.forEach((id, i) => {
          const l = loops.has(id);
          pos.set(id, { x: xy[2 * i] + (l ? shift.dx : 0), y: xy[2 * i + 1] + (l ? shift.dy : 0) });
        });
        posRef.current = { key: layoutKey, pos };
        drags.current = new Map();
        rootRef.current?.setAttribute('data-layout-ms', ms.toFixed(0));
        fitNext.current = true;
        setBusy(null);
        setLayoutError(null);
        setPosVersion((v) => v + 1);
      })
      .catch((err: Error) => {
        if (seq !== layoutSeq.current) return;
        setBusy(null);
        setLayoutError(`layout failed: ${err.message}`);
        // stop choosing: what is shown stays
        setAuto((a) => ({ sig, size: sizeKey, n: a?.sig === sig ? a.n : shown.length, tries: FIT_TRIES, done: true }));
      });
  }, [layoutKey, relayout, direction, graph.nodes, loops, stats, dfg, sig, sizeKey, compact]);

  // Cytoscape learns its container's new size at once, and the graph is fitted again (with the selected
  // node in view) once the size settles (window, panes, the overview). waitIdle waits for that fit.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settle: (() => void) | null = null;
    const done = (): void => {
      settle?.();
      settle = null;
    };
    const ro = new ResizeObserver(() => {
      // judged on the whole panel (the folded legend gives the canvas its lines back: no flip-flop)
      const panel = rootRef.current?.clientHeight ?? 0;
      setSmall(panel > 0 && panel < SMALL_PANEL);
      viewRef.current?.cy.resize();
      if (!settle) void trackUi(new Promise<void>((r) => (settle = r)));
      clearTimeout(timer);
      timer = setTimeout(() => {
        setSettled((c) => (c.w === host.clientWidth && c.h === host.clientHeight ? c : { w: host.clientWidth, h: host.clientHeight }));
        const view = viewRef.current;
        if (view) {
          view.cy.resize();
          // a pane that opens (a timeline, the tables) never shrinks the labels below 10 px
          // (SMALL_GRAPH_MIN_ZOOM) when the last fit drew them at least that large
          view.fit(1.4, Math.min(fittedZoom.current, SMALL_GRAPH_MIN_ZOOM));
          view.reveal(propsRef.current.selected);
        }
        done();
      }, 120);
    });
    ro.observe(host);
    return () => {
      clearTimeout(timer);
      done();
      ro.disconnect();
    };
  }, []);

  // A long left-to-right drawing is wrapped into bands that fit the canvas (wrapBands.ts), again whenever
  // the canvas' settled size changes.
  const wrapped = useMemo(() => {
    const raw = posRef.current.pos;
    if (direction !== 'LR' || posRef.current.key !== layoutKey) return { pos: raw, bands: 1 };
    const placed = new Map<string, { x: number; y: number; w: number; h: number }>();
    for (const [id, p] of raw) {
      const a = stats.get(id);
      const b = a ? labelBox(nodeLabelLines(a, compact)) : { w: 18, h: 18 };
      placed.set(id, { x: p.x, y: p.y, w: b.w, h: b.h + (loops.has(id) ? LOOP_SPACE : 0) });
    }
    return wrapBands(placed, settled.w, settled.h);
    // posVersion: a new layout is in posRef (a ref, so not a dependency by itself)
  }, [posVersion, settled, direction, layoutKey, stats, loops, compact]); // eslint-disable-line react-hooks/exhaustive-deps
  const wrappedSeen = useRef(wrapped);

  // Draw: diff elements when the visible topology changes; otherwise only data/classes.
  useEffect(() => {
    const view = viewRef.current;
    const store = posRef.current;
    if (!view || store.key !== layoutKey) return;
    const lanes = layerOf ? lanePlan(store.pos, layerOf, layerReport!.layers, stats, direction) : null;
    // grouped by layer: the lanes place the nodes (not wrapped); else the wrapped layout, dragged nodes where dropped
    const placed = lanes ? lanes.pos : wrapped.pos;
    const nodes = lanes ? [...lanes.nodes, ...elements.nodes] : elements.nodes;
    const pos = (id: string): Pos => (lanes ? undefined : drags.current.get(id)) ?? placed.get(id) ?? { x: 0, y: 0 };
    const ts = performance.now();
    view.setDirection(direction);
    const changed = view.setElements(nodes, elements.edges, pos);
    view.update(nodes, elements.edges, selected, marked);
    rootRef.current?.setAttribute('data-sync-ms', (performance.now() - ts).toFixed(0));
    rootRef.current?.setAttribute('data-bands', String(lanes ? 1 : wrapped.bands));
    // a drawing wrapped anew for a canvas that changed size (a pane opened), not a new layout: fitted like a
    // resize, never below the labels of the last new drawing's fit (capped at 10 px)
    let resized = false;
    if (lanesDrawn.current !== layerOf || wrappedSeen.current !== wrapped) {
      // lanes on, off or regrouped, or wrapped anew (a new layout, or the canvas changed): fit again
      resized = !fitNext.current && lanesDrawn.current === layerOf && fittedZoom.current > 0;
      lanesDrawn.current = layerOf;
      wrappedSeen.current = wrapped;
      fitNext.current = true;
    }
    const fit = fitNext.current;
    if (fit && !changed) view.setPositions(pos);
    // labels change with the edge-label kind and the positions: recheck which can be drawn
    view.declutterLabels();
    if (fit) {
      fitNext.current = false;
      if (resized) {
        // a chosen first view that no longer fits readably (a pane opened): its activities in compact nodes
        // (name only) rather than off the canvas; when even those do not fit, the labels stay readable and
        // the graph overflows (pan to see the rest)
        if (userOpts === null && autoNow?.done && !compact && view.fitZoom() < readableZoom(settled.w, settled.h)) setAuto({ ...autoNow, compact: true });
        view.fit(1.4, Math.min(fittedZoom.current, SMALL_GRAPH_MIN_ZOOM));
      } else {
        view.fit();
        fittedZoom.current = view.cy.zoom();
      }
    }
    // The first view: fewer activities until node labels are drawn at ≥ FONT_PX on screen (zoom ≥ 1); a
    // small DFG stays whole while they are readable (firstViewNext).
    // Judged once per (result, laid-out set, try), also when a new result keeps the set (no new layout).
    // Only once the drawing is of the current choice: the drawn graph follows `opts` a render later
    // (useDeferredValue), and a zoom judged on the previous drawing would cut again for nothing.
    // (not before the canvas' size settled: the wrapping and the zoom depend on it)
    const judge = `${sig}\u0003${sizeKey}\u0003${layoutKey}\u0003${autoNow?.tries ?? 0}`;
    if (fitting && settled.w > 0 && deferredOpts === opts && judgedRef.current !== judge) {
      judgedRef.current = judge;
      // (fit() caps the zoom: the zoom that would fit is what tells whether more would fit)
      const zoom = view.fitZoom();
      const tries = autoNow?.tries ?? 0;
      const readable = readableZoom(settled.w, settled.h);
      const next = firstViewNext(opts.maxActivities, zoom, tries, result.nodes.length, material, readable);
      // what must stay (≥ 5 % of the time) still drawn below readable labels, or a graph of ≤ 8 activities
      // that would be cut: the same activities in compact nodes first
      const whole = result.nodes.length <= WHOLE_GRAPH && opts.maxActivities >= result.nodes.length;
      if ((next === null || whole) && !compact && zoom < readable && tries < FIT_TRIES) setAuto({ sig, size: sizeKey, n: opts.maxActivities, tries: tries + 1, done: false, compact: true });
      else setAuto({ sig, size: sizeKey, n: next ?? opts.maxActivities, tries: tries + 1, done: next === null, compact });
    }
    if (fit) {
      const t0 = t0Ref.current;
      view.cy.one('render', () => {
        requestAnimationFrame(() => {
          rootRef.current?.setAttribute('data-draw-ms', (performance.now() - t0).toFixed(0));
          rootRef.current?.setAttribute('data-graph-ready', String(posVersion));
        });
      });
    }
  }, [elements, posVersion, wrapped, selected, marked, graph.nodes, direction, layoutKey, fitting, opts, deferredOpts, autoNow, sig, result.nodes.length, material, settled, sizeKey, compact, layerOf, layerReport, stats, userOpts]);

  const keys = useGraphKeyboard(viewRef, propsRef, direction, stats);

  return (
    <div ref={rootRef} data-testid="graph-panel" style={{ position: 'relative', display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      onKeyDown={(e) => e.key === 'Escape' && setMenu(null)}>
      <GraphToolbar result={result} opts={opts} stops={stops} graph={graph} busy={busy ?? (fitting ? 'choosing how many activities fit…' : null)}
        onOpts={(o) => {
          // a new ranking alone keeps the first view's choosing (what fits, by the new ranking)
          if (userOpts === null && o.maxActivities === opts.maxActivities && o.minEdgeCount === opts.minEdgeCount) return props.onFilter?.({ activities: null, paths: null, rankBy: o.rankBy });
          setFilterState({ sig, opts: o });
          props.onFilter?.({ activities: o.maxActivities, paths: o.minEdgeCount, rankBy: o.rankBy });
        }}
        onFit={() => viewRef.current?.fit()} onZoom={(f) => viewRef.current?.zoomBy(f)} onPan={(dx, dy) => viewRef.current?.panBy(dx, dy)}
        onRelayout={() => setRelayout((v) => v + 1)} legendOpen={legendOpen} onLegend={setLegendChoice}
        onPng={() => viewRef.current && exportPng(viewRef.current, exportLegend(rootRef.current, cutText(graph)))}
        onSvg={() => viewRef.current && exportSvg(viewRef.current, stats, exportLegend(rootRef.current, cutText(graph)), compact)} />
      <div style={{ position: 'relative', flex: '1 1 0', minHeight: 0 }}>
        <div ref={hostRef} data-testid="graph-canvas" className="graph-canvas" tabIndex={0} role="application" aria-roledescription="graph"
          aria-label="Graph: Tab and the arrow keys move between nodes, Enter opens the node's timeline, + and − zoom, 0 fits"
          style={{ position: 'absolute', inset: 0, background: 'var(--graph-bg, #FAFAFA)' }}
          onContextMenu={(e) => e.preventDefault()} onKeyDown={keys.onKeyDown} onFocus={keys.onFocus} onBlur={keys.onBlur} />
        <div className="sr-only" aria-live="polite" data-testid="graph-focus-text">{keys.focusText}</div>
        {layoutError ? <div role="alert" data-testid="graph-error" style={{ position: 'absolute', top: 8, left: 8, color: 'var(--error, #B71C1C)', background: 'var(--panel, #FFF)', padding: 4 }}>{layoutError}</div> : null}
        <div ref={tipRef} data-testid="graph-tooltip" role="tooltip" style={{
          position: 'absolute', display: 'none', pointerEvents: 'none', background: 'var(--panel, #FFFFFF)', color: 'var(--fg, #222)', border: '1px solid var(--border-strong, #999)', borderRadius: 4,
          padding: '4px 6px', fontSize: 11, maxWidth: 420, boxShadow: '0 2px 6px var(--shadow, rgba(0,0,0,0.2))', zIndex: 5,
        }} />
        {menu ? (
          <NodeContextMenu menu={menu} onKeep={(k) => {
            setMenu(null);
            propsRef.current.onKeepCases(menu.id, k);
          }} />
        ) : null}
      </div>
      <GraphLegend result={result} colorMode={colorMode} metricMax={elements.metricMax} rings={elements.rings} folded={!legendOpen} cases={difference?.n} />
    </div>
  );
}
