/**
 * Loading: reading dropped files into the worker (after the memory estimate, or the user's choice when they
 * may not fit), adding files to the loaded ones, and the analysis that follows a load.
 */
import type { PathFilter } from '../analysis/types';
import { plan } from '../session/view';
import type { LoadInput } from '../worker/protocol';
import type { Analysis } from './analysis';
import { stopped, type StoreContext } from './context';
import { estimateLoad, HEAP_BUDGET, isGzipName, mayExceedHeap, mostTraceBytes, traceBytes, withPaths } from './memory';
import type { AppState } from './state';

type ConfirmChoice = Parameters<AppState['confirmLoad']>[0];

export interface Loading extends Pick<AppState, 'loadFiles' | 'addFiles' | 'confirmLoad'> {
  doLoad(): Promise<void>;
}

export function createLoading({ set, get, client, env, refs, guarded }: StoreContext, { runAnalyze, stopAnalysis }: Pick<Analysis, 'runAnalyze' | 'stopAnalysis'>): Loading {
  /** The parse-time path filter of the next load (the user's choice for a load too big). */
  let loadFilter: PathFilter[] = [];
  /** The files before a load waiting for the user (Cancel keeps them). */
  let prevFiles: LoadInput[] = [];
  /** Loads so far: the newest wins; the case filters of a link apply to the first one only. */
  let loadSeq = 0;
  /** Drops so far (a drop waiting for its path estimate gives way to a newer one). */
  let dropSeq = 0;

  const doLoad = async (): Promise<void> => {
    // The newest load wins: the one running is cancelled, and whatever it answers later is ignored; a
    // running analysis is stopped first (a stuck one would hold the worker, the load queued behind it).
    const seq = ++loadSeq;
    if (refs.loadCall !== null) client.cancel(refs.loadCall);
    await stopAnalysis();
    if (seq !== loadSeq) return;
    refs.needReload = false;
    if (seq > 1) refs.linkSelection = null;
    set({ status: 'loading', progress: null, banner: null, result: null, compare: null, summary: null, overview: null, selected: null, timeline: null, edge: null, ...(seq > 1 ? { view: { ...get().view, caseFilters: [], selection: null } } : {}) });
    const { load } = plan(get().view);
    const call = client.call('load', [refs.files, { splitByPid: load.splitByPid, ...(load.singleThread ? { singleThread: true } : {}), ...(loadFilter.length ? { pathFilter: loadFilter } : {}) }], (p) => set({ progress: p }));
    refs.loadCall = call.id;
    try {
      const summary = await call.promise;
      if (seq !== loadSeq) return;
      set({ summary, progress: null, loadFilter });
    } catch (e) {
      if (stopped(e)) refs.needReload = true; // the fresh worker holds nothing
      if (seq !== loadSeq) return;
      if ((e as Error).name === 'CancelledError' || stopped(e)) {
        set({ status: get().summary ? 'ready' : 'empty', progress: null });
        return;
      }
      throw e;
    } finally {
      if (seq === loadSeq) refs.loadCall = null;
    }
    const summary = get().summary!;
    // (Darshan logs without a DXT trace have no cases but their counters, heatmaps and job header: analysed)
    if (summary.cases === 0 && !summary.jobs?.length) {
      set({ status: 'error', banner: { message: 'No trace could be loaded: see the errors below.', canRetry: false } });
      return;
    }
    await runAnalyze();
  };

  /** Reads `inputs` and merges them with the loaded files; a cancel keeps what was loaded. */
  const doAdd = async (inputs: LoadInput[], before: LoadInput[]): Promise<void> => {
    const seq = ++loadSeq;
    if (refs.loadCall !== null) client.cancel(refs.loadCall);
    await stopAnalysis();
    if (seq !== loadSeq) return;
    set({ status: 'loading', progress: null, banner: null });
    const call = client.call('add', [inputs], (p) => set({ progress: p }));
    refs.loadCall = call.id;
    try {
      const summary = await call.promise;
      if (seq !== loadSeq) return;
      set({ summary, progress: null });
    } catch (e) {
      if (stopped(e)) refs.needReload = true; // the fresh worker holds nothing: the next change reads `files`
      if (seq !== loadSeq) return;
      if ((e as Error).name === 'CancelledError' || stopped(e)) {
        if (!stopped(e)) refs.files = before;
        set({ status: get().summary ? 'ready' : 'empty', progress: null });
        return;
      }
      refs.files = before;
      throw e;
    } finally {
      if (seq === loadSeq) refs.loadCall = null;
    }
    await runAnalyze();
  };

  /** Trace bytes before they are measured (traceBytes), and whether a gzip load is big enough to be measured. */
  const guessed = (inputs: LoadInput[]): { guess: number; measure: boolean } => ({
    guess: inputs.reduce((a, i) => a + traceBytes(i.name ?? i.file.name, i.file.size), 0),
    measure: inputs.some((i) => isGzipName(i.name ?? i.file.name)) && !estimateLoad(inputs.reduce((a, i) => a + mostTraceBytes(i.name ?? i.file.name, i.file.size), 0), env.deviceMemory).fits,
  });
  /**
   * The trace bytes behind dropped files, a gzip load big enough to matter measured in the worker (each file's
   * decompressed size from the ratio of its head, session/estimate.ts traceSizes), so a small .st.gz of GBs
   * of trace gets the warning a plain trace of that size gets.
   */
  const measured = async (inputs: LoadInput[], guess: number): Promise<number> => {
    try {
      return (await client.call('traceSizes', [inputs]).promise).reduce((a, b) => a + b, 0);
    } catch {
      return guess; // a file that cannot be read is reported by the load itself
    }
  };

  const loadFiles = async (inputs: LoadInput[]): Promise<void> => {
    const bytes = inputs.reduce((a, i) => a + i.file.size, 0);
    const drop = ++dropSeq;
    const g = guessed(inputs);
    const text = g.measure ? await measured(inputs, g.guess) : g.guess;
    if (drop !== dropSeq) return; // newer files were dropped meanwhile
    let estimate = estimateLoad(text, env.deviceMemory);
    if (estimate.fits && mayExceedHeap(text, env.heapBudget)) {
      // millions of distinct paths (mdtest-like) fill a worker's heap long before the bytes do: sample the heads
      try {
        estimate = withPaths(estimate, await client.call('estimatePaths', [inputs, env.heapBudget ?? HEAP_BUDGET]).promise, env.heapBudget);
      } catch {
        // no estimate (a file that cannot be read is reported by the load itself)
      }
      if (drop !== dropSeq) return; // newer files were dropped meanwhile
    }
    loadFilter = [];
    if (!estimate.fits) {
      prevFiles = refs.files;
      refs.files = inputs;
      set({ pendingLoad: { files: inputs.length, bytes, estimate } });
      return;
    }
    refs.files = inputs;
    await guarded('Loading', doLoad);
  };

  const addFiles = async (inputs: LoadInput[]): Promise<void> => {
    if (!refs.files.length || !get().summary) return get().loadFiles(inputs);
    // the files the worker would read again after a restart: the loaded ones and the new ones (a file
    // already loaded, same name and size, is not listed twice: the Session names it)
    const known = new Map(refs.files.map((f) => [f.name ?? f.file.name, f.file.size]));
    const before = refs.files;
    const all = [...refs.files, ...inputs.filter((i) => known.get(i.name ?? i.file.name) !== i.file.size)];
    const bytes = all.reduce((a, i) => a + i.file.size, 0);
    const g = guessed(all);
    const estimate = estimateLoad(g.measure ? await measured(all, g.guess) : g.guess, env.deviceMemory);
    if (!estimate.fits) {
      // too big together: the user chooses (a path filter, anyway, cancel), then everything is read again
      prevFiles = refs.files;
      refs.files = all;
      set({ pendingLoad: { files: all.length, bytes, estimate } });
      return;
    }
    refs.files = all;
    return guarded('Adding files', () => doAdd(inputs, before));
  };

  const confirmLoad = async (choice: ConfirmChoice): Promise<void> => {
    set({ pendingLoad: null });
    if (choice === 'cancel') {
      refs.files = prevFiles;
      return;
    }
    loadFilter = choice === 'anyway' ? [] : choice.filter;
    await guarded('Loading', doLoad);
  };

  return { doLoad, loadFiles, addFiles, confirmLoad };
}
