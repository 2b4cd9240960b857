/**
 * The reading half of a load: every source sniffed by the importer registry (gzip files decompressed as a
 * stream) and parsed — pooled importers on the parse pool, the others in this thread — into one EventLog
 * per file, in input order. A file that fails is named in `errors`; a file inside a dropped folder that is
 * plainly not a trace (not sniffed as one and not named like one: README, JSON, scripts) is only listed in
 * `skipped`.
 */
import { forReading, type Inflate } from '../ingest/gzip';
import { gatherSources } from '../ingest/bundle';
import { bundleRules, FileFormatError, identify, isIdentified, namedLikeTrace, unidentifiedMessage, type Identified, type Importer } from '../ingest/registry';
import { bytesSource, CancelledError, type ByteSource } from '../ingest/source';
import { forEachLimited } from '../lib/limit';
import type { PairStats } from '../analysis/pairStats';
import type { EventLog } from '../model/eventlog';
import { joinForkedFiles, mergeLogs, splitCasesByPid } from '../model/index';
import type { SourcedLog } from './duplicates';
import { IncomingLogs } from './incoming';
import { pathPredicate } from '../analysis/pathFilter';
import { Throttle } from './progress';
import type { Ctx, FileError, LoadItem, LoadOptions, ParsePool } from './types';

/**
 * Files read at once by a load on a pool (sniffing heads, queued parses): 20,000 dropped files opened at
 * once exhaust the browser's file handles ("could not be read … permission problems").
 */
export const MAX_OPEN_FILES = 16;

/** Loads of fewer input bytes merge into fresh memory (the columns' pages are not touched ahead). */
export const AHEAD_FROM_BYTES = 64 << 20;

export interface ReadEnv {
  chunk: number;
  pool: ParsePool | null;
  importers: readonly Importer[];
  inflate: Inflate | null;
}

export interface ReadResult {
  /** The parsed logs, in input order (files that failed or were skipped left out), with their sources' names. */
  logs: SourcedLog[];
  errors: FileError[];
  /** Names of files in folders that are plainly not traces. */
  skipped: string[];
  /** Bytes of all inputs (compressed sizes for gzip files). */
  total: number;
  /** What was merged and summed while the pool parsed (null: no pool). */
  incoming: IncomingLogs | null;
}

export const isIdentifiedItem = (x: LoadItem): x is Identified => 'importer' in x && 'source' in x;
export const sourceOf = (x: LoadItem): ByteSource => (isIdentifiedItem(x) ? x.source : x);

/** Reads every input; cancelling rejects with CancelledError. `merging`: the logs will be merged as they are (a
 * load, not an add): on a pool they are then merged and summed as they come in (IncomingLogs). */
