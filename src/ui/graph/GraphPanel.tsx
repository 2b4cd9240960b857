/**
 * The DFG panel (docs/METHOD.md "Traces and the Directly-Follows Graph", "Colouring"). One Cytoscape instance
 * (useCyView) created on mount; sliders (useFirstView: the user's, a link's or the first view's choice,
 * autoFit.ts) → filterGraph (pure) → elements (pure) → layout (useGraphLayout: the layout worker for the
 * shown activities, reused while sliders, colouring or the partition change, wrapped to the canvas) → draw
 * (useGraphDraw). Dragged nodes keep their place until the next new layout.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { AnalysisResult } from '../../analysis/types';
import type { GraphPanelProps } from '../contracts';
import { edgeId } from './cyView';
import { buildElements } from './elements';
import { edgeCountStops, filterGraph, indexDfg, type FilteredGraph, type ShownEdge } from './filter';
import { NodeContextMenu } from './ContextMenu';
import { exportLegend, exportPng, exportSvg } from './exportImage';
import { GraphLegend, GraphToolbar } from './GraphControls';
import { shownText } from './shown';
import { GraphTooltip } from './GraphTooltip';
import { activityLayers } from './layerLanes';
import { useCanvasSize } from './useCanvasSize';
import { useCyView } from './useCyView';
import { useFirstView } from './useFirstView';
import { useGraphDraw } from './useGraphDraw';
import { useGraphKeyboard } from './useGraphKeyboard';
import { useGraphLayout } from './useGraphLayout';

/** Starts the layout worker ahead of the first graph (the panel's chunk is fetched while files load). */
export { warmLayout } from './layoutClient';

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
  const propsRef = useRef(props);
  const shownEdges = useRef(new Map<string, ShownEdge>());
  const fittedZoom = useRef(0);
  useEffect(() => {
    propsRef.current = props;
  });
  const cy = useCyView(propsRef, shownEdges);
  const { settled, small } = useCanvasSize(cy.hostRef, rootRef, cy.viewRef, fittedZoom, propsRef);
  const dfg = useMemo(() => indexDfg(result), [result]);
  const stats = useMemo(() => new Map(result.nodes.map((n) => [n.id, n])), [result]);
  const sig = useMemo(() => signature(result), [result]);
  const first = useFirstView({ result, sig, linked: props.filter, onFilter: props.onFilter, canvas: settled, direction, stats });
  const { opts, detail, dispatch } = first;
  const drawnOpts = useDeferredValue(opts);
  const graph = useMemo(() => filterGraph(result, drawnOpts, dfg), [result, drawnOpts, dfg]);
  const stops = useMemo(() => edgeCountStops(result, graph.nodes), [result, graph.nodes]);
  const difference = props.difference ?? null;
  const elements = useMemo(() => buildElements(result, graph, colorMode, edgeLabel, stats, difference, detail), [result, graph, colorMode, edgeLabel, stats, difference, detail]);
  useEffect(() => {
    shownEdges.current = new Map(graph.edges.map((e) => [edgeId(e.source, e.target), e]));
  }, [graph]);
  // grouped by layer: each activity in its layer's lane (layerLanes.ts)
  const layers = props.layers ?? null;
  const layerOf = useMemo(() => (props.groupBy === 'layer' && layers ? activityLayers(layers.activities, layers.layers) : null), [props.groupBy, layers]);
  const loops = useMemo(() => new Set(graph.edges.filter((e) => e.source === e.target).map((e) => e.source)), [graph.edges]);
  const [relayout, setRelayout] = useState(0);
  const { drags } = cy;
  const onLaid = useCallback((ms: number) => {
    drags.current = new Map();
    rootRef.current?.setAttribute('data-layout-ms', ms.toFixed(0));
  }, [drags]);
  const onFailed = useCallback((shown: number) => dispatch({ type: 'layoutFailed', sig, size: first.size, shown }), [dispatch, sig, first.size]);
  const layout = useGraphLayout({ nodes: graph.nodes, loops, direction, detail, stats, dfg, relayout, canvas: settled, client: cy.clientRef, onLaid, onFailed, fitting: first.fitting });
  useGraphDraw({
    view: cy.viewRef, root: rootRef, drags, fittedZoom, laid: layout.laid, layoutKey: layout.key, wrapped: layout.wrapped, elements, selected, marked, direction, layerOf, layers, stats, canvas: settled,
    first: { sig, size: first.size, fit: first.fit, fitting: first.fitting, user: first.user, detail, material: first.material, total: result.nodes.length, opts, drawnOpts, dispatch },
  });
  const keys = useGraphKeyboard(cy.viewRef, propsRef, direction, stats);
  const [legendChoice, setLegendChoice] = useState<boolean | null>(null);
  const legendOpen = legendChoice ?? !small;
  const view = () => cy.viewRef.current;

  return (
    <div ref={rootRef} data-testid="graph-panel" style={{ position: 'relative', display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      onKeyDown={(e) => e.key === 'Escape' && cy.setMenu(null)}>
      <GraphToolbar result={result} opts={opts} stops={stops} graph={graph} busy={layout.busy ?? (first.fitting ? 'choosing how many activities fit…' : null)} onOpts={first.onOpts}
        onFit={() => view()?.fit()} onZoom={(f) => view()?.zoomBy(f)} onPan={(dx, dy) => view()?.panBy(dx, dy)}
        onRelayout={() => setRelayout((v) => v + 1)} legendOpen={legendOpen} onLegend={setLegendChoice}
        onPng={() => view() && exportPng(view()!, exportLegend(rootRef.current, cutText(graph)))}
        onSvg={() => view() && exportSvg(view()!, stats, exportLegend(rootRef.current, cutText(graph)), detail)} />
      <div style={{ position: 'relative', flex: '1 1 0', minHeight: 0 }}>
        <div ref={cy.hostRef} data-testid="graph-canvas" className="graph-canvas" tabIndex={0} role="application" aria-roledescription="graph"
          aria-label="Graph: Tab and the arrow keys move between nodes, Enter opens the node's timeline, + and − zoom, 0 fits"
          style={{ position: 'absolute', inset: 0, background: 'var(--graph-bg, #FAFAFA)' }}
          onContextMenu={(e) => e.preventDefault()} onKeyDown={keys.onKeyDown} onFocus={keys.onFocus} onBlur={keys.onBlur} />
        <div className="sr-only" aria-live="polite" data-testid="graph-focus-text">{keys.focusText}</div>
        {layout.error ? <div role="alert" data-testid="graph-error" style={{ position: 'absolute', top: 8, left: 8, color: 'var(--error, #B71C1C)', background: 'var(--panel, #FFF)', padding: 4 }}>{layout.error}</div> : null}
        <GraphTooltip ref={cy.tipRef} />
        {cy.menu ? (
          <NodeContextMenu menu={cy.menu} onKeep={(k) => {
            cy.setMenu(null);
            propsRef.current.onKeepCases(cy.menu!.id, k);
          }} />
        ) : null}
      </div>
      <GraphLegend result={result} colorMode={colorMode} metricMax={elements.metricMax} rings={elements.rings} folded={!legendOpen} cases={difference?.n} />
    </div>
  );
}
