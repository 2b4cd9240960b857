/**
 * The app state's shape (zustand): what the UI shows and the actions that ask the worker, the client the
 * store talks to, and the values a new store starts with (appStore.ts builds the store).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { CompareResult } from '../analysis/compare/types';
import type { AnalysisResult, EdgeCases, MappingSpec, PathFilter, TimelineData } from '../analysis/types';
import type { OverviewMetric, TimeOverview } from '../analysis/time/types';
import { DEFAULT_VIEW, type ColorMode, type EdgeLabelKind, type RankBy, type View } from '../session/view';
import type { Api, LoadInput, LoadSummary, Method, Progress } from '../worker/protocol';
import type { InsightsResult } from '../analysis/insights/index';
import type { AccessReport } from '../analysis/accessReport';
import type { LayerReport } from '../analysis/layers/report';
import type { UntracedTime } from '../analysis/time/gaps';
import type { LoadEstimate } from './memory';
import type { HeatmapRequest } from '../analysis/darshan/heatmapOverview';
import type { WhatIfs } from '../analysis/replay/types';

/** The view (session/view.ts: its text form is the URL hash). */
export type ViewSettings = View;

/** What the store needs of the worker client (WorkerClient, or an in-process client in tests). */
export interface ApiClient {
  readonly busy: number;
  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void): { id: number; promise: Promise<ReturnType<Api[M]>> };
  cancel(id: number): void;
  restart(): void;
}

export type Status = 'empty' | 'loading' | 'analyzing' | 'ready' | 'error';

export interface Banner {
  message: string;
  /** Re-runs what failed. */
  canRetry: boolean;
}

/** The loading slice (loading.ts): the files, their load and its progress. */
export interface LoadSlice {
  status: Status;
  progress: Progress | null;
  summary: LoadSummary | null;
  /** A load too big for the memory budget, waiting for the user: with a path filter, anyway, or not. */
  pendingLoad: { files: number; bytes: number; estimate: LoadEstimate } | null;
  /** The parse-time path filter the current log was loaded with (empty = everything). */
  loadFilter: PathFilter[];
  loadFiles(inputs: LoadInput[]): Promise<void>;
  /** Adds files to the loaded ones (Session.add: e.g. the red runs from another folder); the view stays. */
  addFiles(inputs: LoadInput[]): Promise<void>;
  confirmLoad(choice: { filter: PathFilter[] } | 'anyway' | 'cancel'): Promise<void>;
  setSplitByPid(on: boolean): Promise<void>;
  cancel(): void;
}

/** The analysis slice (analysis.ts): what the current graph is, and what changes it. */
export interface AnalysisSlice {
  result: AnalysisResult | null;
  /** Bumped by each new graph (a new analysis), not by its completion (mc, DR, p95 filled in): what the panels'
   * own asks of the current analysis (untraced time, layers) are keyed by, so a completion asks nothing again. */
  analysisNo: number;
  keptCases: number;
  /** The worker's time for the last analysis (ms). */
  analyzeMs: number | null;
  /** The worker is computing the statistics the first graph left out (AnalysisResult.deferred). */
  completing: boolean;
  partitionCases: { green: string[]; red: string[] } | null;
  /** Green against red (docs/METHOD.md "Comparing green and red") when both sides have cases. */
  compare: CompareResult | null;
  compareError: string | null;
  /** Error of the last mapping (bad regex, custom function that throws); the previous graph is kept. */
  mappingError: string | null;
  /** Error of the last partition selectors (no matching case, bad regex); the previous graph is kept. */
  partitionError: string | null;
  /** The view's filters, rewrite rules, call and case filters that match nothing (AnalyzeReply.warnings). */
  warnings: string[];
  /** A custom mapping from the URL waiting for the user's confirmation. */
  pendingCustom: string | null;
  setMapping(m: MappingSpec): Promise<void>;
  setPartition(green: string, red: string): Promise<void>;
  /** With a partition, analyse only the green and the red cases (`unassigned=hide`). */
  setHideUnassigned(hide: boolean): Promise<void>;
  swapPartition(): Promise<void>;
  clearPartition(): Promise<void>;
  keepCases(activity: string, keep: 'with' | 'without'): Promise<void>;
  /** Keeps exactly these cases (a case filter; e.g. the cases of one variant). */
  keepCaseIds(ids: string[]): Promise<void>;
  removeCaseFilter(i: number): Promise<void>;
  /** Analyses the events whose start lies in the window (null = every event); the window is in the URL. */
  setTime(w: { from: number | null; to: number | null } | null): Promise<void>;
  confirmCustom(run: boolean): Promise<void>;
}

