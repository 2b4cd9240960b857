/**
 * The CLI's parse pool (`--jobs N`): worker threads, each running the importer a file needs over a
 * file-system ByteSource. The worker is the CLI bundle itself (dist-cli/strace-dfg.mjs started with
 * workerData.tag = WORKER_TAG); logs come back with their typed arrays transferred, not copied. Runs only
 * from the bundle: under vitest the module is TypeScript, and `canUseWorkers()` is false (the CLI then
 * parses in-process).
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { detachEarly } from '../../lib/detach';
import { buildIndex, type SequenceSource } from '../../analysis/concurrency';
import { sortedEntries } from '../../analysis/seqSort';
import type { PathFilter } from '../../analysis/types';
import { importerById } from '../../ingest/registry';
import { CancelledError, type ByteSource, type Cancel } from '../../ingest/source';
import type { EventLog } from '../../model';
import { runReports, type Reports, type ReportsJob, type TimeOrder } from '../../session/offload';
import { pathPredicate } from '../../analysis/pathFilter';
import type { ParsePool } from '../../session/types';
import { WorkerSlots } from '../../lib/workerSlots';
import { fsSource } from './fsSource';
import { nodeInflate } from './gunzip';
import { forReading } from '../../ingest/gzip';

const WORKER_TAG = 'strace-dfg-parse-worker';
let slowStartFixed = false;

interface Job {
  id: number;
  path: string;
  name: string;
  size: number;
  importer: string;
  head: Uint8Array;
  pathFilter?: PathFilter[];
  /** Set for a gzip file: its own name (`name` is the decompressed one); decompressed as a stream. */
  gzip?: string;
}
/** The mc sweep's time sort and sequence of a log's columns (ParsePool.timeOrder). */
interface SortJob {
  id: number;
  sort: SequenceSource;
}
/** The insight rules and access patterns of an analysed log (ParsePool.reports). */
interface ReportsTask {
  id: number;
  reports: ReportsJob;
}
type Reply = { id: number; bytes: number } | { id: number; log: EventLog } | { id: number; order: TimeOrder } | { id: number; reports: Reports } | { id: number; error: string };

const script = (): string => fileURLToPath(import.meta.url);

/** True in a worker thread started by NodeParsePool. */
export function isParseWorker(): boolean {
  return !isMainThread && (workerData as { tag?: string } | null)?.tag === WORKER_TAG;
}

/** Whether this module runs from a JS bundle that a worker thread can start. */
export function canUseWorkers(): boolean {
  return /\.m?js$/.test(script());
}

/** Default pool size: the machine's cores, at most 8. */
export function defaultJobs(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function buffersOf(log: EventLog): ArrayBuffer[] {
  const cols = [log.pid, log.pair, log.errno, log.start, log.dur, log.size, log.line, log.offset, log.caseOffsets, log.pairCall, log.pairFp, ...(log.layer ? [log.layer] : [])];
  if (log.stack) cols.push(log.stack, log.stacks!.start, log.stacks!.frame);
  return [...new Set(cols.map((c) => c.buffer as ArrayBuffer))];
}

/** The worker side: read each file it is sent with the importer named, reply with the log or the error. */
export function runParseWorker(): void {
  detachEarly(); // it sends every log with transfer (src/lib/detach.ts)
  const port = parentPort!;
  port.on('message', (job: Job | SortJob | ReportsTask) => {
    if ('reports' in job || 'sort' in job) {
      try {
        if ('reports' in job) port.postMessage({ id: job.id, reports: runReports(job.reports) } satisfies Reply);
        else {
          const sorted = sortedEntries(job.sort);
          const index = buildIndex(job.sort, sorted);
          const order: TimeOrder = { sorted: { entries: sorted.entries, starts: sorted.starts }, index };
          const out = [sorted.entries, index.seq, index.endRank, index.marks, ...(index.caseOfEntry ? [index.caseOfEntry] : [])].map((a) => a.buffer as ArrayBuffer);
          port.postMessage({ id: job.id, order } satisfies Reply, [...new Set(out)]);
        }
      } catch (e) {
        port.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies Reply);
      }
      return;
    }
    const file = fsSource(job.path, job.gzip ?? job.name, job.size);
    const onBytes = (n: number) => port.postMessage({ id: job.id, bytes: n } satisfies Reply);
    // a gzip file: decompressed as a stream, its compressed bytes counted (forReading)
    const r = forReading(job.gzip ? { name: job.name, size: file.size, read: file.read, compressed: file } : file, nodeInflate, onBytes);
    importerById(job.importer)
      .read(r.source, job.head, { pathFilter: pathPredicate(job.pathFilter) }, { cancel: { cancelled: false }, onBytes: r.onBytes })
      .then(r.done)
      .then(
        (log) => port.postMessage({ id: job.id, log } satisfies Reply, buffersOf(log)),
        (e: unknown) => port.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies Reply),
      );
  });
}

interface Pending {
  job: Job | SortJob | ReportsTask;
  onBytes(n: number): void;
  resolve(r: EventLog | TimeOrder | Reports): void;
  reject(e: unknown): void;
}

/**
 * Up to `size` worker threads, one job at a time each (a file to parse, or the mc time sort of a loaded log);
 * `close()` ends them. An idle thread does not keep the process alive (unref'd until its next job).
 */
