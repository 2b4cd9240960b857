/**
 * The app state (zustand): what the UI shows and the actions that ask the worker. Never the raw EventLog:
 * the worker keeps it, the store holds results only.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CompareResult } from '../analysis/compare/types';
import type { AnalysisResult, EdgeCases, MappingSpec, PathFilter, TimelineData } from '../analysis/types';
import type { OverviewMetric, TimeOverview } from '../analysis/time/types';
import { analyzeParams, DEFAULT_VIEW, type ColorMode, type EdgeLabelKind, type RankBy, type Selection, type View } from '../session/view';
import type { Api, LoadInput, LoadSummary, Method, Progress } from '../worker/protocol';
import type { InsightsResult } from '../analysis/insights/index';
import type { AccessReport } from '../analysis/accessReport';
import { estimateLoad, mayExceedHeap, traceBytes, withPaths, type LoadEstimate } from './memory';
import { withoutRegexes } from './withoutRegexes';

/** The view part of the state (session/view.ts: its text form is the URL hash). */
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

export interface AppState extends ViewSettings {
  status: Status;
  progress: Progress | null;
  summary: LoadSummary | null;
  result: AnalysisResult | null;
  keptCases: number;
  /** The worker's time for the last analysis (ms). */
  analyzeMs: number | null;
  /** The worker is computing the statistics the first graph left out (AnalysisResult.deferred). */
  completing: boolean;
  partitionCases: { green: string[]; red: string[] } | null;
  /** Green against red (docs/METHOD.md "Comparing green and red") when both sides have cases. */
  compare: CompareResult | null;
  compareError: string | null;
  selected: string | null;
  timeline: TimelineData | null;
  timelineLoading: boolean;
  edge: EdgeCases | null;
  banner: Banner | null;
  /** Error of the last mapping (bad regex, custom function that throws); the previous graph is kept. */
  mappingError: string | null;
  /** Error of the last partition selectors (no matching case, bad regex); the previous graph is kept. */
  partitionError: string | null;
  /** A custom mapping from the URL waiting for the user's confirmation. */
  pendingCustom: string | null;

  /** The insight findings of the current analysis (null until asked for, or after a new analysis). */
  insights: InsightsResult | null;
  insightsLoading: boolean;
  /** Error of the last thresholds JSON (unknown key, bad value); the previous findings are kept. */
  thresholdsError: string | null;
  /** Activities marked in the graph (a finding's nodes). */
  marked: string[];

  /** Darshan's access patterns per file and activity (Session.access): asked for by the Files view and the
   * statistics' access column, never by an analysis; `accessFor` is the result they belong to. */
  access: AccessReport | null;
  accessFor: AnalysisResult | null;
  accessLoading: boolean;
  /** Fetches the access patterns of the current result (once per result). */
  loadAccess(): Promise<void>;

  /** A load too big for the memory budget, waiting for the user: with a path filter, anyway, or not. */
  pendingLoad: { files: number; bytes: number; estimate: LoadEstimate } | null;
  /** The parse-time path filter the current log was loaded with (empty = everything). */
  loadFilter: PathFilter[];

  loadFiles(inputs: LoadInput[]): Promise<void>;
  /** Adds files to the loaded ones (Session.add: e.g. the red runs from another folder); the view stays. */
  addFiles(inputs: LoadInput[]): Promise<void>;
  /** Sets the view to the defaults (e.g. to discard what a link would apply before anything is loaded). */
  resetView(): void;
  confirmLoad(choice: { filter: PathFilter[] } | 'anyway' | 'cancel'): Promise<void>;
  cancel(): void;
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
  setColorMode(c: ColorMode): void;
  setEdgeLabel(l: EdgeLabelKind): void;
  setDirection(d: 'LR' | 'TB'): void;
  /** The graph sliders (null = the panel's default for the result). */
  setGraphFilter(f: { activities: number | null; paths: number | null; rankBy: RankBy }): void;
  setSplitByPid(on: boolean): Promise<void>;
  selectNode(id: string | null): Promise<void>;
  selectEdge(source: string, target: string): Promise<void>;
  closeTimeline(): void;
  closeEdge(): void;
  confirmCustom(run: boolean): Promise<void>;
  retry(): Promise<void>;
  dismissBanner(): void;
  /** Shows a message in the banner (a failure outside the worker, e.g. fetching the example). */
  notify(message: string): void;
  /** The analysis JSON in text parts (a Blob of them: never one giant string). */
  exportJson(): Promise<string[]>;
  exportH5(): Promise<ArrayBuffer>;
  /** Runs the insight rules on the current analysis at the current thresholds (once per analysis). */
  loadInsights(): Promise<void>;
  /** New thresholds as JSON text ('' = defaults): validated by the worker; a bad one keeps the previous. */
  setThresholds(text: string): Promise<void>;
  markNodes(ids: string[]): void;

