/** Loading PATH arguments into a Session for a CLI subcommand, with the notes on stderr. */
import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { Identified } from '../../ingest/registry';
import { formatBytes, formatCount } from '../../lib/format';
import type { PathFilter } from '../../analysis/types';
import { estimatePaths, MAX_GZIP_RATIO, SURE_FRESH, traceSizes, type PathEstimate } from '../../session/estimate';
import { pathPredicate } from '../../session/pathFilter';
import { Session } from '../../session/session';
import type { Ctx, LoadSummary } from '../../session/types';
import { discover, type Discovery, type Skipped } from './discover';
import { CliError, type CliIO } from '../errors';
import { nodeInflate } from './gunzip';
import { watchHeap, type HeapWatch } from './heapWatch';
import { canUseWorkers, defaultJobs, NodeParsePool } from './parallel';
import { regexGuard } from './regexGuard';
import { nodeSandbox } from './sandbox';
import { safe } from '../text';

export interface Loaded {
  session: Session;
  summary: LoadSummary;
  /** Files that loaded. */
  files: number;
  /** The files on disk the load read (a gzip file's, an archive's own path): what a writing command must not write over. */
  read: string[];
}

export interface LoadPathsOptions {
  splitByPid: boolean;
  /** Parse threads (null = the default). */
  jobs: number | null;
  /** The view's keep-only path filters (`--filter`): applied while reading when the load fits only so. */
  filter?: readonly PathFilter[];
  /** The command analyses the load with mc: its time sort starts on a thread once the log is merged (SessionOptions.sortOnLoad). */
  sortOnLoad?: boolean;
  /** The file the command writes: never read from a folder given (an earlier run's output). */
  output?: string;
}

/** One stderr line for the files in folders that are plainly not traces (named, up to 10). */
function noteOthers(io: CliIO, list: readonly Skipped[]): void {
  if (!list.length) return;
  const names = list.slice(0, 10).map((s) => safe(s.name));
  if (list.length > 10) names.push(`… ${list.length - 10} more`);
  io.stderr.write(`strace-dfg: ${list.length} other file${list.length === 1 ? '' : 's'} skipped (not traces): ${names.join(', ')}\n`);
}

/** One stderr line for a list of files (or folders) that could not be read or loaded (named with the reason, up to 10). */
function noteSkipped(io: CliIO, what: string, list: readonly Skipped[], noun = 'file'): void {
  if (!list.length) return;
  const names = list.slice(0, 10).map((s) => `${safe(s.name)} (${safe(s.reason)})`);
  if (list.length > 10) names.push(`… ${list.length - 10} more`);
  io.stderr.write(`strace-dfg: ${what} ${list.length} ${noun}${list.length === 1 ? '' : 's'}: ${names.join(', ')}\n`);
}

/** File warnings and unparsable lines on stderr, identical warnings folded into one line. */
function noteFileReports(io: CliIO, s: LoadSummary, empty: readonly string[]): void {
  const warnings = new Map<string, string[]>();
  for (const f of s.files) {
    for (const w of f.warnings) {
      if (/^\d+ unparsable line/.test(w)) continue; // summed below, with examples
      warnings.set(w, [...(warnings.get(w) ?? []), f.name]);
    }
  }
  for (const name of empty) warnings.set('no system calls found', [...(warnings.get('no system calls found') ?? []), name]);
  for (const [w, names] of warnings) {
    const who = names.length === 1 ? names[0] : `${names.length} files`;
    io.stderr.write(`strace-dfg: warning (${safe(who)}): ${safe(w)}\n`);
  }
  const unparsable = s.dropped.unparsable ?? 0;
  if (unparsable) {
    const first = s.unparsable.slice(0, 3).map((u) => `${u.file}:${u.line}: ${u.text.slice(0, 120)}`);
    io.stderr.write(`strace-dfg: ${unparsable} unparsable line${unparsable === 1 ? '' : 's'} skipped (counted in dropped), e.g. ${first.map(safe).join(' | ')}\n`);
  }
}

/** A progress line on an interactive terminal only, at most every 200 ms; the heap watched on each report. */
function progressCtx(io: CliIO): { ctx: Ctx; heap: HeapWatch } {
  const t0 = performance.now();
  let shown = 0;
  const tty = io.stderr === process.stderr && process.stderr.isTTY;
  const cancel = { cancelled: false };
  const heap = watchHeap(cancel);
  const ctx: Ctx = {
    cancel,
    // each report looks at the heap: often enough that a load cannot fill the rest between two looks
    progressMs: 5,
    progress: (p) => {
      heap.check(p.done, p.total);
      if (!tty || p.phase !== 'parse') return;
      const t = performance.now();
      if (t - shown < 200 && p.done < p.total) return;
      shown = t;
      const mb = p.done / 1e6;
      io.stderr.write(`\rstrace-dfg: reading ${Math.floor((100 * p.done) / (p.total || 1))}% (${mb.toFixed(0)} MB, ${(mb / ((t - t0) / 1000 || 1)).toFixed(0)} MB/s)${p.done >= p.total ? '\n' : ''}`);
    },
  };
  return { ctx, heap };
}

