/**
 * The app state (zustand): what the UI shows and the actions that ask the worker. Never the raw EventLog:
 * the worker keeps it, the store holds results only. The state's shape is in state.ts; the actions in
 * slices (loading.ts, analysis.ts, viewSlice.ts, drillDown.ts, reports.ts) say what they want, and ONE loop (driver.ts,
 * with the pure reconcile.ts) makes the worker hold it.
 */
import { createStore } from 'zustand/vanilla';
import type { Selection } from '../session/view';
import { analysisActions } from './analysis';
import type { SharedRefs, StoreContext } from './context';
import { drillDownActions } from './drillDown';
import { Driver } from './driver';
import { loadActions } from './loading';
import { reportActions } from './reports';
import { viewActions } from './viewSlice';
import { initialData, type ApiClient, type AppState, type AppStore, type StoreEnv, type ViewSettings } from './state';

export type { ApiClient, AppState, AppStore, Banner, Status, StoreEnv, ViewSettings } from './state';

export function createAppStore(client: ApiClient, initial: Partial<ViewSettings> = {}, pendingCustom: string | null = null, env: StoreEnv = {}): AppStore {
  const refs: SharedRefs = { files: [], loadFilter: [], retryAction: null, linkSelection: initial.selection ?? null };

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
    const driver = new Driver({ set, get, client, env, refs });
    const ctx: StoreContext = { set, get, client, env, refs, driver, guarded };

    return {
      ...initialData(initial, pendingCustom),
      ...loadActions(ctx),
      ...analysisActions(ctx),
      ...drillDownActions(ctx),
      ...reportActions(ctx),
      ...viewActions(ctx),
      ask: (method, args) => client.call(method, args).promise,
      cancel: () => driver.cancel(),
      retry: async () => {
        const action = refs.retryAction;
        refs.retryAction = null;
        set({ banner: null, status: get().result ? 'ready' : get().summary ? 'ready' : 'empty' });
        if (!action) return;
        client.restart();
        driver.restarted();
        // A restarted worker has lost the log: the loop reads the files again, then analyses.
        if (refs.files.length) await guarded('Loading', () => driver.request());
        else await guarded('Retry', action);
      },
      dismissBanner: () => set({ banner: null }),
      notify: (message) => set({ banner: { message, canRetry: false } }),
      exportJson: () => client.call('exportJson', []).promise,
      exportH5: () => client.call('exportH5', []).promise,
      exportChrome: () => client.call('chromeTrace', []).promise,
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
