/**
 * The app state (zustand): what the UI shows and the actions that ask the worker. Never the raw EventLog:
 * the worker keeps it, the store holds results only. The state's shape is in state.ts, the loading actions
 * in loading.ts, the analysis flow in analysis.ts.
 */
import { createStore } from 'zustand/vanilla';
import { DEFAULT_VIEW, type Selection } from '../session/view';
import { createAnalysis } from './analysis';
import type { SharedRefs, StoreContext } from './context';
import { createLoading } from './loading';
import { initialData, type ApiClient, type AppState, type AppStore, type StoreEnv, type ViewSettings } from './state';

export type { ApiClient, AppState, AppStore, Banner, Status, StoreEnv, ViewSettings } from './state';

export function createAppStore(client: ApiClient, initial: Partial<ViewSettings> = {}, pendingCustom: string | null = null, env: StoreEnv = {}): AppStore {
  const refs: SharedRefs = { files: [], loadCall: null, retryAction: null, analyzeCall: null, needReload: false, linkSelection: initial.selection ?? null };

  const store = createStore<AppState>()((set, get) => {
    /** Runs an action; a worker failure shows the banner with Retry (the page keeps working). */
    const guarded = async (what: string, action: () => Promise<void>): Promise<void> => {
      try {
        await action();
      } catch (e) {
        const err = e as Error;
        if (err?.name === 'CancelledError') return;
        refs.retryAction = action;
        set({ status: 'error', progress: null, banner: { message: `${what} failed: ${err?.message ?? String(e)}`, canRetry: true } });
      }
    };

    /** Display settings: the view changes, nothing is asked of the worker. */
    const show = (part: Partial<ViewSettings>): void => set({ view: { ...get().view, ...part } });
    const ctx: StoreContext = { set, get, client, env, refs, guarded };
    // runAnalyze reads the files again after a worker restart (doLoad), and a load analyses what it read:
    // the loading actions reach the analysis through `analysis`, set just below (called only later).
    const loading = createLoading(ctx, { runAnalyze: (over) => analysis.runAnalyze(over), stopAnalysis: () => analysis.stopAnalysis() });
    const analysis = createAnalysis(ctx, loading.doLoad);
    const { runAnalyze, refreshOverview, refreshTimeline } = analysis;
    const { doLoad } = loading;

    return {
      ...initialData(initial, pendingCustom),
      setOffsetFile: (offsetFile) => set({ offsetFile }),
      openReplay: (whatIfs = {}) => set({ replayDialog: whatIfs }),
      closeReplay: () => set({ replayDialog: null }),
      ask: (method, args) => client.call(method, args).promise,
      setTime: (w) => guarded('Analysis', () => runAnalyze({ time: w && (w.from !== null || w.to !== null) ? w : null })),
      setOverview: (o) => {
        set(o);
        return guarded('Overview', () => refreshOverview());
      },
      exportChrome: () => client.call('chromeTrace', []).promise,
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

      loadFiles: loading.loadFiles,
      addFiles: loading.addFiles,
      resetView: () => {
        refs.linkSelection = null;
        set({ view: DEFAULT_VIEW, pendingCustom: null });
      },
      confirmLoad: loading.confirmLoad,
      cancel: () => {
        if (refs.loadCall !== null) client.cancel(refs.loadCall);
        else if (refs.analyzeCall !== null) client.cancel(refs.analyzeCall.id);
      },
      setMapping: (m) => guarded('Analysis', () => runAnalyze({ mapping: m })),
      setPartition: (green, red) => guarded('Analysis', () => runAnalyze({ green, red })),
      setHideUnassigned: (hideUnassigned) => {
        show({ hideUnassigned }); // the switch shows the choice at once; the analysis follows
        return guarded('Analysis', () => runAnalyze({ hideUnassigned }));
      },
      swapPartition: () => guarded('Analysis', () => runAnalyze({ green: get().view.red, red: get().view.green })),
      clearPartition: () => guarded('Analysis', () => runAnalyze({ green: '', red: '' })),
      keepCases: (activity, keep) => guarded('Analysis', () => runAnalyze({ caseFilters: [...get().view.caseFilters, { activity, keep }] })),
      keepCaseIds: (ids) => guarded('Analysis', () => runAnalyze({ caseFilters: [...get().view.caseFilters, { keep: 'cases', ids: [...ids] }] })),
      removeCaseFilter: (i) => guarded('Analysis', () => runAnalyze({ caseFilters: get().view.caseFilters.filter((_, k) => k !== i) })),
      setColorMode: (colorMode) => show({ colorMode }),
      setEdgeLabel: (edgeLabel) => show({ edgeLabel }),
      setDirection: (direction) => show({ direction }),
      setGroupBy: (groupBy) => show({ groupBy }),
      setGraphFilter: ({ activities, paths, rankBy }) => show({ activities, paths, rankBy }),
      setSplitByPid: async (splitByPid) => {
        show({ splitByPid });
        if (refs.files.length) await guarded('Loading', doLoad);
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
        if (run && code) await guarded('Analysis', () => runAnalyze({ mapping: { ...get().view.mapping, custom: code } }));
      },
      retry: async () => {
        const action = refs.retryAction;
        refs.retryAction = null;
        set({ banner: null, status: get().result ? 'ready' : get().summary ? 'ready' : 'empty' });
        if (action) {
          client.restart();
          // A restarted worker has lost the log: reload the files before re-running.
          if (action !== doLoad && refs.files.length) await guarded('Loading', doLoad);
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
            const r = await client.call('insights', [get().view.thresholds]).promise;
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
            set({ view: { ...get().view, thresholds: text.trim() }, insights: r, thresholdsError: null });
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
    store.setState({ view: { ...s.view, selection } });
  });
  return store;
}