export async function readFiles(ctx: Ctx, given: readonly LoadItem[], opts: LoadOptions, env: ReadEnv, merging = false): Promise<ReadResult> {
  const gathered = await gatherInputs(ctx, given, env);
  const inputs = gathered.items;
  const sources = inputs.map(sourceOf);
  // gzip files count with their compressed size (progress counts what is read from disk)
  const total = sources.reduce((s, i) => s + i.size, 0);
  // trailing: the count shown is never older than the interval while files parse (e2e/cancel.spec.ts)
  const throttle = new Throttle(ctx.progress, ctx.progressMs, true);
  const pool = opts.singleThread ? null : env.pool;
  const predicate = pathPredicate(opts.pathFilter);
  let done = 0;
  // the files that came in, merged and summed as far as they can be while the rest parses (incoming.ts)
  // (one input is not merged: nothing to do for it, e.g. a single .h5 log)
  const incoming = pool && merging && inputs.length > 1 ? new IncomingLogs(inputs.length, total, !!pool.sharedColumns, pool.pause?.bind(pool), pool.aheadFromBytes ?? AHEAD_FROM_BYTES) : null;
  const logs: (EventLog | null)[] = inputs.map(() => null);
  const errors: (FileError | null)[] = [...gathered.errors, ...inputs.map(() => null)];
  const skipped: (string | null)[] = inputs.map(() => null);
  throttle.report('parse', 0, total, sources[0]?.name ?? '', true);
  const one = async (k: number): Promise<void> => {
    const input = inputs[k];
    const source = sources[k];
    const name = source.name;
    const count = (n: number) => {
      done += n;
      throttle.report('parse', done, total, name);
    };
    try {
      const id = isIdentifiedItem(input) ? input : await identify(source, env.importers, env.inflate);
      if (!isIdentified(id)) {
        // inside a dropped folder, a file that is plainly not a trace is only counted
        if (id.reason !== 'random' && name.includes('/') && !namedLikeTrace(name)) {
          skipped[k] = name;
          count(source.size);
          return;
        }
        throw new FileFormatError(unidentifiedMessage(id));
      }
      if (ctx.cancel.cancelled) throw new CancelledError();
      const filter = opts.pathFilter?.length ? { pathFilter: opts.pathFilter } : {};
      // a file no longer than its head (≤ HEAD_BYTES) is parsed here from the head it was sniffed by: a
      // thread would read it again and send it back, which costs more than the parse (docs/BENCHMARKS.md)
      const small = id.importer.pooled && !id.source.compressed && id.head.length === id.source.size;
      let log: EventLog;
      if (pool && id.importer.pooled && !small) log = await pool.parse(id.source, id.importer.id, id.head, filter, count);
      else {
        const r = forReading(small ? bytesSource(id.source.name, id.head) : id.source, env.inflate, count);
        log = r.done(await id.importer.read(r.source, id.head, { pathFilter: predicate, chunk: env.chunk }, { cancel: ctx.cancel, onBytes: r.onBytes }));
      }
      logs[k] = log;
    } catch (e) {
      if (e instanceof CancelledError || ctx.cancel.cancelled) throw new CancelledError();
      const msg = e instanceof Error ? e.message : String(e);
      const shown = source.compressed?.name ?? name;
      errors[gathered.errors.length + k] = { file: shown, message: e instanceof FileFormatError || msg.includes(name) ? msg : `${shown}: ${msg}` };
    } finally {
      // every input settles, loaded, failed or skipped: the files after it wait for it (IncomingLogs)
      incoming?.settle(k, logs[k], source.size);
    }
  };
  if (pool) {
    const unwatch = pool.watch(ctx.cancel);
    try {
      const order = parseOrder(sources.map((x) => x.size));
      await forEachLimited(order, Math.max(MAX_OPEN_FILES, 2 * pool.size), one);
    } catch (e) {
      pool.cancelAll();
      incoming?.stop();
      throw e;
    } finally {
      unwatch();
      throttle.close();
    }
  } else {
    try {
      for (let k = 0; k < inputs.length; k++) await one(k);
    } finally {
      throttle.close();
    }
  }
  if (ctx.cancel.cancelled) {
    incoming?.stop();
    throw new CancelledError();
  }
  return {
    incoming,
    logs: logs.flatMap((log, k) => (log ? [{ log, name: sources[k].name, shown: sources[k].compressed?.name ?? sources[k].name }] : [])),
    errors: errors.filter((e): e is FileError => e !== null),
    skipped: skipped.filter((s): s is string => s !== null),
    total,
  };
}

/**
 * The files of a load as the importers read them (src/ingest/bundle.ts): archives (`.tar`, `.tar.gz`,
 * `.tgz`, `.zip`, also inside a dropped folder) opened into their files, the files of one multi-file trace (OTF2) grouped into one
 * bundle. Files of a bundle whose anchor is missing, and archives that do not open, are errors. Identified
 * inputs (the CLI's) were gathered by their caller (src/cli/node/discover.ts) and pass unchanged.
 */
