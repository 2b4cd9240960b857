/**
 * A pool of parse workers: one file per task on min(hardwareConcurrency, 8) workers; each returns its
 * EventLog with transferred typed arrays; the caller merges (mergeLogs remaps interned ids).
 * Cancel terminates every worker at once. The sources are the worker's File sources (fileSource.ts): the
 * File itself is posted (structured clone of a File is a handle, not its bytes).
 */
import type { PathFilter } from '../analysis/types';
import { FileFormatError } from '../ingest/registry';
import { CancelledError, type ByteSource, type Cancel } from '../ingest/source';
import type { EventLog } from '../model/eventlog';
import type { ParsePool as SessionParsePool } from '../session/types';
import type { ParseTask } from './parseTask';
import type { ErrorInfo } from './protocol';
export type ParseReply = { type: 'bytes'; id: number; n: number } | { type: 'done'; id: number; log: EventLog } | { type: 'error'; id: number; error: ErrorInfo };

interface Job {
  task: ParseTask;
  onBytes(n: number): void;
  resolve(log: EventLog): void;
  reject(e: unknown): void;
}

export class ParsePool implements SessionParsePool {
  private idle: Worker[] = [];
  private all: Worker[] = [];
  private queue: Job[] = [];
  private running = new Map<Worker, Job>();
  private nextId = 1;

  constructor(
    readonly size: number,
    private readonly factory: () => Worker,
  ) {}

  parse(source: ByteSource, importer: string, head: Uint8Array, opts: { pathFilter?: PathFilter[] }, onBytes: (n: number) => void): Promise<EventLog> {
    if (!source.blob) return Promise.reject(new Error(`${source.name}: the parse pool reads Files only`));
    const file = source.blob as ParseTask['file'];
    return new Promise<EventLog>((resolve, reject) => {
      this.queue.push({ task: { id: this.nextId++, file, name: source.name, importer, head, pathFilter: opts.pathFilter }, onBytes, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker now; pending and queued parses reject with CancelledError. */
  cancelAll(): void {
    const jobs = [...this.running.values(), ...this.queue];
    this.queue = [];
    this.running.clear();
    for (const w of this.all) w.terminate();
    this.all = [];
    this.idle = [];
    for (const j of jobs) j.reject(new CancelledError());
  }

  /** Watches a cancel flag while parses run. */
  watch(cancel: Cancel): () => void {
    const t = setInterval(() => {
      if (cancel.cancelled) this.cancelAll();
    }, 20);
    return () => clearInterval(t);
  }

  private pump(): void {
    while (this.queue.length) {
      let w = this.idle.pop();
      if (!w) {
        if (this.all.length >= this.size) return;
        w = this.spawn();
      }
      const job = this.queue.shift()!;
      this.running.set(w, job);
      w.postMessage(job.task);
    }
  }

  private spawn(): Worker {
    const w = this.factory();
    w.onmessage = (ev: MessageEvent<ParseReply>) => {
      const job = this.running.get(w);
      if (!job || job.task.id !== ev.data.id) return;
      const m = ev.data;
      if (m.type === 'bytes') {
        job.onBytes(m.n);
        return;
      }
      this.running.delete(w);
      this.idle.push(w);
      if (m.type === 'done') job.resolve(m.log);
      else {
        const e = m.error.name === 'FileFormatError' ? new FileFormatError(m.error.message) : Object.assign(new Error(m.error.message), { name: m.error.name });
        job.reject(e);
      }
      this.pump();
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      const job = this.running.get(w);
      this.running.delete(w);
      this.all = this.all.filter((x) => x !== w);
      w.terminate();
      job?.reject(new Error(`a parse worker crashed${ev.message ? `: ${ev.message}` : ''}`));
      this.pump();
    };
    this.all.push(w);
    return w;
  }
}
