/** Loading PATH arguments into a Session for a CLI subcommand, with the notes on stderr. */
import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { formatBytes, formatCount } from '../../lib/format';
import type { PathEstimate } from '../../ingest/estimate';
import { InputError, type Discovery, type PathInputs, type Skipped } from '../../ingest/inputs';
import { PATHS_SHARE, PathsRefused, type LoadedNotes, type OpenAsk, type PathsFit } from '../../session/open';
import { Session } from '../../session/session';
import type { Ctx, LoadSummary, SessionOptions } from '../../session/types';
import { discover } from './discover';
import { CliError, type CliIO } from '../errors';
import { nodeInflate } from './gunzip';
import { watchHeap, type HeapWatch } from './heapWatch';
import { canUseWorkers, defaultJobs, NodeParsePool } from './parallel';
import { regexGuard } from './regexGuard';
import { nodeSandbox } from './sandbox';
import { safe } from '../text';

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

/** A progress line on an interactive terminal only, at most every 200 ms; the heap watched (from `start`, as the load begins) on each report. */
function progressCtx(io: CliIO): { ctx: Ctx; start(): void; heap(): HeapWatch | null } {
  let t0 = performance.now();
  let shown = 0;
  const tty = io.stderr === process.stderr && process.stderr.isTTY;
  const cancel = { cancelled: false };
  let heap: HeapWatch | null = null;
  const ctx: Ctx = {
    cancel,
    // each report looks at the heap: often enough that a load cannot fill the rest between two looks
    progressMs: 5,
    progress: (p) => {
      heap?.check(p.done, p.total);
      if (!tty || p.phase !== 'parse') return;
      const t = performance.now();
      if (t - shown < 200 && p.done < p.total) return;
      shown = t;
      const mb = p.done / 1e6;
      io.stderr.write(`\rstrace-dfg: reading ${Math.floor((100 * p.done) / (p.total || 1))}% (${mb.toFixed(0)} MB, ${(mb / ((t - t0) / 1000 || 1)).toFixed(0)} MB/s)${p.done >= p.total ? '\n' : ''}`);
    },
  };
  const start = (): void => {
    // what the program holds as the load begins is the heap's baseline (heapWatch.ts)
    t0 = performance.now();
    heap = watchHeap(cancel);
  };
  return { ctx, start, heap: () => heap };
}

/** The heap this process may use (STRACE_DFG_HEAP_MB overrides it: tests, or a known smaller budget). */
function heapLimit(): number {
  const mb = Number(process.env.STRACE_DFG_HEAP_MB);
  return mb > 0 ? mb * 1024 * 1024 : getHeapStatistics().heap_size_limit;
}

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

/** The note of a load over its heap budget that goes on (Session.open's fitPaths, src/ingest/estimate.ts). */
function noteFit(io: CliIO, f: PathsFit): void {
  const { estimate: est, budget } = f;
  if (f.kind === 'guess') {
    // a guess from a few paths met once: read, with the heap watched (watchHeap), rather than refuse
    io.stderr.write(
      `strace-dfg: note: about ${formatCount(est.paths)} distinct paths estimated, more than the heap budget of ${formatBytes(budget)} holds, but from only ${est.fresh} new path${est.fresh === 1 ? '' : 's'} in the sample (${formatCount(est.seen)} met in all): reading, and stopping if the heap fills\n`,
    );
  } else {
    io.stderr.write(
      `strace-dfg: about ${formatCount(est.paths)} distinct paths would not fit in the heap budget of ${formatBytes(budget)}: --filter is applied while reading (about ${formatCount(f.kept.paths)} paths kept; the events of the others are counted as filtered)\n`,
    );
  }
}

/** What discovery left out, on stderr before the load. */
function noteFound(io: CliIO, found: Discovery): void {
  for (const x of found.excluded) io.stderr.write(`strace-dfg: left out ${safe(x)}: it is this command's output (of an earlier run), not an input\n`);
  noteSkipped(io, 'skipped', found.folders, 'unreadable folder');
  noteOthers(io, found.skipped);
}

