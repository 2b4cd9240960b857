/**
 * The analysis slice: the actions that change what is analysed (each asks the loop, driver.ts, for the
 * analysis of the view with the change), what a new graph sets, and what a failed analysis leaves.
 */
import type { View } from '../session/view';
import type { AnalyzeReply } from '../session/types';
import { stopped, type StoreBase, type StoreContext } from './context';
import { openLinkSelection } from './drillDown';
import type { AppState } from './state';
import { withoutRegexes } from './withoutRegexes';

/** The parts of the view an analysis may change (they are set once it has succeeded). */
export type AnalyzeOver = Partial<Pick<View, 'mapping' | 'green' | 'red' | 'hideUnassigned' | 'caseFilters' | 'time'>>;

/** The view an analysis asked for analyses: the view with the change (`over`). */
export const analysisTarget = (view: View, over: AnalyzeOver | null): View => ({ ...view, ...over });

type AnalysisActions = Pick<AppState, 'setMapping' | 'setPartition' | 'setHideUnassigned' | 'swapPartition' | 'clearPartition' | 'keepCases' | 'keepCaseIds' | 'removeCaseFilter' | 'setTime' | 'confirmCustom'>;

export function analysisActions({ set, get, driver, guarded }: StoreContext): AnalysisActions {
  const analyze = (over: AnalyzeOver): Promise<void> => guarded('Analysis', () => driver.wantAnalysis(over));
  return {
    setMapping: (mapping) => analyze({ mapping }),
    setPartition: (green, red) => analyze({ green, red }),
    setHideUnassigned: (hideUnassigned) => {
      set({ view: { ...get().view, hideUnassigned } }); // the switch shows the choice at once; the analysis follows
      return analyze({ hideUnassigned });
    },
    swapPartition: () => analyze({ green: get().view.red, red: get().view.green }),
    clearPartition: () => analyze({ green: '', red: '' }),
    keepCases: (activity, keep) => analyze({ caseFilters: [...get().view.caseFilters, { activity, keep }] }),
    keepCaseIds: (ids) => analyze({ caseFilters: [...get().view.caseFilters, { keep: 'cases', ids: [...ids] }] }),
    removeCaseFilter: (i) => analyze({ caseFilters: get().view.caseFilters.filter((_, k) => k !== i) }),
    setTime: (w) => analyze({ time: w && (w.from !== null || w.to !== null) ? w : null }),
    confirmCustom: async (run) => {
      const code = get().pendingCustom;
      set({ pendingCustom: null });
      if (run && code) await analyze({ mapping: { ...get().view.mapping, custom: code } });
    },
  };
}

/** A new graph: the view with the change, the result; a selection that is no node of it is closed. */
export async function applyAnalysis(ctx: StoreBase, reply: AnalyzeReply, over: AnalyzeOver, note: string | null): Promise<void> {
  const { set, get } = ctx;
  // (the view as it is now with `over`: a display setting changed meanwhile stays)
  set({ view: { ...get().view, ...over }, result: reply.result, analysisNo: get().analysisNo + 1, keptCases: reply.keptCases, analyzeMs: reply.analyzeMs ?? null, partitionCases: reply.partitionCases, warnings: reply.warnings, status: 'ready', mappingError: null, partitionError: note, banner: null, edge: null, insights: null, completing: false });
  const sel = get().selected;
  if (sel !== null && !reply.result.nodes.some((n) => n.id === sel)) set({ selected: null, timeline: null });
  const pc = reply.partitionCases;
  if (!pc || !pc.green.length || !pc.red.length) set({ compare: null, compareError: null });
  if (ctx.refs.linkSelection) await openLinkSelection(ctx, reply.result);
}

/**
 * A failed analysis: the previous graph and settings stay, the error is shown where the user edited.
 * 'stop' ends the loop; `{ over }`: analyse that instead (a link's partition naming no loaded case).
 */
export async function analysisFailed(ctx: StoreBase, err: Error, view: View, over: AnalyzeOver): Promise<'stop' | { over: AnalyzeOver; note: string }> {
  const { set, get, refs } = ctx;
  if (err.name === 'MappingTimeout') {
    // A regular expression that backtracks catastrophically (typed, or from a link): it never stays in
    // the view (and so in the URL), so Retry and the next change never run it again. With a graph the
    // previous view stays (it was analysed on these files); else (a link) its expressions are taken out.
    const st = get();
    const safe = st.result ? { mapping: st.view.mapping, green: st.view.green, red: st.view.red } : withoutRegexes(view);
    refs.retryAction = () => Promise.resolve(); // (Retry reads the files again)
    const message = `${err.message}; it was taken out of the mapping`;
    set({ view: { ...get().view, ...safe }, status: get().result ? 'ready' : 'error', mappingError: `Stopped: ${message}.`, banner: { message: `Analysis stopped: ${message}. Retry reads the files again.`, canRetry: true } });
    return 'stop';
  }
  if (err.name === 'CancelledError' || stopped(err)) {
    // Cancel: the previous graph and settings stay; say why nothing changed
    const why = stopped(err) ? `${err.message}: the analysis was stuck (a regular expression that backtracks catastrophically?); fix the mapping and try again` : 'the analysis was cancelled';
    set({ status: get().result ? 'ready' : 'empty', mappingError: `Stopped: ${why}.` });
    return 'stop';
  }
  if (err.name === 'PartitionError' && !get().result && (view.green.trim() || view.red.trim())) {
    // no graph yet (a link whose partition names cases that are not loaded, e.g. a cid of other files):
    // the graph without a partition, and why
    return { over: { ...over, green: '', red: '' }, note: `${err.message}: the graph is shown without a partition` };
  }
  if (err.name === 'MappingError' || err.name === 'PartitionError') {
    // Keep the previous graph and settings; show the error where the user edited.
    const which = err.name === 'MappingError' ? 'mappingError' : 'partitionError';
    set({ status: get().result ? 'ready' : 'error', [which]: err.message });
    return 'stop';
  }
  throw err;
}