/** The view slice (viewSlice.ts): the view and what only changes how it is drawn. */
export interface ViewSlice {
  /** The view: what is analysed and how it is shown (ONE typed field; the URL hash is its text form, and
   * `plan(view)` says what a change of it costs: a reload, an analysis, or only a new drawing). */
  view: View;
  /** Sets the view to the defaults (e.g. to discard what a link would apply before anything is loaded). */
  resetView(): void;
  setColorMode(c: ColorMode): void;
  setEdgeLabel(l: EdgeLabelKind): void;
  setDirection(d: 'LR' | 'TB'): void;
  /** `group=layer`: the graph's activities in lanes by layer (display only). */
  setGroupBy(g: 'none' | 'layer'): void;
  /** The graph sliders (null = the panel's default for the result). */
  setGraphFilter(f: { activities: number | null; paths: number | null; rankBy: RankBy }): void;
  /** The file of the offsets view (e.g. picked from an insight finding); null = the one with most bytes. */
  offsetFile: string | null;
  setOffsetFile(path: string | null): void;
  /** The Replay dialog (docs/METHOD.md "Replay"): null = closed, else the what-ifs it opens with (e.g. from an
   * insight's recommendation). */
  replayDialog: Partial<WhatIfs> | null;
  openReplay(whatIfs?: Partial<WhatIfs>): void;
  closeReplay(): void;
}

/** The drill-down slice (drillDown.ts): the selection, its timeline, an edge's cases, marked activities. */
export interface DrillDownSlice {
  selected: string | null;
  timeline: TimelineData | null;
  timelineLoading: boolean;
  edge: EdgeCases | null;
  /** Activities marked in the graph (a finding's nodes). */
  marked: string[];
  selectNode(id: string | null): Promise<void>;
  selectEdge(source: string, target: string): Promise<void>;
  closeTimeline(): void;
  closeEdge(): void;
  markNodes(ids: string[]): void;
}

