/** The view's shape and its defaults (what view.ts reads and writes, viewKeys.ts the keys of it). */
import type { Thresholds } from '../analysis/insights/thresholds';
import type { MetricId } from '../analysis/metrics';
import type { TimeWindow } from '../analysis/time/window';
import { DEFAULT_MAPPING, type MappingSpec } from '../analysis/types';
import type { CaseFilter } from './types';
import type { Selection } from './viewText';

/** The version of the text form this code writes (`v=1`); a link without `v` is read as version 1. */
export const VIEW_VERSION = 1;

/** A statistic of the metric registry (src/analysis/metrics.ts); the graph is coloured by one that `canColor`. */
export type Metric = MetricId;
export type EdgeLabelKind = 'count' | 'cases' | 'gap';
/** A per-case metric of the green/red comparison (docs/METHOD.md "Comparing green and red"; edges are
 * coloured by their count). */
export type DiffMetric = 'count' | 'bytes' | 'time';
export type ColorMode = { kind: 'metric'; metric: Metric } | { kind: 'partition' } | { kind: 'difference'; metric: DiffMetric };
/** How the graph's activities are ranked for the Activities slider: `rd` (share of the call time, the
 * default: time first), `count`, `bytes` or `cases`; ties are broken by the next statistic (ui/graph/filter.ts). */
export type RankBy = 'rd' | 'count' | 'bytes' | 'cases';
export const RANK_BYS: readonly RankBy[] = ['rd', 'count', 'bytes', 'cases'];

export interface View {
  /** The mapping, custom function included (the app asks before running one from a link). */
  mapping: MappingSpec;
  /** Partition selectors (`cid:a`, `host:N`, `re:R`, `ids:A,B`); '' = that side empty. */
  green: string;
  red: string;
  /** `unassigned=hide`: with a partition, analyse only the green and the red cases. */
  hideUnassigned: boolean;
  /** Right-click "keep cases with / without", applied in order. */
  caseFilters: CaseFilter[];
  /** Graph sliders: top-N activities and the minimum edge count (null = the panel's default). */
  activities: number | null;
  paths: number | null;
  rankBy: RankBy;
  colorMode: ColorMode;
  edgeLabel: EdgeLabelKind;
  direction: 'LR' | 'TB';
  /** One case per (file, pid): applied when loading. */
  splitByPid: boolean;
  /** `threads=1`: parse in the coordinating worker only, no pool (to compare against the pool). */
  singleThread: boolean;
  /** Insight thresholds to change (`{}` = the defaults; docs/METHOD.md "Insights"): checked when the view is
   * read, in the order they were given; the text form writes them as JSON. */
  thresholds: Partial<Thresholds>;
  /** `time=FROM..TO`: the time window, seconds since the first event of all loaded cases (docs/METHOD.md
   * "Time"); null = every event. */
  time: TimeWindow | null;
  /** `sel=…`: the selected node or edge (a display key: opened once the files are analysed). */
  selection: Selection | null;
  /** `group=layer`: the graph's activities grouped by their layer (logs with stacks or a layer column). */
  groupBy: 'none' | 'layer';
}

export const DEFAULT_VIEW: View = {
  mapping: DEFAULT_MAPPING,
  green: '',
  red: '',
  hideUnassigned: false,
  caseFilters: [],
  activities: null,
  paths: null,
  rankBy: 'rd',
  colorMode: { kind: 'metric', metric: 'rd' },
  edgeLabel: 'count',
  direction: 'LR',
  splitByPid: false,
  singleThread: false,
  thresholds: {},
  time: null,
  selection: null,
  groupBy: 'none',
};

/** A copy of `base` whose lists may be pushed to (the default view when none is given). */
export function copyView(base: View = DEFAULT_VIEW): View {
  const b = base.mapping;
  return { ...base, mapping: { ...b, include: [...b.include], exclude: [...b.exclude], calls: [...b.calls], excludeCalls: [...b.excludeCalls], rewrites: [...b.rewrites] }, caseFilters: [...base.caseFilters], thresholds: { ...base.thresholds } };
}
