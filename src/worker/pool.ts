/**
 * A pool of parse workers: one file per task on min(hardwareConcurrency, 8) workers; each returns its
 * EventLog with transferred typed arrays; the caller merges (mergeLogs remaps interned ids).
 * Cancel terminates every worker at once. The sources are the worker's File sources (fileSource.ts): the
 * File itself is posted (structured clone of a File is a handle, not its bytes).
 * Once a log is loaded, an idle worker also makes its mc time order (`timeOrder`: the sort and sequence of
 * copies of its columns, transferred both ways) while the analysis worker answers the first graph.
 */
import type { SequenceSource } from '../analysis/concurrency';
import type { TimeOrder } from '../analysis/logIndex';
import type { PathFilter } from '../analysis/types';
import { FileFormatError } from '../ingest/registry';
import { CancelledError, type ByteSource, type Cancel } from '../ingest/source';
import { WorkerSlots } from '../lib/workerSlots';
import type { EventLog } from '../model/eventlog';
import type { ParsePool as SessionParsePool } from '../session/types';
import type { ParseTask, ReadAhead, SortTask } from './parseTask';
import type { ErrorInfo } from './protocol';
export type ParseReply =
  | { type: 'bytes'; id: number; n: number }
  | { type: 'done'; id: number; log: EventLog }
  | { type: 'order'; id: number; order: TimeOrder }
  | { type: 'error'; id: number; error: ErrorInfo };

interface Job {
  task: ParseTask | SortTask;
  /** When the worker last said something about this job (ms, Date.now()). */
  heard: number;
  onBytes(n: number): void;
  resolve(r: EventLog | TimeOrder): void;
  reject(e: unknown): void;
}

/**
 * A parse job whose worker has said nothing (no bytes, no result) for this long is taken for dead or
 * stuck: the worker is replaced and the file named in an error. Workers report bytes every chunk (16 MiB).
 */
export const STALL_MS = 60_000;

export class ParsePool implements SessionParsePool {
  private stallTimer: ReturnType<typeof setInterval> | null = null;
  private readonly slots: WorkerSlots<Worker, Job>;
  private nextId = 1;
  /** cancelAll calls so far (a time order asked before one is not started after it). */
  private cancels = 0;

  /**
   * @param offloadFrom the fewest events of a log whose time order a worker makes (default: the Session's
   * OFFLOAD_FROM; the tests sort small fixtures there too)
   */
  constructor(
    readonly size: number,
    private readonly factory: () => Worker,
    private readonly stallMs = STALL_MS,
    readonly offloadFrom?: number,
  ) {
    this.slots = new WorkerSlots(size, () => this.spawn(), (w, job, reserved) => {
      job.heard = Date.now();
      // a worker that goes straight on to its reserved file hears of the one after it first
      if (reserved) this.readAhead(w);
      if ('sort' in job.task) {
        const { start, dur, pair } = job.task.sort;
        w.postMessage(job.task, [start.buffer as ArrayBuffer, dur.buffer as ArrayBuffer, pair.buffer as ArrayBuffer]);
      } else w.postMessage(job.task);
      if (!reserved) this.readAhead(w);
      this.watchStalls();
    });
  }

  parse(source: ByteSource, importer: string, head: Uint8Array, opts: { pathFilter?: PathFilter[] }, onBytes: (n: number) => void): Promise<EventLog> {
    // a gzip file: the task gets the File and decompresses it itself
    const blob = source.compressed ? source.compressed.blob : source.blob;
    if (!blob) return Promise.reject(new Error(`${source.name}: the parse pool reads Files only`));
    const file = blob as ParseTask['file'];
    const gzip = source.compressed ? { gzip: source.compressed.name } : {};
    return new Promise<EventLog>((resolve, reject) => {
      const task: ParseTask = { id: this.nextId++, file, name: source.name, importer, head, pathFilter: opts.pathFilter, ...gzip };
      this.slots.queue.push({ task, heard: 0, onBytes, resolve: (r) => resolve(r as EventLog), reject });
      this.slots.pump();
      for (const w of this.slots.running.keys()) this.readAhead(w);
    });
  }

