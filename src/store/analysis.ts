/**
 * The analysis flow: analyse with the current view (plus the change asked for), then what follows a new
 * graph in two follow-up round trips (the overview and the timeline of the selection; then the deferred
 * statistics and the comparison), a link's selection, and stopping an analysis in flight.
 */
import type { AnalysisResult } from '../analysis/types';
import { analysisKey, plan, type View } from '../session/view';
import { stopped, type StoreContext } from './context';
import { withoutRegexes } from './withoutRegexes';

/** The parts of the view an analysis may change (they are set once it has succeeded). */
export type AnalyzeOver = Partial<Pick<View, 'mapping' | 'green' | 'red' | 'hideUnassigned' | 'caseFilters' | 'time'>>;

export interface Analysis {
  runAnalyze(over?: AnalyzeOver): Promise<void>;
  refreshOverview(force?: boolean): Promise<void>;
  refreshTimeline(id: string): Promise<void>;
  stopAnalysis(): Promise<void>;
}

/** `doLoad` reads the files again (after a worker restart) and analyses them: loading.ts. */
export function createAnalysis({ set, get, client, refs }: StoreContext, doLoad: () => Promise<void>): Analysis {
  let analyzeSeq = 0;

  const runAnalyze = async (over: AnalyzeOver = {}): Promise<void> => {
    const view: View = { ...get().view, ...over };
    const summary = get().summary;
    if (!summary || (summary.cases === 0 && !summary.jobs?.length)) {
      set({ view });
      return;
    }
    if (refs.needReload) {
      // the worker was restarted after a stuck analysis: read the files again, then analyse with `over`
      refs.needReload = false;
      set({ view });
      await doLoad();
      return;
    }
    const seq = ++analyzeSeq;
    set({ status: 'analyzing' });
    try {
      const call = client.call('analyze', [plan(view).analyze]);
      refs.analyzeCall = call;
      const reply = await call.promise.finally(() => {
        if (refs.analyzeCall === call) refs.analyzeCall = null;
      });
      if (seq !== analyzeSeq) return;
      // (the view as it is now with `over`: a display setting changed meanwhile stays)
      set({ view: { ...get().view, ...over }, result: reply.result, keptCases: reply.keptCases, analyzeMs: reply.analyzeMs ?? null, partitionCases: reply.partitionCases, warnings: reply.warnings, status: 'ready', mappingError: null, partitionError: null, banner: null, edge: null, insights: null });
      // What follows a new graph, asked of this analysis (reply.analysis) in two round trips (Session.followUps;
      // a reply of an analysis no longer current is `{ stale: true }`): first the fast parts — the overview
      // (unless only the window or the thresholds changed) and the open timeline of the selection — then the
      // slow ones, which never hold those up: the deferred mc, DR and p95 (docs/METHOD.md) and the comparison.
      const of = reply.analysis;
      const sel = get().selected;
      const selKept = sel !== null && reply.result.nodes.some((n) => n.id === sel);
      if (sel && !selKept) set({ selected: null, timeline: null });
      const ov = overviewRequest();
      const fast = { of, ...(ov ? { overview: ov.req } : {}), ...(selKept && get().timeline ? { timeline: sel } : {}) };
      if (ov) set({ overviewLoading: true });
      try {
        const got = await client.call('followUps', [fast]).promise;
        if (seq !== analyzeSeq || got.stale) return;
        if (got.overview && ov && ov.key === overviewKey) set({ overview: got.overview });
        if (got.timeline !== undefined && get().selected === sel) set({ timeline: got.timeline });
      } finally {
        if (ov) set({ overviewLoading: false });
      }
      const pc = reply.partitionCases;
      const both = !!pc && pc.green.length > 0 && pc.red.length > 0;
      const deferred = !!reply.result.deferred?.length;
      if (!both) set({ compare: null, compareError: null });
      if (deferred || both) {
        if (deferred) set({ completing: true });
        try {
          const got = await client.call('followUps', [{ of, complete: deferred, compare: both }]).promise;
          if (seq !== analyzeSeq || got.stale) return;
          if (got.complete) set({ result: got.complete.result });
          const c = got.compare;
          if (both) set(c && 'error' in c ? { compare: null, compareError: c.error } : { compare: c ?? null, compareError: null });
        } catch (e) {
          // (a comparison that throws is answered as { error }: what is caught here is the worker's failure)
          if (seq === analyzeSeq && both) set({ compare: null, compareError: (e as Error).message ?? String(e) });
          if (!both || stopped(e)) throw e;
        } finally {
          if (seq === analyzeSeq && deferred) set({ completing: false });
        }
      }
      if (seq !== analyzeSeq) return;
      if (refs.linkSelection) await openLinkSelection(reply.result);
    } catch (e) {
      if (stopped(e)) refs.needReload = true;
      if (seq !== analyzeSeq) return;
      const err = e as Error;
      if (err.name === 'MappingTimeout') {
        // A regular expression that backtracks catastrophically (typed, or from a link): it never stays in
        // the view (and so in the URL), so Retry and the next change never run it again. With a graph the
        // previous view stays (it was analysed on these files); else (a link) its expressions are taken out.
        const st = get();
        const safe = st.result ? { mapping: st.view.mapping, green: st.view.green, red: st.view.red } : withoutRegexes(view);
        refs.retryAction = doLoad;
        const message = `${err.message}; it was taken out of the mapping`;
        set({ view: { ...get().view, ...safe }, status: get().result ? 'ready' : 'error', mappingError: `Stopped: ${message}.`, banner: { message: `Analysis stopped: ${message}. Retry reads the files again.`, canRetry: true } });
        return;
      }
      if (err.name === 'CancelledError' || stopped(e)) {
        // Cancel: the previous graph and settings stay; say why nothing changed
        const why = stopped(e) ? `${err.message}: the analysis was stuck (a regular expression that backtracks catastrophically?); fix the mapping and try again` : 'the analysis was cancelled';
        set({ status: get().result ? 'ready' : 'empty', mappingError: `Stopped: ${why}.` });
        return;
      }
      if (err.name === 'PartitionError' && !get().result && (view.green.trim() || view.red.trim())) {
        // no graph yet (a link whose partition names cases that are not loaded, e.g. a cid of other files):
        // the graph without a partition, and why
        await runAnalyze({ ...over, green: '', red: '' });
        if (get().result) set({ partitionError: `${err.message}: the graph is shown without a partition` });
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
    const s = refs.linkSelection!;
    refs.linkSelection = null;
    if (get().selected !== null || get().edge !== null) return; // the user has chosen meanwhile
    if (s.kind === 'node' && result.nodes.some((n) => n.id === s.id)) await get().selectNode(s.id);
    else if (s.kind === 'edge' && result.edges.some((e) => e.source === s.source && e.target === s.target)) await get().selectEdge(s.source, s.target);
    else set({ view: { ...get().view, selection: null } }); // not in this analysis: the link's selection is gone from the URL
  };

  /** The overview's key: the analysis it draws (every event: the time window is drawn on it, so not part of
   * the key; nor are the thresholds), its own request, and the loaded events. */
  let overviewKey = '';
  /** The overview to ask for (its key noted as the one awaited), or null when the one shown is current. */
  const overviewRequest = (force = false) => {
    const st = get();
    const only = st.overviewSelectedOnly && st.selected !== null && st.selected !== '●' && st.selected !== '■' ? [st.selected] : null;
    const req = { metric: st.overviewMetric, align: st.overviewAlign, byPid: st.overviewByPid, activities: only, heatmap: st.overviewHeatmap };
    const key = `${analysisKey(plan(st.view).analyze, ['time', 'thresholds'])} ${JSON.stringify(req)} ${st.summary?.events}`;
    if (!force && key === overviewKey && st.overview) return null;
    overviewKey = key;
    return { req, key };
  };
  const refreshOverview = async (force = false): Promise<void> => {
    const ov = overviewRequest(force);
    if (!ov) return;
    set({ overviewLoading: true });
    try {
      const o = await client.call('timeOverview', [ov.req]).promise;
      if (ov.key === overviewKey) set({ overview: o });
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
    const call = refs.analyzeCall;
    if (!call) return;
    client.cancel(call.id);
    await call.promise.catch(() => undefined);
  };

  return { runAnalyze, refreshOverview, refreshTimeline, stopAnalysis };
}
