/**
 * The loading slice: the files dropped (after the memory estimate, or the user's choice when they may not
 * fit), files added to the loaded ones, the load options; the loop (driver.ts) reads them into the worker.
 */
import type { LoadInput } from '../worker/protocol';
import type { StoreContext } from './context';
import { estimateLoad, HEAP_BUDGET, isGzipName, mayExceedHeap, mostTraceBytes, traceBytes, withPaths } from './memory';
import type { AppState } from './state';

type LoadActions = Pick<AppState, 'loadFiles' | 'addFiles' | 'confirmLoad' | 'setSplitByPid'>;

export function loadActions({ set, get, client, env, refs, driver, guarded }: StoreContext): LoadActions {
  /** The files before a load waiting for the user (Cancel keeps them). */
  let prevFiles: LoadInput[] = [];
  /** The newest drop: one waiting for its estimate gives way to a newer one (a user's choice, not the worker's). */
  let latestDrop: object = {};

  /** Trace bytes before they are measured (traceBytes), and whether a gzip load is big enough to be measured. */
  const guessed = (inputs: LoadInput[]): { guess: number; measure: boolean } => ({
    guess: inputs.reduce((a, i) => a + traceBytes(i.name ?? i.file.name, i.file.size), 0),
    measure: inputs.some((i) => isGzipName(i.name ?? i.file.name)) && !estimateLoad(inputs.reduce((a, i) => a + mostTraceBytes(i.name ?? i.file.name, i.file.size), 0), env.deviceMemory).fits,
  });
  /**
   * The trace bytes behind dropped files, a gzip load big enough to matter measured in the worker (each file's
   * decompressed size from the ratio of its head, ingest/estimate.ts traceSizes), so a small .st.gz of GBs
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
    const drop = (latestDrop = {});
    const g = guessed(inputs);
    const text = g.measure ? await measured(inputs, g.guess) : g.guess;
    if (drop !== latestDrop) return; // newer files were dropped meanwhile
    let estimate = estimateLoad(text, env.deviceMemory);
    if (estimate.fits && mayExceedHeap(text, env.heapBudget)) {
      // millions of distinct paths (mdtest-like) fill a worker's heap long before the bytes do: sample the heads
      try {
        estimate = withPaths(estimate, await client.call('estimatePaths', [inputs, env.heapBudget ?? HEAP_BUDGET]).promise, env.heapBudget);
      } catch {
        // no estimate (a file that cannot be read is reported by the load itself)
      }
      if (drop !== latestDrop) return; // newer files were dropped meanwhile
    }
    refs.loadFilter = [];
    if (!estimate.fits) {
      prevFiles = refs.files;
      refs.files = inputs;
      set({ pendingLoad: { files: inputs.length, bytes, estimate } });
      return;
    }
    refs.files = inputs;
    await guarded('Loading', () => driver.wantFiles());
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
    return guarded('Adding files', () => driver.wantFiles({ inputs, before }));
  };

  const confirmLoad = async (choice: Parameters<AppState['confirmLoad']>[0]): Promise<void> => {
    set({ pendingLoad: null });
    if (choice === 'cancel') {
      refs.files = prevFiles;
      return;
    }
    refs.loadFilter = choice === 'anyway' ? [] : choice.filter;
    await guarded('Loading', () => driver.wantFiles());
  };

  const setSplitByPid = async (splitByPid: boolean): Promise<void> => {
    set({ view: { ...get().view, splitByPid } });
    if (refs.files.length) await guarded('Loading', () => driver.wantFiles());
  };

  return { loadFiles, addFiles, confirmLoad, setSplitByPid };
}