/** The reports slice (reports.ts): what panels ask of the current analysis, and the exports. */
export interface ReportsSlice {
  /** The insight findings of the current analysis (null until asked for, or after a new analysis). */
  insights: InsightsResult | null;
  insightsLoading: boolean;
  /** Error of the last thresholds JSON (unknown key, bad value); the previous findings are kept. */
  thresholdsError: string | null;
  /** Runs the insight rules on the current analysis at the current thresholds (once per analysis). */
  loadInsights(): Promise<void>;
  /** New thresholds as JSON text ('' = defaults): validated by the worker; a bad one keeps the previous. */
  setThresholds(text: string): Promise<void>;
  /** The untraced time of an analysis (Session.untraced: the Summary's, asked with every new graph's overview);
   * `of`: its AppState.analysisNo (the previous analysis' stays shown until the new one's comes). */
  untraced: { of: number; report: UntracedTime } | null;
  /** The layer report of an analysis (Session.layers; null: no stacks nor layer column), asked likewise. */
  layers: { of: number; report: LayerReport | null } | null;
  /** Darshan's access patterns per file and activity (Session.access): asked for by the Files view and the
   * statistics' access column, never by an analysis; `accessFor` is the result they belong to. */
  access: AccessReport | null;
  accessFor: AnalysisResult | null;
  accessLoading: boolean;
  /** Fetches the access patterns of the current result (once per result). */
  loadAccess(): Promise<void>;
  /** The whole-run overview with the I/O phases (docs/METHOD.md "Time"), and how it is drawn. */
  overview: TimeOverview | null;
  overviewLoading: boolean;
  overviewMetric: OverviewMetric;
  overviewAlign: boolean;
  overviewSelectedOnly: boolean;
  /** Rows per (case, pid) in the overview and the whole-run timeline. */
  overviewByPid: boolean;
  /** Darshan logs without events: the runtime heatmap the overview draws (interface, direction). */
  overviewHeatmap: HeatmapRequest;
  setOverview(o: Partial<Pick<AppState, 'overviewMetric' | 'overviewAlign' | 'overviewSelectedOnly' | 'overviewByPid' | 'overviewHeatmap'>>): Promise<void>;
  /** Calls a forwarded Session method (panels that keep their own replies, e.g. the whole-run timeline). */
  ask<M extends Method>(method: M, args: Parameters<Api[M]>): Promise<ReturnType<Api[M]>>;
  /** The analysis JSON in text parts (a Blob of them: never one giant string). */
  exportJson(): Promise<string[]>;
  exportH5(): Promise<ArrayBuffer>;
  /** The analysed events as Chrome Trace Event JSON, in UTF-8 parts (for a Blob). */
  exportChrome(): Promise<Uint8Array[]>;
  /** The comparison as the CLI's compare JSON (docs/FORMATS.md "Compare JSON output"). */
  exportCompareJson(): Promise<string>;
}

/** The banner of a failure and Retry (appStore.ts). */
export interface ShellSlice {
  banner: Banner | null;
  retry(): Promise<void>;
  dismissBanner(): void;
  /** Shows a message in the banner (a failure outside the worker, e.g. fetching the example). */
  notify(message: string): void;
}

/** The app state: its slices (each slice's actions in its file; appStore.ts puts them together). */
export type AppState = LoadSlice & AnalysisSlice & ViewSlice & DrillDownSlice & ReportsSlice & ShellSlice;

export type AppStore = StoreApi<AppState>;

export interface StoreEnv {
  /** navigator.deviceMemory (GiB) for the memory estimate. */
  deviceMemory?: number;
  /** The heap a worker may fill with paths (default HEAP_BUDGET; tests make it small). */
  heapBudget?: number;
}

/** The state without its actions: what a new store starts with. */
export type AppData = { [K in keyof AppState as AppState[K] extends (...args: never[]) => unknown ? never : K]: AppState[K] };

/** The values a new store starts with: the view (defaults, then `initial`, e.g. from the URL) and nothing loaded. */
export function initialData(initial: Partial<ViewSettings>, pendingCustom: string | null): AppData {
  return {
    view: { ...DEFAULT_VIEW, ...initial },
    status: 'empty',
    progress: null,
    summary: null,
    result: null,
    analysisNo: 0,
    keptCases: 0,
    analyzeMs: null,
    completing: false,
    partitionCases: null,
    compare: null,
    compareError: null,
    selected: null,
    timeline: null,
    timelineLoading: false,
    edge: null,
    banner: null,
    mappingError: null,
    partitionError: null,
    warnings: [],
    pendingCustom,
    pendingLoad: null,
    overview: null,
    overviewLoading: false,
    overviewMetric: 'busy',
    overviewAlign: false,
    overviewSelectedOnly: false,
    overviewByPid: false,
    overviewHeatmap: {},
    offsetFile: null,
    replayDialog: null,
    loadFilter: [],
    insights: null,
    insightsLoading: false,
    untraced: null,
    layers: null,
    access: null,
    accessFor: null,
    accessLoading: false,
    thresholdsError: null,
    marked: [],
  };
}
