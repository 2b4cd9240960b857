/**
 * What the loop's steps (driver.ts) set in the state: a load starting and failing, the fast follow-ups
 * (the overview, the untraced time, the layers, the selection's timeline, the panels' reports) and the slow ones (the deferred mc, DR and
 * p95, docs/METHOD.md, and the comparison). The loop decides what to ask and drops a superseded answer;
 * these only ask and show.
 */
import { analysisKey, plan } from '../session/view';
import type { FollowUpRequest, FollowUps } from '../session/followUps';
import type { LoadSummary } from '../worker/protocol';
import { analysisTarget, type AnalyzeOver } from './analysis';
import { stopped, type StoreBase } from './context';
import type { Step, Wanted } from './reconcile';
import type { AppState } from './state';

/** What is wanted (reconcile.ts): the requests the loop holds, and the state (the files' cases, the view,
 * the selection, the result's deferred statistics and partition). */
export function wantedOf(st: AppState, d: { gen: number; files: number; addTo: number | null; over: AnalyzeOver | null; reports: { insights: boolean; access: boolean } }): Wanted {
  const s = st.summary;
  const sel = st.selected;
  const pc = st.partitionCases;
  return {
    gen: d.gen,
    files: d.files,
    addTo: d.addTo,
    analysis: s && (s.cases > 0 || s.jobs?.length) ? analysisKey(plan(analysisTarget(st.view, d.over)).analyze, ['thresholds']) : null,
    overview: st.result ? overviewKey(st) : null,
    timeline: sel !== null && sel !== '●' && sel !== '■' ? sel : null,
    ...d.reports,
    // what every first view shows of an analysis (the Summary's untraced time, the graph's layers): asked with its overview
    untraced: !!st.result,
    layers: !!st.result,
    complete: !!st.result?.deferred?.length,
    compare: !!pc && pc.green.length > 0 && pc.red.length > 0,
  };
}

/** The load of the files (with the view's load options and the chosen path filter). */
export function loadCall({ client, get, set, refs }: StoreBase): { id: number; promise: Promise<LoadSummary> } {
  const { load } = plan(get().view);
  const opts = { splitByPid: load.splitByPid, ...(load.singleThread ? { singleThread: true } : {}), ...(refs.loadFilter.length ? { pathFilter: refs.loadFilter } : {}) };
  return client.call('load', [refs.files, opts], (p) => set({ progress: p }));
}

/**
 * A load starts: 'new' files drop what was shown and a link's case filters and selection (they apply to
 * the first files only); a 'reload' (the same files, a worker restarted) keeps the view; an 'add' the graph.
 */
export function loadStarted({ set, get }: StoreBase, kind: 'new' | 'reload' | 'add'): void {
  if (kind === 'add') {
    set({ status: 'loading', progress: null, banner: null });
    return;
  }
  set({ status: 'loading', progress: null, banner: null, result: null, compare: null, summary: null, overview: null, untraced: null, layers: null, selected: null, timeline: null, edge: null, ...(kind === 'new' ? { view: { ...get().view, caseFilters: [], selection: null } } : {}) });
}

/** A load or add that failed: a cancel (or a replaced worker) keeps what was shown; anything else is thrown. */
export function loadFailed({ set, get }: StoreBase, e: Error): 'stop' {
  if (e.name === 'CancelledError' || stopped(e)) {
    set({ status: get().summary ? 'ready' : 'empty', progress: null });
    return 'stop';
  }
  throw e;
}

/** The overview's request of the state, and its key: the analysis it draws (every event: the time window is
 * drawn on it, so not part of the key; nor are the thresholds), its own request, and the loaded events. */