/** The heap this process may use (STRACE_DFG_HEAP_MB overrides it: tests, or a known smaller budget). */
function heapLimit(): number {
  const mb = Number(process.env.STRACE_DFG_HEAP_MB);
  return mb > 0 ? mb * 1024 * 1024 : getHeapStatistics().heap_size_limit;
}

/** The share of the heap the distinct paths of a load may take (the events, the analysis need the rest). */
export const PATHS_SHARE = 0.7;

/** The one line a load that will not fit stops with: the budget it was compared with, and what to do. */
function tooManyPaths(est: PathEstimate, heap: number, filtered: boolean): CliError {
  const budget = PATHS_SHARE * heap;
  const files = `${est.sampledFiles} file${est.sampledFiles === 1 ? '' : 's'}`;
  return new CliError(
    `${filtered ? 'even with --filter, ' : ''}this load holds about ${formatCount(est.paths)} distinct paths (estimated from ${est.slices} slice${est.slices === 1 ? '' : 's'} of ${files}), ` +
      `which need about ${formatBytes(est.heapBytes)} of heap, more than its budget of ${formatBytes(budget)} (${Math.round(PATHS_SHARE * 100)} % of the ${formatBytes(heap)} heap of Node.js here): ` +
      `keep only the paths you need with ${filtered ? 'a narrower ' : ''}--filter SUBSTR (applied while reading, so the others take no memory), read fewer files (a sub-folder, or the ranks you need), ` +
      `or give Node.js more heap (NODE_OPTIONS=--max-old-space-size=${Math.ceil(est.heapBytes / PATHS_SHARE / 1024 / 1024)})`,
  );
}

/** An estimate over the budget that is not a guess: from enough new paths, or the paths sampled alone over it. */
const sure = (est: PathEstimate, budget: number): boolean => est.fresh >= SURE_FRESH || (est.seen / Math.max(1, est.paths)) * est.heapBytes > budget;

/**
 * Millions of distinct paths (mdtest-like runs) fill the JavaScript heap: estimated from slices of the
 * files before reading them (session/estimate.ts), a load that cannot fit stops with one line; one whose
 * estimate is a guess (few new paths in the sample) is read with the heap watched (heapWatch.ts). With the
 * view's keep-only path filters (`--filter`), a load that fits only when they are applied while reading
 * gets them as its parse-time filter (returned; noted on stderr: the events of other paths are then
 * counted as filtered while reading, not left out by the mapping).
 */
async function checkPathsFit(io: CliIO, items: Identified[], filter: readonly PathFilter[]): Promise<PathFilter[] | undefined> {
  const heap = heapLimit();
  const budget = PATHS_SHARE * heap;
  // a path costs at most ~4 heap bytes per trace byte (one new path per shortest line): small loads fit
  // (a gzip file counts its decompressed size, measured on its head: traceSizes)
  if (4 * items.reduce((a, i) => a + i.source.size * (i.source.compressed ? MAX_GZIP_RATIO : 1), 0) <= budget) return undefined;
  if (4 * (await traceSizes(items)).reduce((a, b) => a + b, 0) <= budget) return undefined;
  const est = await estimatePaths(items, undefined, budget);
  if (est.heapBytes <= budget) return undefined;
  if (!sure(est, budget)) {
    // a guess from a few paths met once: read, with the heap watched (watchHeap), rather than refuse
    io.stderr.write(
      `strace-dfg: note: about ${formatCount(est.paths)} distinct paths estimated, more than the heap budget of ${formatBytes(budget)} holds, but from only ${est.fresh} new path${est.fresh === 1 ? '' : 's'} in the sample (${formatCount(est.seen)} met in all): reading, and stopping if the heap fills\n`,
    );
    return undefined;
  }
  if (!filter.length) throw tooManyPaths(est, heap, false);
  const kept = await estimatePaths(items, pathPredicate(filter), budget);
  if (kept.heapBytes > budget && sure(kept, budget)) throw tooManyPaths(kept, heap, true);
  io.stderr.write(
    `strace-dfg: about ${formatCount(est.paths)} distinct paths would not fit in the heap budget of ${formatBytes(budget)}: --filter is applied while reading (about ${formatCount(kept.paths)} paths kept; the events of the others are counted as filtered)\n`,
  );
  return [...filter];
}