  /** The whole-run overview with the I/O phases (docs/METHOD.md "Time"), and how it is drawn. */
  overview: TimeOverview | null;
  overviewLoading: boolean;
  overviewMetric: OverviewMetric;
  overviewAlign: boolean;
  overviewSelectedOnly: boolean;
  /** Rows per (case, pid) in the overview and the whole-run timeline. */
  overviewByPid: boolean;
  /** The file of the offsets view (e.g. picked from an insight finding); null = the one with most bytes. */
  offsetFile: string | null;
  setOffsetFile(path: string | null): void;
  /** Calls a forwarded Session method (panels that keep their own replies, e.g. the whole-run timeline). */
  ask<M extends Method>(method: M, args: Parameters<Api[M]>): Promise<ReturnType<Api[M]>>;
  /** Analyses the events whose start lies in the window (null = every event); the window is in the URL. */
  setTime(w: { from: number | null; to: number | null } | null): Promise<void>;
  setOverview(o: Partial<Pick<AppState, 'overviewMetric' | 'overviewAlign' | 'overviewSelectedOnly' | 'overviewByPid'>>): Promise<void>;
  /** The analysed events as Chrome Trace Event JSON, in UTF-8 parts (for a Blob). */
  exportChrome(): Promise<Uint8Array[]>;
  /** The comparison as the CLI's compare JSON (docs/FORMATS.md "Compare JSON output"). */
  exportCompareJson(): Promise<string>;
}

export type AppStore = StoreApi<AppState>;

export interface StoreEnv {
  /** navigator.deviceMemory (GiB) for the memory estimate. */
  deviceMemory?: number;
  /** The heap a worker may fill with paths (default HEAP_BUDGET; tests make it small). */
  heapBudget?: number;
}