async function gatherInputs(ctx: Ctx, inputs: readonly LoadItem[], env: ReadEnv): Promise<{ items: LoadItem[]; errors: FileError[] }> {
  if (inputs.some(isIdentifiedItem)) return { items: [...inputs], errors: [] };
  const g = await gatherSources(inputs as readonly ByteSource[], bundleRules(env.importers), env.inflate, ctx.cancel);
  return { items: g.sources, errors: g.orphans };
}

/**
 * The per-file logs of one read as one log: strace -ff files of one prefix joined, split by pid on request;
 * `shared`: merged into SharedArrayBuffer columns (ParsePool.sharedColumns). With `incoming` (a load on a
 * pool): merged by its merger, into the columns it allocated ahead when they fit, and given the per-pair
 * sums it accumulated when the merge is the loaded log as it is (no -ff join, no split by pid).
 */
export function combine(logs: readonly EventLog[], opts: LoadOptions, shared = false, incoming: IncomingLogs | null = null): { log: EventLog; pairStats?: PairStats } | null {
  incoming?.stop();
  if (!logs.length) return null;
  if (logs.length === 1) return { log: opts.splitByPid ? splitCasesByPid(logs[0]) : logs[0] };
  const merged = incoming?.merge(logs, shared) ?? null;
  const log = joinForkedFiles(merged ?? mergeLogs(logs, shared));
  if (opts.splitByPid) return { log: splitCasesByPid(log) };
  if (merged !== null && log === merged) return { log, pairStats: incoming!.pairStats(merged) };
  return { log };
}

/**
 * The order in which a pool parses the inputs: files over twice the median size first (largest first, so
 * that one big file does not finish last), then the others in input order (= merge order: the files that
 * came in are merged and summed as far as those before them have come in, IncomingLogs).
 */
export function parseOrder(sizes: readonly number[]): number[] {
  const sorted = [...sizes].sort((a, b) => a - b);
  const big = 2 * (sorted[Math.floor(sorted.length / 2)] ?? 0);
  const idx = sizes.map((_, k) => k);
  return [...idx.filter((k) => sizes[k] > big).sort((a, b) => sizes[b] - sizes[a] || a - b), ...idx.filter((k) => sizes[k] <= big)];
}

/** Files that parsed without a single system call (and without unparsable lines or a profile): named as errors. */
export function emptyFiles(logs: readonly EventLog[]): FileError[] {
  const out: FileError[] = [];
  for (const l of logs) {
    const name = l.files[0]?.name ?? '?';
    if (l.n === 0 && !l.profiles?.length && l.files.every((f) => f.unparsable.length === 0)) out.push({ file: name, message: `${name}: no system calls found` });
  }
  return out;
}

/** Cases per file name (a multi-case format has several per file). */
export function casesPerFile(logs: readonly EventLog[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of logs) for (const f of l.files) m.set(f.name, l.cases.length);
  return m;
}

/** Warnings for case ids that come from more than one file (merged as `id`, `id#2`, …): e.g. two folders of
 * runs with the same file names. A case inside a converted file (.h5) is named by the trace it was made from
 * and the file it was read from. */
export function sameIdWarnings(logs: readonly SourcedLog[]): string[] {
  const by = new Map<string, string[]>();
  for (const { log: l, name, shown } of logs) {
    for (const c of l.cases) {
      const report = l.files[c.file]?.name ?? '?';
      const f = report === name ? report : `${report} in ${shown}`;
      if (report === name && /\.st\.\d+$/.test(f)) continue; // strace -ff: the parts of one case
      const list = by.get(c.id);
      if (list) list.push(f);
      else by.set(c.id, [f]);
    }
  }
  const out = [...by].filter(([, fs]) => fs.length > 1).map(([id, fs]) => `case id ${id} comes from ${fs.length} files (${fs.join(', ')}): named ${id}, ${id}#2${fs.length > 2 ? ', …' : ''}`);
  return out.length > 10 ? [...out.slice(0, 10), `… and ${out.length - 10} more case ids from several files`] : out;
}
