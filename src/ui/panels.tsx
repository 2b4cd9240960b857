/**
 * The panels built in parallel (graph/, timeline/, tables/), loaded lazily when their files exist, with
 * simple placeholders otherwise (so the shell builds and works on its own).
 */
import { lazy, type ComponentType } from 'react';
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

function panel<P extends object>(path: string, name: string, fallback: ComponentType<P>): ComponentType<P> {
  const load = mods[path];
  if (!load) return fallback;
  return lazy(async () => {
    const m = (await load()) as Record<string, ComponentType<P> | undefined>;
    return { default: m[name] ?? m.default ?? fallback };
  });
}

export const GraphPanel = panel<GraphPanelProps>('./graph/GraphPanel.tsx', 'GraphPanel', GraphFallback);
export const TimelinePanel = panel<TimelinePanelProps>('./timeline/TimelinePanel.tsx', 'TimelinePanel', TimelineFallback);
export const StatsTable = panel<StatsTableProps>('./tables/StatsTable.tsx', 'StatsTable', StatsFallback);
export const VariantsList = panel<VariantsListProps>('./tables/VariantsList.tsx', 'VariantsList', VariantsFallback);
export const EdgeCasesPanel = panel<EdgeCasesProps>('./tables/EdgeCasesPanel.tsx', 'EdgeCasesPanel', EdgeCasesFallback);