export function createAppStore(client: ApiClient, initial: Partial<ViewSettings> = {}, pendingCustom: string | null = null, env: StoreEnv = {}): AppStore {
  let files: LoadInput[] = [];
  let loadFilter: PathFilter[] = [];
  let prevFiles: LoadInput[] = [];
  let loadCall: number | null = null;
  let retryAction: (() => Promise<void>) | null = null;
  let analyzeSeq = 0;
  /** Loads so far: the newest wins; the case filters of a link apply to the first one only. */
  let loadSeq = 0;
  /** Drops so far (a drop waiting for its path estimate gives way to a newer one). */
  let dropSeq = 0;
  /** The analysis request in flight (Cancel stops it), and whether a restarted worker lost the files. */
  let analyzeCall: { id: number; promise: Promise<unknown> } | null = null;
  let needReload = false;
  /** The worker was replaced (stuck after Cancel, or a mapping in a backtracking regex): it lost the files. */
  const stopped = (e: unknown): boolean => (e as Error)?.name === 'WorkerStopped' || (e as Error)?.name === 'MappingTimeout';

  /** The selection of a link (`sel=`): opened once, after the first analysis of the dropped files. */
  let linkSelection: Selection | null = initial.selection ?? null;

  const store = createStore<AppState>()((set, get) => {
    /** Runs an action; a worker failure shows the banner with Retry (the page keeps working). */
    const guarded = async (what: string, action: () => Promise<void>): Promise<void> => {
      try {
        await action();
      } catch (e) {
        const err = e as Error;
        if (err?.name === 'CancelledError') return;
        retryAction = action;
        set({ status: 'error', progress: null, banner: { message: `${what} failed: ${err?.message ?? String(e)}`, canRetry: true } });
      }
    };

    const runAnalyze = async (over: Partial<Pick<AppState, 'mapping' | 'green' | 'red' | 'hideUnassigned' | 'caseFilters' | 'time'>> = {}): Promise<void> => {
      if (!get().summary || get().summary!.cases === 0) {
        set(over);
        return;
      }
      if (needReload) {
        // the worker was restarted after a stuck analysis: read the files again, then analyse with `over`
        needReload = false;
        set(over);
        await doLoad();
        return;
      }
      const s = { ...get(), ...over };
      const seq = ++analyzeSeq;
      set({ status: 'analyzing' });
      try {
        const call = client.call('analyze', [analyzeParams(s)]);
        analyzeCall = call;
        const reply = await call.promise.finally(() => {
          if (analyzeCall === call) analyzeCall = null;
        });
        if (seq !== analyzeSeq) return;
        set({ ...over, result: reply.result, keptCases: reply.keptCases, analyzeMs: reply.analyzeMs ?? null, partitionCases: reply.partitionCases, status: 'ready', mappingError: null, partitionError: null, banner: null, edge: null, insights: null });
        set({ ...over, result: reply.result, keptCases: reply.keptCases, analyzeMs: reply.analyzeMs ?? null, partitionCases: reply.partitionCases, status: 'ready', mappingError: null, partitionError: null, banner: null, edge: null });
        await refreshOverview();
        if (seq !== analyzeSeq) return;
        if (reply.result.deferred?.length) {
          // mc, DR and p95 follow the first graph (their per-log indexes are built now; docs/METHOD.md)
          set({ completing: true });
          try {
            const done = await client.call('complete', []).promise;
            if (seq === analyzeSeq && done) set({ result: done.result });
          } finally {
            if (seq === analyzeSeq) set({ completing: false });
          }
          if (seq !== analyzeSeq) return;
        }
        const pc = reply.partitionCases;
        if (pc && pc.green.length > 0 && pc.red.length > 0) {
          try {
            const compare = await client.call('compare', []).promise;
            if (seq === analyzeSeq) set({ compare, compareError: null });
          } catch (e) {
            if (seq === analyzeSeq) set({ compare: null, compareError: (e as Error).message ?? String(e) });
          }
        } else set({ compare: null, compareError: null });
        if (seq !== analyzeSeq) return;
        const sel = get().selected;
        if (sel && !reply.result.nodes.some((n) => n.id === sel)) set({ selected: null, timeline: null });
        else if (sel && get().timeline) await refreshTimeline(sel);
        if (linkSelection) await openLinkSelection(reply.result);
      } catch (e) {
        if (stopped(e)) needReload = true;
        if (seq !== analyzeSeq) return;
        const err = e as Error;
        if (err.name === 'MappingTimeout') {
          // A regular expression that backtracks catastrophically (typed, or from a link): it never stays in
          // the view (and so in the URL), so Retry and the next change never run it again. With a graph the
          // previous view stays (it was analysed on these files); else (a link) its expressions are taken out.
          const st = get();
          const safe = st.result ? { mapping: st.mapping, green: st.green, red: st.red } : withoutRegexes(s);
          retryAction = doLoad;
          const message = `${err.message}; it was taken out of the mapping`;
          set({ ...safe, status: get().result ? 'ready' : 'error', mappingError: `Stopped: ${message}.`, banner: { message: `Analysis stopped: ${message}. Retry reads the files again.`, canRetry: true } });
          return;
        }
        if (err.name === 'CancelledError' || stopped(e)) {
          // Cancel: the previous graph and settings stay; say why nothing changed
          const why = stopped(e) ? `${err.message}: the analysis was stuck (a regular expression that backtracks catastrophically?); fix the mapping and try again` : 'the analysis was cancelled';
          set({ status: get().result ? 'ready' : 'empty', mappingError: `Stopped: ${why}.` });
          return;
        }
        if (err.name === 'MappingError' || err.name === 'PartitionError') {
          // Keep the previous graph and settings; show the error where the user edited.
          const which = err.name === 'MappingError' ? 'mappingError' : 'partitionError';
          set({ status: get().result ? 'ready' : 'error', [which]: err.message });
          return;
        }
        throw e;
      }
    };

    const openLinkSelection = async (result: AnalysisResult): Promise<void> => {
      const s = linkSelection!;
      linkSelection = null;
      if (get().selected !== null || get().edge !== null) return; // the user has chosen meanwhile
      if (s.kind === 'node' && result.nodes.some((n) => n.id === s.id)) await get().selectNode(s.id);
      else if (s.kind === 'edge' && result.edges.some((e) => e.source === s.source && e.target === s.target)) await get().selectEdge(s.source, s.target);
      else set({ selection: null }); // not in this analysis: the link's selection is gone from the URL
    };

    /** The overview depends on the mapping, partition, case filters and its own options, not on the window. */
    let overviewKey = '';
    const refreshOverview = async (force = false): Promise<void> => {
      const st = get();
      const only = st.overviewSelectedOnly && st.selected !== null && st.selected !== '●' && st.selected !== '■' ? [st.selected] : null;
      const key = JSON.stringify([st.mapping, st.green, st.red, st.hideUnassigned, st.caseFilters, st.overviewMetric, st.overviewAlign, st.overviewByPid, only, st.summary?.events]);
      if (!force && key === overviewKey && st.overview) return;
      overviewKey = key;
      set({ overviewLoading: true });
      try {
        const o = await client.call('timeOverview', [{ metric: st.overviewMetric, align: st.overviewAlign, byPid: st.overviewByPid, activities: only }]).promise;
        if (key === overviewKey) set({ overview: o });
      } finally {
        set({ overviewLoading: false });
      }
    };

    const refreshTimeline = async (id: string): Promise<void> => {
      set({ timelineLoading: true });
      try {
        // user-timing marks tl:* (here and in the timeline panel) are what `npm run bench:browser` prints
        performance.mark('tl:request');
        const t = await client.call('timeline', [id]).promise;
        performance.mark('tl:reply');
        if (get().selected === id) set({ timeline: t });
        performance.mark('tl:set');
      } finally {
        set({ timelineLoading: false });
      }
    };

    /** Cancels the analysis in flight and waits until it has stopped (a stuck worker is restarted). */
    const stopAnalysis = async (): Promise<void> => {
      const call = analyzeCall;
      if (!call) return;
      client.cancel(call.id);
      await call.promise.catch(() => undefined);
    };

    const doLoad = async (): Promise<void> => {
      // The newest load wins: the one running is cancelled, and whatever it answers later is ignored; a
      // running analysis is stopped first (a stuck one would hold the worker, the load queued behind it).
      const seq = ++loadSeq;
      if (loadCall !== null) client.cancel(loadCall);
      await stopAnalysis();
      if (seq !== loadSeq) return;
      needReload = false;
      if (seq > 1) linkSelection = null;
      set({ status: 'loading', progress: null, banner: null, result: null, compare: null, summary: null, overview: null, selected: null, timeline: null, edge: null, ...(seq > 1 ? { caseFilters: [], selection: null } : {}) });
      const call = client.call('load', [files, { splitByPid: get().splitByPid, ...(get().singleThread ? { singleThread: true } : {}), ...(loadFilter.length ? { pathFilter: loadFilter } : {}) }], (p) => set({ progress: p }));
      loadCall = call.id;
      try {
        const summary = await call.promise;
        if (seq !== loadSeq) return;
        set({ summary, progress: null, loadFilter });
      } catch (e) {
        if (stopped(e)) needReload = true; // the fresh worker holds nothing
        if (seq !== loadSeq) return;
        if ((e as Error).name === 'CancelledError' || stopped(e)) {
          set({ status: get().summary ? 'ready' : 'empty', progress: null });
          return;
        }
        throw e;
      } finally {
        if (seq === loadSeq) loadCall = null;
      }
      const summary = get().summary!;
      if (summary.cases === 0) {
        set({ status: 'error', banner: { message: 'No trace could be loaded: see the errors below.', canRetry: false } });
        return;
      }
      await runAnalyze();
    };

    /** Reads `inputs` and merges them with the loaded files; a cancel keeps what was loaded. */
    const doAdd = async (inputs: LoadInput[], before: LoadInput[]): Promise<void> => {
      const seq = ++loadSeq;
      if (loadCall !== null) client.cancel(loadCall);
      await stopAnalysis();
      if (seq !== loadSeq) return;
      set({ status: 'loading', progress: null, banner: null });
      const call = client.call('add', [inputs], (p) => set({ progress: p }));
      loadCall = call.id;
      try {
        const summary = await call.promise;
        if (seq !== loadSeq) return;
        set({ summary, progress: null });
      } catch (e) {
        if (stopped(e)) needReload = true; // the fresh worker holds nothing: the next change reads `files`
        if (seq !== loadSeq) return;
        if ((e as Error).name === 'CancelledError' || stopped(e)) {
          if (!stopped(e)) files = before;
          set({ status: get().summary ? 'ready' : 'empty', progress: null });
          return;
        }
        files = before;
        throw e;
      } finally {
        if (seq === loadSeq) loadCall = null;
      }
      await runAnalyze();
    };

    return {
      ...DEFAULT_VIEW,
      ...initial,
      status: 'empty',
      progress: null,
      summary: null,
      result: null,
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
      pendingCustom,

      pendingLoad: null,
      overview: null,
      overviewLoading: false,
      overviewMetric: 'busy',
      overviewAlign: false,
      overviewSelectedOnly: false,
      overviewByPid: false,
      offsetFile: null,
      setOffsetFile: (offsetFile) => set({ offsetFile }),
      ask: (method, args) => client.call(method, args).promise,
      setTime: (w) => guarded('Analysis', () => runAnalyze({ time: w && (w.from !== null || w.to !== null) ? w : null })),
      setOverview: (o) => {
        set(o);
        return guarded('Overview', () => refreshOverview());
      },
      exportChrome: () => client.call('chromeTrace', []).promise,
      loadFilter: [],
      insights: null,
      insightsLoading: false,
      access: null,
      accessFor: null,
      accessLoading: false,
      loadAccess: () =>
        guarded('Access patterns', async () => {
          const result = get().result;
          if (!result || get().accessLoading || get().accessFor === result) return;
          set({ accessLoading: true });
          try {
            const r = await client.call('access', []).promise;
            if (get().result === result) set({ access: r, accessFor: result });
          } finally {
            set({ accessLoading: false });
          }
        }),
      thresholdsError: null,
      marked: [],

      loadFiles: async (inputs) => {
        const bytes = inputs.reduce((a, i) => a + i.file.size, 0);
        const text = inputs.reduce((a, i) => a + traceBytes(i.name ?? i.file.name, i.file.size), 0);
        let estimate = estimateLoad(text, env.deviceMemory);
        const drop = ++dropSeq;
        if (estimate.fits && mayExceedHeap(text, env.heapBudget)) {
          // millions of distinct paths (mdtest-like) fill a worker's heap long before the bytes do: sample the heads
          try {
            estimate = withPaths(estimate, await client.call('estimatePaths', [inputs]).promise, env.heapBudget);
          } catch {
            // no estimate (a file that cannot be read is reported by the load itself)
          }
          if (drop !== dropSeq) return; // newer files were dropped meanwhile
        }
        loadFilter = [];
        if (!estimate.fits) {
          prevFiles = files;
          files = inputs;
          set({ pendingLoad: { files: inputs.length, bytes, estimate } });
          return;
        }
        files = inputs;
        await guarded('Loading', doLoad);
      },
      addFiles: (inputs) => {
        if (!files.length || !get().summary) return get().loadFiles(inputs);
        // the files the worker would read again after a restart: the loaded ones and the new ones (a file
        // already loaded, same name and size, is not listed twice: the Session names it)
        const known = new Map(files.map((f) => [f.name ?? f.file.name, f.file.size]));
        const before = files;
        const all = [...files, ...inputs.filter((i) => known.get(i.name ?? i.file.name) !== i.file.size)];
        const bytes = all.reduce((a, i) => a + i.file.size, 0);
        const estimate = estimateLoad(all.reduce((a, i) => a + traceBytes(i.name ?? i.file.name, i.file.size), 0), env.deviceMemory);
        if (!estimate.fits) {
          // too big together: the user chooses (a path filter, anyway, cancel), then everything is read again
          prevFiles = files;
          files = all;
          set({ pendingLoad: { files: all.length, bytes, estimate } });
          return Promise.resolve();
        }
        files = all;
        return guarded('Adding files', () => doAdd(inputs, before));
      },
      resetView: () => {
        linkSelection = null;
        set({ ...DEFAULT_VIEW, pendingCustom: null });
      },
      confirmLoad: async (choice) => {
        set({ pendingLoad: null });
        if (choice === 'cancel') {
          files = prevFiles;
          return;
        }
        loadFilter = choice === 'anyway' ? [] : choice.filter;
        await guarded('Loading', doLoad);
      },
      cancel: () => {
        if (loadCall !== null) client.cancel(loadCall);
        else if (analyzeCall !== null) client.cancel(analyzeCall.id);
      },
      setMapping: (m) => guarded('Analysis', () => runAnalyze({ mapping: m })),
      setPartition: (green, red) => guarded('Analysis', () => runAnalyze({ green, red })),
      setHideUnassigned: (hideUnassigned) => {
        set({ hideUnassigned }); // the switch shows the choice at once; the analysis follows
        return guarded('Analysis', () => runAnalyze({ hideUnassigned }));
      },
      swapPartition: () => guarded('Analysis', () => runAnalyze({ green: get().red, red: get().green })),
      clearPartition: () => guarded('Analysis', () => runAnalyze({ green: '', red: '' })),
      keepCases: (activity, keep) => guarded('Analysis', () => runAnalyze({ caseFilters: [...get().caseFilters, { activity, keep }] })),
      keepCaseIds: (ids) => guarded('Analysis', () => runAnalyze({ caseFilters: [...get().caseFilters, { keep: 'cases', ids: [...ids] }] })),
      removeCaseFilter: (i) => guarded('Analysis', () => runAnalyze({ caseFilters: get().caseFilters.filter((_, k) => k !== i) })),
      setColorMode: (colorMode) => set({ colorMode }),
      setEdgeLabel: (edgeLabel) => set({ edgeLabel }),
      setDirection: (direction) => set({ direction }),
      setGraphFilter: ({ activities, paths, rankBy }) => set({ activities, paths, rankBy }),
      setSplitByPid: async (splitByPid) => {
        set({ splitByPid });
        if (files.length) await guarded('Loading', doLoad);
      },
      selectNode: (id) => {
        set({ selected: id, edge: null });
        if (get().overviewSelectedOnly) void guarded('Overview', () => refreshOverview());
        if (!id || id === '●' || id === '■') {
          set({ timeline: null });
          return Promise.resolve();
        }
        return guarded('Timeline', () => refreshTimeline(id));
      },
      selectEdge: (source, target) =>
        guarded('Edge cases', async () => {
          const edge = await client.call('edgeCases', [source, target]).promise;
          set({ edge });
        }),
      closeTimeline: () => set({ timeline: null, selected: null }),
      closeEdge: () => set({ edge: null }),
      confirmCustom: async (run) => {
        const code = get().pendingCustom;
        set({ pendingCustom: null });
        if (run && code) await guarded('Analysis', () => runAnalyze({ mapping: { ...get().mapping, custom: code } }));
      },
      retry: async () => {
        const action = retryAction;
        retryAction = null;
        set({ banner: null, status: get().result ? 'ready' : get().summary ? 'ready' : 'empty' });
        if (action) {
          client.restart();
          // A restarted worker has lost the log: reload the files before re-running.
          if (action !== doLoad && files.length) await guarded('Loading', doLoad);
          else await guarded('Retry', action);
        }
      },
      dismissBanner: () => set({ banner: null }),
      notify: (message) => set({ banner: { message, canRetry: false } }),
      exportJson: () => client.call('exportJson', []).promise,
      exportH5: () => client.call('exportH5', []).promise,
      loadInsights: () =>
        guarded('Insights', async () => {
          if (!get().result || get().insightsLoading) return;
          const result = get().result;
          set({ insightsLoading: true });
          try {
            const r = await client.call('insights', [get().thresholds]).promise;
            if (get().result === result) set({ insights: r, thresholdsError: null });
          } catch (e) {
            if ((e as Error).name !== 'ThresholdError') throw e;
            // A bad thresholds text in the view (e.g. from a link): run at the defaults, show the error.
            set({ thresholdsError: (e as Error).message });
            const r = await client.call('insights', ['']).promise;
            if (get().result === result) set({ insights: r });
          } finally {
            set({ insightsLoading: false });
          }
        }),
      setThresholds: (text) =>
        guarded('Insights', async () => {
          try {
            const r = await client.call('insights', [text]).promise;
            set({ thresholds: text.trim(), insights: r, thresholdsError: null });
          } catch (e) {
            if ((e as Error).name !== 'ThresholdError') throw e;
            set({ thresholdsError: (e as Error).message });
          }
        }),
      markNodes: (marked) => set({ marked }),
      exportCompareJson: () => client.call('exportCompareJson', []).promise,
    };
  });

  // The view's `selection` (the `sel` key) follows what is selected: an edge whose cases are shown, else the node.
  store.subscribe((s, prev) => {
    if (s.selected === prev.selected && s.edge === prev.edge) return;
    const selection: Selection | null = s.edge ? { kind: 'edge', source: s.edge.source, target: s.edge.target } : s.selected !== null ? { kind: 'node', id: s.selected } : null;
    store.setState({ selection });
  });
  return store;
}
