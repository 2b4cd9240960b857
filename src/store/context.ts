/**
 * What the store's slices (loading.ts, analysis.ts, steps.ts, drillDown.ts, reports.ts) and its loop
 * (driver.ts) share: zustand's set and get, the worker client, and the mutable state that is no part of
 * AppState (the files to read again, what Retry re-runs, a link's selection).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { PathFilter } from '../analysis/types';
import type { Selection } from '../session/view';
import type { LoadInput } from '../worker/protocol';
import type { Driver } from './driver';
import type { ApiClient, AppState, StoreEnv } from './state';

export interface SharedRefs {
  /** The files of the log (or of a load waiting for the user): what a restarted worker reads again. */
  files: LoadInput[];
  /** The parse-time path filter of the next load (the user's choice for a load too big). */
  loadFilter: PathFilter[];
  /** What Retry re-runs: the action that failed (with files loaded, Retry reads them again instead). */
  retryAction: (() => Promise<void>) | null;
  /** The selection of a link (`sel=`): opened once, after the first analysis of the dropped files. */
  linkSelection: Selection | null;
}

/** What the loop's steps need. */
export interface StoreBase {
  set: StoreApi<AppState>['setState'];
  get: StoreApi<AppState>['getState'];
  client: ApiClient;
  env: StoreEnv;
  refs: SharedRefs;
}

/** What the actions need: the loop they ask (driver.ts) and the banner for a failure. */
export interface StoreContext extends StoreBase {
  driver: Driver;
  /** Runs an action; a worker failure shows the banner with Retry (the page keeps working). */
  guarded(what: string, action: () => Promise<void>): Promise<void>;
}

/** The worker was replaced (stuck after Cancel, or a mapping in a backtracking regex): it lost the files. */
export const stopped = (e: unknown): boolean => (e as Error)?.name === 'WorkerStopped' || (e as Error)?.name === 'MappingTimeout';