/** What the load could not read, its files' warnings and its notes, on stderr after the load. */
function noteLoaded(io: CliIO, n: LoadedNotes): void {
  if (process.env.STRACE_DFG_DEBUG) {
    const mb = n.discovery.files.reduce((s, f) => s + f.item.source.size, 0) / 1e6;
    const threads = n.summary.threads ?? 1;
    io.stderr.write(`strace-dfg: loaded ${n.discovery.files.length} files (${mb.toFixed(1)} MB, ${n.summary.events} events) on ${threads > 1 ? threads : 'no worker'} threads in ${((n.summary.loadMs ?? 0) / 1000).toFixed(2)} s\n`);
  }
  noteSkipped(io, 'could not load', n.unread);
  noteFileReports(io, n.summary, n.empty);
  for (const note of n.summary.notes ?? []) io.stderr.write(`strace-dfg: ${safe(note)}\n`);
}

/**
 * The parse threads for `--jobs` (null = the default), started now so that their start-up overlaps walking
 * and sniffing the files; none for one job, or when not running from the bundle.
 */
export function startPool(io: CliIO, jobs: number | null): NodeParsePool | null {
  let n = jobs ?? defaultJobs();
  const cores = Math.max(1, availableParallelism());
  if (n > cores) {
    io.stderr.write(`strace-dfg: --jobs ${n} is more than the ${cores} cores: using ${cores}\n`);
    n = cores;
  }
  const pool = n > 1 && canUseWorkers() ? new NodeParsePool(n) : null;
  pool?.prestart();
  return pool;
}

/** How a CLI command opens its Session (Session.open): the options of the Session, the notes, the refusals. */
export interface CliOpen {
  /** The Session's options: the parse threads, the regex guard, gzip, the custom-code sandbox. */
  options: SessionOptions;
  /** The load's progress (a line on a terminal) with the heap watched on each report. */
  ctx: Ctx;
  /** What Session.open is asked besides the view: the heap, the notes on stderr as they come. */
  ask: Pick<OpenAsk, 'heap' | 'onFound' | 'onFit' | 'onLoad' | 'onLoaded'>;
  /** The files on disk the load read (a gzip file's, an archive's own path): what a writing command must not write over. */
  read: string[];
  /** What Session.open threw, as the CLI says it (CliError, one line, exit 2, for a refusal). */
  refused(e: unknown): unknown;
  /** The heap is no longer watched. */
  stop(): void;
}

/**
 * Everything a CLI command hands Session.open, made before the view is read: the notes on stderr as they come
 * (what was left out, a load over its heap budget, the files that could not load, the analysis' warnings),
 * the heap watched while loading, the Session's refusals as one line.
 */
export function cliOpen(io: CliIO, pool: NodeParsePool | null, sortOnLoad: boolean): CliOpen {
  const heap = heapLimit();
  const { ctx, start, heap: watch } = progressCtx(io);
  const read: string[] = [];
  const ask: CliOpen['ask'] = {
    heap,
    onFound: (d) => {
      read.push(...d.files.flatMap((f) => f.item.source.path ?? f.item.source.compressed?.path ?? []));
      noteFound(io, d);
    },
    onFit: (f) => noteFit(io, f),
    onLoad: start,
    onLoaded: (n) => {
      watch()?.stop();
      noteLoaded(io, n);
    },
  };
  const refused = (e: unknown): unknown => {
    const reason = watch()?.reason ?? null;
    if (reason !== null) return new CliError(reason);
    if (e instanceof InputError) return new CliError(e.message);
    if (e instanceof PathsRefused) return tooManyPaths(e.estimate, heap, e.filtered);
    return e;
  };
  return { options: { pool, regexGuard, inflate: nodeInflate, sortOnLoad, customSandbox: nodeSandbox() }, ctx, ask, read, refused, stop: () => watch()?.stop() };
}

/** The analysis' warnings (filters, rewrite rules, call and case filters that match nothing), one line each. */
export function noteWarnings(io: CliIO, warnings: readonly string[]): void {
  for (const w of warnings) io.stderr.write(`strace-dfg: warning: ${safe(w)}\n`);
}

/** The files behind `paths` loaded into a fresh Session (no view: `convert`). */
export async function loadPaths(io: CliIO, paths: readonly string[], opts: { splitByPid: boolean; jobs: number | null; output?: string }): Promise<{ session: Session; files: number }> {
  const pool = startPool(io, opts.jobs);
  let inputs: PathInputs;
  try {
    inputs = discover(paths, { output: opts.output });
  } catch (e) {
    pool?.close();
    throw e;
  }
  const cli = cliOpen(io, pool, false);
  const session = new Session(cli.options);
  try {
    const { files } = await session.open(cli.ctx, inputs, { view: null, splitByPid: opts.splitByPid, ...cli.ask });
    return { session, files };
  } catch (e) {
    throw cli.refused(e);
  } finally {
    cli.stop();
  }
}
