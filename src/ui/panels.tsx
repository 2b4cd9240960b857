/**
 * The heavy panels (graph/ with Cytoscape, timeline/ with Plotly, tables/), each in its own chunk, loaded
 * with React.lazy; `preload()` fetches a chunk ahead of its first render (e.g. while the browser is idle).
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { EdgeCasesProps, GraphPanelProps, StatsTableProps, TimelinePanelProps, VariantsListProps } from './contracts';

/** A lazily loaded panel; `preload()` fetches its module ahead of the first render. */
export type Panel<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Once its module has loaded (e.g. preloaded), a panel renders the loaded component directly: a
 * React.lazy component suspends on its first render even when the import is done, and React reveals
 * suspended content in ~300 ms steps — the first timeline would wait for that.
 */
function panel<P extends object>(load: () => Promise<ComponentType<P>>): Panel<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = (): Promise<ComponentType<P>> => (loading ??= load().then((c) => (loaded = c)));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function LazyPanel(props: P) {
    // Decided once per mounted instance, so that it never switches component (and remounts) later.
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy, props);
  }
  return Object.assign(LazyPanel, { preload: () => loadOnce().catch(() => undefined) });
}

// loading the graph panel also starts its layout worker, so that the first layout does not wait for it
export const GraphPanel = panel<GraphPanelProps>(() =>
  import('./graph/GraphPanel').then((m) => {
    m.warmLayout();
    return m.GraphPanel;
  }),
);
export const TimelinePanel = panel<TimelinePanelProps>(() => import('./timeline/TimelinePanel').then((m) => m.TimelinePanel));
export const StatsTable = panel<StatsTableProps>(() => import('./tables/StatsTable').then((m) => m.StatsTable));
export const VariantsList = panel<VariantsListProps>(() => import('./tables/VariantsList').then((m) => m.VariantsList));
export const EdgeCasesPanel = panel<EdgeCasesProps>(() => import('./tables/EdgeCasesPanel').then((m) => m.EdgeCasesPanel));
export const ReplayDialog = panel<object>(() => import('./replay/ReplayDialog').then((m) => m.ReplayDialog));
export const PatternTab = panel<object>(() => import('./replay/PatternTab').then((m) => m.PatternTab));
