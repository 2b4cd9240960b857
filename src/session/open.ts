/**
 * Session.open: the command line's whole way from the files it walked to the first analysis, in one call
 * (DOM-free and Node-free): the view's plan, what each file is read as (inputs.ts), whether the distinct paths
 * fit the heap (estimate.ts), whether the parse threads are worth it, the load, the files that failed, and
 * the analysis. What the adapter prints on the way comes to it through the `on…` callbacks, as it happens.
 */
import type { PathFilter } from '../analysis/types';
import type { Identified } from '../ingest/registry';
import { estimatePaths, MAX_GZIP_RATIO, SURE_FRESH, traceSizes, type PathEstimate } from './estimate';
import type { FollowUpRequest } from './followUps';
import { identifyInputs, InputError, type Discovery, type PathInputs, type SniffEnv, type Skipped } from './inputs';
import { pathPredicate } from './pathFilter';
import type { AnalyzeReply, Ctx, LoadItem, LoadOptions, LoadSummary } from './types';
import { plan, type View, type ViewPlan } from './view';

/** The share of the heap the distinct paths of a load may take (the events, the analysis need the rest). */
export const PATHS_SHARE = 0.7;

/** The distinct paths of a load would not fit its heap budget, sure of it (`filtered`: even with the view's keep-only filters). */
export class PathsRefused extends Error {
  override name = 'PathsRefused';
  constructor(
    readonly estimate: PathEstimate,
    readonly filtered: boolean,
  ) {
    super(`about ${estimate.paths} distinct paths do not fit the heap`);
  }
}

/** A load over its budget that still goes on: on a guess (read with the heap watched), or with the filters applied while reading. */
export type PathsFit = { kind: 'guess'; estimate: PathEstimate; budget: number } | { kind: 'filtered'; estimate: PathEstimate; kept: PathEstimate; budget: number };

/** What a load left out or could not read, for the adapter's notes. */
export interface LoadedNotes {
  summary: LoadSummary;
  discovery: Discovery;
  /** Files that could not be read or loaded (found in folders: skipped). */
  unread: Skipped[];
  /** Files that loaded without an event. */
  empty: string[];
}

export interface OpenAsk {
  /** The view: its plan says how the files load and what is analysed; null: load only (split by pid as `splitByPid`). */
  view: View | null;
  splitByPid?: boolean;
  /** The analysis' Ctx (default: the load's). */
  analysisCtx?: Ctx;
  /** The follow-ups the adapter will ask for (Session.analyze's `want`). */
  want?: FollowUpRequest;
  /** The JavaScript heap (bytes): the distinct paths of the load are estimated against PATHS_SHARE of it; undefined: not checked. */
  heap?: number;
  /** The files found (before the load), a load over its heap budget that goes on, what the load left out. */
  onFound?(d: Discovery): void;
  onFit?(f: PathsFit): void;
  /** The load begins (the files found, their paths checked against the heap, the threads decided). */
  onLoad?(): void;
  onLoaded?(n: LoadedNotes): void;
}

export interface Opened {
  plan: ViewPlan | null;
  discovery: Discovery;
  summary: LoadSummary;
  reply: AnalyzeReply | null;
  /** Files that loaded. */
  files: number;
}

/** What Session.open needs of its Session. */
export interface OpenTarget {
  /** The pool is not worth its threads (one file or none for them): the Session works without it. */
  serial(pooled: number): void;
  load(ctx: Ctx, inputs: readonly LoadItem[], opts: LoadOptions): Promise<LoadSummary>;
  analyze(ctx: Ctx, params: ViewPlan['analyze'], want: FollowUpRequest): Promise<AnalyzeReply>;
}

/** An estimate over the budget that is not a guess: from enough new paths, or the paths sampled alone over it. */
const sure = (est: PathEstimate, budget: number): boolean => est.fresh >= SURE_FRESH || (est.seen / Math.max(1, est.paths)) * est.heapBytes > budget;

/**
 * Millions of distinct paths (mdtest-like runs) fill the JavaScript heap: estimated from slices of the files
 * before reading them (estimate.ts), a load that cannot fit throws PathsRefused; one whose estimate is a guess
 * (few new paths in the sample) is read (noted: the adapter watches its heap). With the view's keep-only path
 * filters (`--filter`), a load that fits only when they are applied while reading gets them as its parse-time
 * filter (returned; noted: the events of other paths are then counted as filtered while reading).
 */
async function fitPaths(items: Identified[], filter: readonly PathFilter[], heap: number, note: (f: PathsFit) => void): Promise<PathFilter[] | undefined> {
  const budget = PATHS_SHARE * heap;
  // a path costs at most ~4 heap bytes per trace byte (one new path per shortest line): small loads fit
  // (a gzip file counts its decompressed size, measured on its head: traceSizes)
  if (4 * items.reduce((a, i) => a + i.source.size * (i.source.compressed ? MAX_GZIP_RATIO : 1), 0) <= budget) return undefined;
  if (4 * (await traceSizes(items)).reduce((a, b) => a + b, 0) <= budget) return undefined;
  const est = await estimatePaths(items, undefined, budget);
  if (est.heapBytes <= budget) return undefined;
  if (!sure(est, budget)) {
    note({ kind: 'guess', estimate: est, budget });
    return undefined;
  }
  if (!filter.length) throw new PathsRefused(est, false);
  const kept = await estimatePaths(items, pathPredicate(filter), budget);
  if (kept.heapBytes > budget && sure(kept, budget)) throw new PathsRefused(kept, true);
  note({ kind: 'filtered', estimate: est, kept, budget });
  return [...filter];
}

/** Session.open (session.ts): see the file's comment. */
export async function openInputs(s: OpenTarget, env: SniffEnv, ctx: Ctx, inputs: PathInputs, ask: OpenAsk): Promise<Opened> {
  const p = ask.view ? plan(ask.view) : null;
  const discovery = await identifyInputs(inputs, env);
  ask.onFound?.(discovery);
  const { files } = discovery;
  const items = files.map((f) => f.item);
  const pathFilter = ask.heap === undefined ? undefined : await fitPaths(items, p?.analyze.mapping.include ?? [], ask.heap, (f) => ask.onFit?.(f));
  // one file (or none) for the threads: parsed here
  s.serial(items.filter((i) => i.importer.pooled).length);
  ask.onLoad?.();
  const summary = await s.load(ctx, items, { splitByPid: p ? p.load.splitByPid : !!ask.splitByPid, ...(pathFilter ? { pathFilter } : {}) });
  const loadedNames = new Set(summary.files.map((f) => f.name));
  const failed = summary.errors.filter((e) => !loadedNames.has(e.file));
  const empty = summary.errors.filter((e) => loadedNames.has(e.file)).map((e) => e.file);
  // errors name a gzip file as it is on disk
  const explicit = new Set(files.filter((f) => f.explicit).map((f) => f.item.source.compressed?.name ?? f.item.source.name));
  const fatal = failed.find((e) => explicit.has(e.file));
  if (fatal) throw new InputError(fatal.message);
  if (!summary.files.length) throw new InputError(`no input could be loaded (${failed.map((e) => e.message).join('; ')})`);
  ask.onLoaded?.({ summary, discovery, unread: [...discovery.failed, ...failed.map((e) => ({ name: e.file, reason: e.message }))], empty });
  const reply = p ? await s.analyze(ask.analysisCtx ?? ctx, p.analyze, ask.want ?? {}) : null;
  return { plan: p, discovery, summary, reply, files: files.length - failed.length };
}