function overviewRequest(st: AppState) {
  const only = st.overviewSelectedOnly && st.selected !== null && st.selected !== '●' && st.selected !== '■' ? [st.selected] : null;
  const req = { metric: st.overviewMetric, align: st.overviewAlign, byPid: st.overviewByPid, activities: only, heatmap: st.overviewHeatmap };
  return { req, key: `${analysisKey(plan(st.view).analyze, ['time', 'thresholds'])} ${JSON.stringify(req)} ${st.summary?.events}` };
}
export const overviewKey = (st: AppState): string => overviewRequest(st).key;

export interface FastAsk {
  request: Omit<FollowUpRequest, 'of'>;
  overviewKey: string | null;
  timeline: string | null;
  /** Clears the loading flags this round set. */
  done(): void;
}

/** The fast round's request (its loading flags set). */
export function fastRequest({ set, get }: StoreBase, step: Extract<Step, { kind: 'fast' }>, asked: Wanted): FastAsk {
  const ov = step.overview ? overviewRequest(get()) : null;
  const flags: Partial<AppState> = { ...(ov ? { overviewLoading: true } : {}), ...(step.timeline !== null ? { timelineLoading: true } : {}), ...(step.insights ? { insightsLoading: true } : {}), ...(step.access ? { accessLoading: true } : {}) };
  set(flags);
  // user-timing marks tl:* (here and in the timeline panel) are what `npm run bench:browser` prints
  if (step.timeline !== null) performance.mark('tl:request');
  const request: FastAsk['request'] = { ...(ov ? { overview: ov.req } : {}), ...(step.timeline !== null ? { timeline: step.timeline } : {}), ...(step.insights ? { insights: true } : {}), ...(step.access ? { access: true } : {}), ...(step.untraced ? { untraced: true } : {}), ...(step.layers ? { layers: true } : {}) };
  const off = Object.fromEntries(Object.keys(flags).map((k) => [k, false]));
  return { request, overviewKey: ov && ov.key === asked.overview ? ov.key : null, timeline: step.timeline, done: () => set(off) };
}

/** Shows what the fast round answered (`now`: what is wanted at its answer); true when the overview was shown. */
export function applyFast({ set, get }: StoreBase, got: FollowUps, ask: FastAsk, now: Wanted): boolean {
  if (ask.timeline !== null && got.timeline !== undefined) {
    performance.mark('tl:reply');
    if (get().selected === ask.timeline) set({ timeline: got.timeline });
    performance.mark('tl:set');
  }
  if (got.insights) set({ insights: got.insights, thresholdsError: null });
  if (got.access) set({ access: got.access, accessFor: get().result });
  // (the fast round is of the current analysis: the loop dropped the answer of a superseded one)
  if (got.untraced) set({ untraced: { of: get().analysisNo, report: got.untraced } });
  if (got.layers !== undefined) set({ layers: { of: get().analysisNo, report: got.layers } });
  if (got.overview && ask.overviewKey !== null && ask.overviewKey === now.overview) {
    set({ overview: got.overview });
    return true;
  }
  return false;
}

export function slowStarted({ set }: StoreBase, step: Extract<Step, { kind: 'slow' }>): void {
  if (step.complete) set({ completing: true });
}

/** The deferred statistics filled in (the access patterns stay those of this analysis), the comparison. */
export function applySlow({ set, get }: StoreBase, got: FollowUps, step: Extract<Step, { kind: 'slow' }>): void {
  if (got.complete) {
    const st = get();
    set({ result: got.complete.result, ...(st.accessFor === st.result ? { accessFor: got.complete.result } : {}) });
  }
  const c = got.compare;
  if (step.compare) set(c && 'error' in c ? { compare: null, compareError: c.error } : { compare: c ?? null, compareError: null });
}

/** A slow round that failed: a failed comparison is shown as such; the error to throw (the worker's failure), or null. */
export function slowFailed({ set }: StoreBase, e: Error, step: Extract<Step, { kind: 'slow' }>): Error | null {
  // (a comparison that throws is answered as { error }: what is caught here is the worker's failure)
  if (step.compare) set({ compare: null, compareError: e.message ?? String(e) });
  return !step.compare || stopped(e) ? e : null;
}
