/**
 * The reading half of a load: every source sniffed by the importer registry (gzip files decompressed as a
 * stream) and parsed — pooled importers on the parse pool, the others in this thread — into one EventLog
 * per file, in input order. A file that fails is named in `errors`; a file inside a dropped folder that is
 * plainly not a trace (not sniffed as one and not named like one: README, JSON, scripts) is only listed in
 * `skipped`.
 */
import { forReading, type Inflate } from '../ingest/gzip';
import { FileFormatError, identify, isIdentified, namedLikeTrace, unidentifiedMessage, type Identified, type Importer } from '../ingest/registry';
import { bytesSource, CancelledError, type ByteSource } from '../ingest/source';
import { forEachLimited } from '../lib/limit';
import type { EventLog } from '../model/eventlog';
import { ColumnsAhead, joinForkedFiles, mergeLogs, splitCasesByPid } from '../model/index';
import { pathPredicate } from './pathFilter';
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
  /** The parsed logs, in input order (files that failed or were skipped left out). */
  logs: EventLog[];
  errors: FileError[];
  /** Names of files in folders that are plainly not traces. */
  skipped: string[];
  /** Bytes of all inputs (compressed sizes for gzip files). */
  total: number;
  /** The merged log's columns, allocated and touched while the pool parsed (null: none). */
  ahead: ColumnsAhead | null;
}

export const isIdentifiedItem = (x: LoadItem): x is Identified => 'importer' in x && 'source' in x;
export const sourceOf = (x: LoadItem): ByteSource => (isIdentifiedItem(x) ? x.source : x);

/** Reads every input; cancelling rejects with CancelledError. */
export async function readFiles(ctx: Ctx, inputs: readonly LoadItem[], opts: LoadOptions, env: ReadEnv): Promise<ReadResult> {
  const sources = inputs.map(sourceOf);
  // gzip files count with their compressed size (progress counts what is read from disk)
  const total = sources.reduce((s, i) => s + i.size, 0);
  const throttle = new Throttle(ctx.progress);
  const pool = opts.singleThread ? null : env.pool;
  const predicate = pathPredicate(opts.pathFilter);
  let done = 0;
  // the events and input bytes of the files parsed so far: once half of the bytes are, the merged log's
  // columns are allocated for the estimated event count and their pages touched while the rest parses
  let parsedEvents = 0;
  let parsedBytes = 0;
  let ahead: ColumnsAhead | null = null;
  const pause = pool?.pause?.bind(pool);
  const aheadFrom = pool?.aheadFromBytes ?? AHEAD_FROM_BYTES;
  const parsed = (log: EventLog, bytes: number): void => {
    parsedEvents += log.n;
    parsedBytes += bytes;
    if (ahead || !pause || total < aheadFrom || 2 * parsedBytes < total || parsedEvents === 0) return;
    ahead = ColumnsAhead.estimate(parsedEvents, parsedBytes, total, !!pool?.sharedColumns);
    void ahead.touch(pause);
  };
  const logs: (EventLog | null)[] = inputs.map(() => null);
  const errors: (FileError | null)[] = inputs.map(() => null);
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
        log = await id.importer.read(r.source, id.head, { pathFilter: predicate, chunk: env.chunk }, { cancel: ctx.cancel, onBytes: r.onBytes });
      }
      logs[k] = log;
      parsed(log, source.size);
    } catch (e) {
      if (e instanceof CancelledError || ctx.cancel.cancelled) throw new CancelledError();
      const msg = e instanceof Error ? e.message : String(e);
      const shown = source.compressed?.name ?? name;
      errors[k] = { file: shown, message: e instanceof FileFormatError || msg.includes(name) ? msg : `${shown}: ${msg}` };
    }
  };
  if (pool) {
    const unwatch = pool.watch(ctx.cancel);
    try {
      // Largest first, so that one big file does not finish last; results stay in input order.
      const order = inputs.map((_, k) => k).sort((a, b) => sources[b].size - sources[a].size);
      await forEachLimited(order, Math.max(MAX_OPEN_FILES, 2 * pool.size), one);
    } catch (e) {
      pool.cancelAll();
      (ahead as ColumnsAhead | null)?.stop();
      throw e;
    } finally {
      unwatch();
    }
  } else {
    for (let k = 0; k < inputs.length; k++) await one(k);
  }
  if (ctx.cancel.cancelled) {
    (ahead as ColumnsAhead | null)?.stop();
    throw new CancelledError();
  }
  return {
    ahead,
    logs: logs.filter((l): l is EventLog => l !== null),
    errors: errors.filter((e): e is FileError => e !== null),
    skipped: skipped.filter((s): s is string => s !== null),
    total,
  };
}

/**
 * The per-file logs of one read as one log: strace -ff files of one prefix joined, split by pid on request;
 * `shared`: merged into SharedArrayBuffer columns (ParsePool.sharedColumns); `ahead`: into these columns
 * when the events fit them.
 */
export function combine(logs: readonly EventLog[], opts: LoadOptions, shared = false, ahead: ColumnsAhead | null = null): EventLog | null {
  ahead?.stop();
  let log: EventLog | null = logs.length ? (logs.length === 1 ? logs[0] : joinForkedFiles(mergeLogs(logs, shared, ahead))) : null;
  if (log && opts.splitByPid) log = splitCasesByPid(log);
  return log;
}

/** Files that parsed without a single system call (and without unparsable lines): named as errors. */
export function emptyFiles(logs: readonly EventLog[]): FileError[] {
  const out: FileError[] = [];
  for (const l of logs) {
    const name = l.files[0]?.name ?? '?';
    if (l.n === 0 && l.files.every((f) => f.unparsable.length === 0)) out.push({ file: name, message: `${name}: no system calls found` });
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
 * runs with the same file names. */
export function sameIdWarnings(logs: readonly EventLog[]): string[] {
  const by = new Map<string, string[]>();
  for (const l of logs) {
    for (const c of l.cases) {
      const f = l.files[c.file]?.name ?? '?';
      if (/\.st\.\d+$/.test(f)) continue; // strace -ff: the parts of one case
      const list = by.get(c.id);
      if (list) list.push(f);
      else by.set(c.id, [f]);
    }
  }
  const out = [...by].filter(([, fs]) => fs.length > 1).map(([id, fs]) => `case id ${id} comes from ${fs.length} files (${fs.join(', ')}): named ${id}, ${id}#2${fs.length > 2 ? ', …' : ''}`);
  return out.length > 10 ? [...out.slice(0, 10), `… and ${out.length - 10} more case ids from several files`] : out;
}
