/**
 * `window.__app` (in every build; read-only apart from waiting): waitIdle(), graph(), state(), timings().
 */
import type { AppStore } from '../store/appStore';
import type { GraphModel } from './contracts';
import { uiPending } from './idle';
import { readGraph } from './testHook';

export interface AppHook {
  waitIdle(timeoutMs?: number): Promise<void>;
  graph(): GraphModel;
  state(): { status: string; cases: number; events: number; errors: string[] };
  /** Where the time of the last load and analysis went, as the worker measured it (ms). */
  timings(): { loadMs?: number; phases?: { parseMs: number; mergeMs: number; summaryMs: number }; analyzeMs?: number };
}

declare global {
  interface Window {
    __app?: AppHook;
  }
}

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

export function installTestHook(store: AppStore, workerBusy: () => number): AppHook {
  const idleNow = (): boolean => {
    const s = store.getState();
    if (workerBusy() > 0 || uiPending() > 0) return false;
    if (s.status === 'loading' || s.status === 'analyzing' || s.timelineLoading || s.insightsLoading) return false;
    // The graph panel has drawn the current result (and its layout worker is done).
    if (s.result && s.result.nodes.length > 0 && readGraph().nodes.length === 0) return false;
    if (document.querySelector('[data-testid=graph-busy]')) return false;
    // mc, DR and p95 of a first graph are still being computed
    if (s.completing) return false;
    // An open timeline has drawn (or shown its error).
    if (document.querySelector('[data-testid=timeline-plot][data-ready="false"]') && !document.querySelector('.timeline-error')) return false;
    return true;
  };
  const hook: AppHook = {
    async waitIdle(timeoutMs = 30_000) {
      const t0 = performance.now();
      let stable = 0;
      while (stable < 3) {
        if (performance.now() - t0 > timeoutMs) throw new Error(`waitIdle: still busy after ${timeoutMs} ms (status ${store.getState().status})`);
        await frame();
        await new Promise((r) => setTimeout(r, 10));
        stable = idleNow() ? stable + 1 : 0;
      }
    },
    graph: () => readGraph(),
    timings() {
      const s = store.getState();
      return { loadMs: s.summary?.loadMs, phases: s.summary?.phases, analyzeMs: s.analyzeMs ?? undefined };
    },
    state() {
      const s = store.getState();
      const errors = [...(s.summary?.errors.map((e) => e.message) ?? []), ...(s.banner ? [s.banner.message] : []), ...(s.mappingError ? [s.mappingError] : []), ...(s.partitionError ? [s.partitionError] : [])];
      return { status: s.status, cases: s.result ? s.keptCases : (s.summary?.cases ?? 0), events: s.result?.events ?? s.summary?.events ?? 0, errors };
    },
  };
  window.__app = hook;
  return hook;
}
