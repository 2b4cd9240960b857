/**
 * What the store's action modules (loading.ts, analysis.ts, appStore.ts) share: zustand's set and get, the
 * worker client, and the mutable state that is no part of AppState (requests in flight, the files to read again).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Selection } from '../session/view';
import type { LoadInput } from '../worker/protocol';
import type { ApiClient, AppState, StoreEnv } from './state';

export interface SharedRefs {
  /** The files of the log (or of a load waiting for the user): what a restarted worker reads again. */
  files: LoadInput[];
  /** The load request in flight (Cancel stops it). */
  loadCall: number | null;
  /** What Retry re-runs: the action that failed. */
  retryAction: (() => Promise<void>) | null;
  /** The analysis request in flight (Cancel stops it), and whether a restarted worker lost the files. */
  analyzeCall: { id: number; promise: Promise<unknown> } | null;
  needReload: boolean;
  /** The selection of a link (`sel=`): opened once, after the first analysis of the dropped files. */
  linkSelection: Selection | null;
}

export interface StoreContext {
  set: StoreApi<AppState>['setState'];
  get: StoreApi<AppState>['getState'];
  client: ApiClient;
  env: StoreEnv;
  refs: SharedRefs;
  /** Runs an action; a worker failure shows the banner with Retry (the page keeps working). */
  guarded(what: string, action: () => Promise<void>): Promise<void>;
}

/** The worker was replaced (stuck after Cancel, or a mapping in a backtracking regex): it lost the files. */
export const stopped = (e: unknown): boolean => (e as Error)?.name === 'WorkerStopped' || (e as Error)?.name === 'MappingTimeout';
