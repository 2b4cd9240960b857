/**
 * The panels built in parallel (graph/, timeline/, tables/), loaded lazily when their files exist, with
 * simple placeholders otherwise (so the shell builds and works on its own).
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { EdgeCasesProps, GraphPanelProps, StatsTableProps, TimelinePanelProps, VariantsListProps } from './contracts';
import { EdgeCasesFallback, GraphFallback, StatsFallback, TimelineFallback, VariantsFallback } from './fallbacks';

type Loader = () => Promise<unknown>;
const mods: Record<string, Loader> = {
  ...import.meta.glob('./graph/GraphPanel.tsx'),
  ...import.meta.glob('./timeline/TimelinePanel.tsx'),
  ...import.meta.glob('./tables/StatsTable.tsx'),
  ...import.meta.glob('./tables/VariantsList.tsx'),
  ...import.meta.glob('./tables/EdgeCasesPanel.tsx'),
};

/** A lazily loaded panel; `preload()` fetches its module ahead of the first render. */
export type Panel<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * Once its module has loaded (e.g. preloaded while the browser was idle), a panel renders the loaded
 * component directly: a React.lazy component suspends on its first render even when the import is done,
 * and React reveals suspended content in ~300 ms steps — the first timeline would wait for that.
 */
function panel<P extends object>(path: string, name: string, fallback: ComponentType<P>): Panel<P> {
  const load = mods[path];
  if (!load) return Object.assign((props: P) => createElement(fallback, props), { preload: () => Promise.resolve() });
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const loadOnce = (): Promise<ComponentType<P>> =>
    (loading ??= load().then((m) => (loaded = (m as Record<string, ComponentType<P> | undefined>)[name] ?? (m as { default?: ComponentType<P> }).default ?? fallback)));
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function LazyPanel(props: P) {
    // Decided once per mounted instance, so that it never switches component (and remounts) later.
    const [direct] = useState(() => loaded);
    return createElement(direct ?? Lazy, props);
  }
  return Object.assign(LazyPanel, { preload: () => loadOnce().catch(() => undefined) });
}

export const GraphPanel = panel<GraphPanelProps>('./graph/GraphPanel.tsx', 'GraphPanel', GraphFallback);
export const TimelinePanel = panel<TimelinePanelProps>('./timeline/TimelinePanel.tsx', 'TimelinePanel', TimelineFallback);
export const StatsTable = panel<StatsTableProps>('./tables/StatsTable.tsx', 'StatsTable', StatsFallback);
export const VariantsList = panel<VariantsListProps>('./tables/VariantsList.tsx', 'VariantsList', VariantsFallback);
export const EdgeCasesPanel = panel<EdgeCasesProps>('./tables/EdgeCasesPanel.tsx', 'EdgeCasesPanel', EdgeCasesFallback);