export class NodeParsePool implements ParsePool {
  private readonly slots: WorkerSlots<Worker, Pending>;
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {
    this.slots = new WorkerSlots(size, () => this.spawn(), (w, p) => {
      w.ref();
      w.postMessage(p.job);
    });
  }

  /** Starts every thread now (idle: they do not keep the process alive until given a job). */
  prestart(): void {
    for (const w of this.slots.prestart()) w.unref();
  }

  /** STRACE_DFG_OFFLOAD_FROM overrides the Session's default (tests: small fixtures are sorted and reported on a thread too). */
  readonly offloadFrom = process.env.STRACE_DFG_OFFLOAD_FROM ? Number(process.env.STRACE_DFG_OFFLOAD_FROM) : undefined;

  timeOrder(cols: SequenceSource): Promise<TimeOrder> {
    // copies: the columns stay here (the analysis reads them meanwhile); shared columns (views too: a load
    // merged into columns touched ahead) are not copied
    const whole = <T extends Float64Array | Uint32Array>(c: T): T => (c.buffer instanceof SharedArrayBuffer || c.byteLength === c.buffer.byteLength ? c : (c.slice() as T));
    const { n, start, dur, pair, pairCall, caseOffsets } = cols;
    return this.compute<TimeOrder>({ id: this.nextId++, sort: { n, start: whole(start), dur: whole(dur), pair: whole(pair), pairCall, caseOffsets } }, `mc time sort and sequence of ${n} events`);
  }

  /** A load merges into SharedArrayBuffer columns: the sort and reports jobs read them without a copy. */
  readonly sharedColumns = true;

  /** A later turn of the event loop (the Session touches a big load's columns a slice per turn). */
  pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }

  reports(job: ReportsJob): Promise<Reports> {
    return this.compute<Reports>({ id: this.nextId++, reports: job }, `${job.part === 'access' ? 'access patterns' : 'insights'} of ${job.log.n} events`);
  }

  /** Queues a job that works on a loaded log (no file); STRACE_DFG_DEBUG prints `what` and its time. */
  private compute<T extends TimeOrder | Reports>(job: SortJob | ReportsTask, what: string): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the parse threads are closed'));
    const t0 = performance.now();
    return new Promise<T>((resolve, reject) => {
      const done = (r: EventLog | TimeOrder | Reports): void => {
        if (process.env.STRACE_DFG_DEBUG) process.stderr.write(`strace-dfg: ${what} on a parse thread in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
        resolve(r as T);
      };
      this.slots.queue.push({ job, onBytes: () => {}, resolve: done, reject });
      this.slots.pump();
    });
  }

  parse(source: ByteSource, importer: string, head: Uint8Array, opts: { pathFilter?: PathFilter[] }, onBytes: (n: number) => void): Promise<EventLog> {
    // a gzip file: the thread opens it and decompresses it itself
    const file = source.compressed ?? source;
    if (!file.path) return Promise.reject(new Error(`${source.name}: the parse threads read files on disk only`));
    const job: Job = { id: this.nextId++, path: file.path, name: source.name, size: file.size, importer, head, pathFilter: opts.pathFilter, ...(source.compressed ? { gzip: file.name } : {}) };
    return new Promise<EventLog>((resolve, reject) => {
      this.slots.queue.push({ job, onBytes, resolve: (r) => resolve(r as EventLog), reject });
      this.slots.pump();
    });
  }

  cancelAll(): void {
    const jobs = this.slots.takeJobs();
    this.close();
    for (const j of jobs) j.reject(new CancelledError());
  }

  watch(cancel: Cancel): () => void {
    const t = setInterval(() => {
      if (cancel.cancelled) this.cancelAll();
    }, 50);
    t.unref();
    return () => clearInterval(t);
  }

  /** Ends every thread (idle threads would keep the process alive). */
  close(): void {
    this.closed = true;
    for (const w of this.slots.takeWorkers()) void w.terminate();
  }

  private spawn(): Worker {
    // Optimised code is compiled on the parse thread itself, not queued for V8's background compiler: with
    // every core parsing, that queue waits, and a fresh thread runs its first files in slow code meanwhile
    // (first two files of a worker 121 + 94 → 86 + 76 ms; 239 MB short lines end to end −1.6 % wall, −3 % CPU).
    // V8's flags are per process: this reaches the threads started from now on (an isolate reads it at start).
    if (!slowStartFixed) {
      slowStartFixed = true;
      setFlagsFromString('--no-concurrent-recompilation');
    }
    const w = new Worker(script(), { workerData: { tag: WORKER_TAG } });
    w.on('message', (r: Reply) => {
      const p = this.slots.running.get(w);
      if (!p || p.job.id !== r.id) return;
      if ('bytes' in r) return p.onBytes(r.bytes);
      this.slots.finished(w);
      w.unref();
      if ('log' in r) p.resolve(r.log);
      else if ('order' in r) p.resolve(r.order);
      else if ('reports' in r) p.resolve(r.reports);
      else p.reject(new Error(r.error));
      this.slots.pump();
    });
    const fail = (e: Error): void => {
      const p = this.slots.remove(w);
      p?.reject(e);
      this.slots.pump();
    };
    w.on('error', (e) => fail(new Error(`a parse thread failed: ${e.message}`)));
    w.on('exit', (code) => {
      if (code !== 0 && code !== 1 && this.slots.all.includes(w)) fail(new Error(`a parse thread exited with code ${code}`));
    });
    return w;
  }
}