  /**
   * The mc sweep's time sort and sequence of a loaded log's columns on an idle worker (session/offload.ts):
   * the start, dur and pair columns are copied here (the analysis reads them meanwhile) and the copies
   * transferred; the order comes back transferred. The copies are made on a later turn of this worker's event
   * loop: the analysis that asked answers first (the app's first graph does not wait for them).
   */
  timeOrder(cols: SequenceSource): Promise<TimeOrder> {
    const cancels = this.cancels;
    return new Promise<TimeOrder>((resolve, reject) => {
      setTimeout(() => {
        if (this.cancels !== cancels) return reject(new CancelledError());
        const { n, start, dur, pair, pairCall, caseOffsets } = cols;
        const sort: SequenceSource = { n, start: start.slice(0, n), dur: dur.slice(0, n), pair: pair.slice(0, n), pairCall, caseOffsets };
        this.slots.queue.push({ task: { id: this.nextId++, sort }, heard: 0, onBytes: () => {}, resolve: (r) => resolve(r as TimeOrder), reject });
        this.slots.pump();
      }, 0);
    });
  }

  /**
   * Reserves the first queued file as busy worker `w`'s next one (when it has none) and announces it, so that
   * `w` reads its first chunk while it parses the current one (parseTask.ts ReadAhead; not for gzip files).
   */
  private readAhead(w: Worker): void {
    const next = this.slots.reserve(w);
    if (next && 'file' in next.task && !next.task.gzip) w.postMessage({ readAhead: next.task.id, file: next.task.file } satisfies ReadAhead);
  }

  /** Starts every worker now (idle), so that their start-up overlaps other work (the path estimate of a big drop). */
  prestart(): void {
    this.slots.prestart();
  }

  /** Stops every worker now; pending and queued parses reject with CancelledError. */
  cancelAll(): void {
    this.cancels++;
    const jobs = this.slots.takeJobs();
    for (const w of this.slots.takeWorkers()) w.terminate();
    for (const j of jobs) j.reject(new CancelledError());
  }

  /** A later turn of this worker's event loop (the Session touches a big load's columns a slice per turn). */
  pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 0));
  }

  /** Watches a cancel flag while parses run. */
  watch(cancel: Cancel): () => void {
    const t = setInterval(() => {
      if (cancel.cancelled) this.cancelAll();
    }, 20);
    return () => clearInterval(t);
  }

  /** While jobs run, checks that each worker is still heard from; a silent one is dropped (see STALL_MS). */
  private watchStalls(): void {
    if (this.stallTimer !== null) return;
    this.stallTimer = setInterval(() => {
      const now = Date.now();
      for (const [w, job] of [...this.slots.running]) {
        const what = 'sort' in job.task ? `sorting ${job.task.sort.n} events` : `reading ${job.task.name}`;
        if (now - job.heard > this.stallMs) this.drop(w, `a parse worker stopped responding while ${what} (nothing for ${this.stallMs >= 10_000 ? Math.round(this.stallMs / 1000) : this.stallMs / 1000} s); it was replaced`);
      }
      if (!this.slots.running.size && this.stallTimer !== null) {
        clearInterval(this.stallTimer);
        this.stallTimer = null;
      }
    }, Math.min(1000, this.stallMs / 4));
  }

  /** Removes a dead or stuck worker everywhere (running, idle, all), failing its job with `message`. */
  private drop(w: Worker, message: string): void {
    const job = this.slots.remove(w);
    w.terminate();
    job?.reject(new Error(message));
    this.slots.pump();
  }

  private spawn(): Worker {
    const w = this.factory();
    w.onmessage = (ev: MessageEvent<ParseReply>) => {
      const job = this.slots.running.get(w);
      if (!job || job.task.id !== ev.data.id) return;
      const m = ev.data;
      job.heard = Date.now();
      if (m.type === 'bytes') {
        job.onBytes(m.n);
        return;
      }
      this.slots.finished(w);
      if (m.type === 'done') job.resolve(m.log);
      else if (m.type === 'order') job.resolve(m.order);
      else {
        const e = m.error.name === 'FileFormatError' ? new FileFormatError(m.error.message) : Object.assign(new Error(m.error.message), { name: m.error.name });
        job.reject(e);
      }
      this.slots.pump();
    };
    // a crash while idle too: the dead worker must not stay in the idle list (the next load would hang)
    w.onerror = (ev) => {
      ev.preventDefault();
      this.drop(w, `a parse worker crashed${ev.message ? `: ${ev.message}` : ''}`);
    };
    return w;
  }
}
