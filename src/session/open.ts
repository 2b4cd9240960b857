/**
 * Session.open: the command line's whole way from the files it walked to the first analysis, in one call
 * (DOM-free and Node-free): the view's plan, what each file is read as (inputs.ts), whether the distinct paths
 * fit the heap (ingest/estimate.ts), whether the parse threads are worth it, the load, the files that failed, and
 * the analysis. What the adapter prints on the way comes to it through the `on…` callbacks, as it happens.
 */
import { fitPaths, type PathsFit } from '../ingest/estimate';
import type { FollowUpRequest } from './followUps';
import { identifyInputs, InputError, type Discovery, type PathInputs, type SniffEnv, type Skipped } from '../ingest/inputs';
import { pathPredicate } from '../analysis/pathFilter';
import type { AnalyzeReply, Ctx, LoadItem, LoadOptions, LoadSummary } from './types';
import { plan, type View, type ViewPlan } from './view';

export { PATHS_SHARE, PathsRefused, type PathsFit } from '../ingest/estimate';

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

/** Session.open (session.ts): see the file's comment. */
export async function openInputs(s: OpenTarget, env: SniffEnv, ctx: Ctx, inputs: PathInputs, ask: OpenAsk): Promise<Opened> {
  const p = ask.view ? plan(ask.view) : null;
  const include = p?.analyze.mapping.include ?? [];
  const keep = pathPredicate(include);
  const discovery = await identifyInputs(inputs, env);
  ask.onFound?.(discovery);
  const { files } = discovery;
  const items = files.map((f) => f.item);
  const pathFilter = ask.heap === undefined ? undefined : await fitPaths(items, include, keep, ask.heap, (f) => ask.onFit?.(f));
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