/** The CLI's inputs found on disk (discover.ts), with the parse threads started for them. */
export interface Inputs {
  found: Discovery;
  pool: NodeParsePool | null;
}

/**
 * Finds the files behind `paths` (discover.ts; what was left out is noted by `loadInputs`) and starts the parse
 * threads (`jobs`, when running from the bundle): their start-up overlaps finding and sniffing the files.
 */
export async function findInputs(io: CliIO, paths: readonly string[], opts: { jobs: number | null; output?: string }): Promise<Inputs> {
  let jobs = opts.jobs ?? defaultJobs();
  const cores = Math.max(1, availableParallelism());
  if (jobs > cores) {
    io.stderr.write(`strace-dfg: --jobs ${jobs} is more than the ${cores} cores: using ${cores}\n`);
    jobs = cores;
  }
  const pool = jobs > 1 && canUseWorkers() ? new NodeParsePool(jobs) : null;
  pool?.prestart();
  try {
    return { found: await discover(paths, { output: opts.output }), pool };
  } catch (e) {
    pool?.close();
    throw e;
  }
}

/**
 * Loads the files `findInputs` found into a fresh Session (on its parse threads), after noting on stderr
 * what discovery left out. An explicit file that fails is fatal; a file found in a folder is named and skipped.
 */
export async function loadInputs(io: CliIO, inputs: Inputs, opts: Omit<LoadPathsOptions, 'jobs' | 'output'>): Promise<Loaded> {
  const { found } = inputs;
  const { files, failed: unread } = found;
  let pool = inputs.pool;
  let pathFilter: PathFilter[] | undefined;
  try {
    for (const x of found.excluded) io.stderr.write(`strace-dfg: left out ${safe(x)}: it is this command's output (of an earlier run), not an input\n`);
    noteSkipped(io, 'skipped', found.folders, 'unreadable folder');
    noteOthers(io, found.skipped);
    pathFilter = await checkPathsFit(io, files.map((f) => f.item), opts.filter ?? []);
  } catch (e) {
    pool?.close();
    throw e;
  }
  const t0 = performance.now();
  // one file (or none) for the threads: parsed here
  if (pool && files.filter((f) => f.item.importer.pooled).length < 2) {
    pool.close();
    pool = null;
  }
  const session = new Session({ pool, regexGuard, inflate: nodeInflate, sortOnLoad: !!opts.sortOnLoad, customSandbox: nodeSandbox() });
  let summary: LoadSummary;
  const { ctx, heap } = progressCtx(io);
  try {
    summary = await session.load(ctx, files.map((f) => f.item), { splitByPid: opts.splitByPid, ...(pathFilter ? { pathFilter } : {}) });
  } catch (e) {
    pool?.close();
    if (heap.reason !== null) throw new CliError(heap.reason);
    throw e;
  } finally {
    heap.stop();
  }
  // the pool stays: its idle threads (which do not keep the process alive) sort for the first analysis
  const loadedNames = new Set(summary.files.map((f) => f.name));
  const failed = summary.errors.filter((e) => !loadedNames.has(e.file));
  const empty = summary.errors.filter((e) => loadedNames.has(e.file)).map((e) => e.file);
  // errors name a gzip file as it is on disk
  const explicit = new Set(files.filter((f) => f.explicit).map((f) => f.item.source.compressed?.name ?? f.item.source.name));
  const fatal = failed.find((e) => explicit.has(e.file));
  if (fatal) throw new CliError(fatal.message);
  if (!summary.files.length) throw new CliError(`no input could be loaded (${failed.map((e) => e.message).join('; ')})`);
  if (process.env.STRACE_DFG_DEBUG) {
    const mb = files.reduce((s, f) => s + f.item.source.size, 0) / 1e6;
    const s = (performance.now() - t0) / 1000;
    io.stderr.write(`strace-dfg: loaded ${files.length} files (${mb.toFixed(1)} MB, ${summary.events} events) on ${pool?.size || 'no worker'} threads in ${s.toFixed(2)} s\n`);
  }
  noteSkipped(io, 'could not load', [...unread, ...failed.map((e) => ({ name: e.file, reason: e.message }))]);
  noteFileReports(io, summary, empty);
  for (const n of summary.notes ?? []) io.stderr.write(`strace-dfg: ${safe(n)}\n`);
  const read = files.flatMap((f) => f.item.source.path ?? f.item.source.compressed?.path ?? []);
  return { session, summary, files: files.length - failed.length, read };
}

/** `findInputs` then `loadInputs`: the files behind `paths` loaded into a fresh Session. */
export async function loadPaths(io: CliIO, paths: readonly string[], opts: LoadPathsOptions): Promise<Loaded> {
  return loadInputs(io, await findInputs(io, paths, { jobs: opts.jobs, output: opts.output }), opts);
}
