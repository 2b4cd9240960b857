/**
 * The typed promise API of the analysis worker, for the UI. Every call returns a promise; `onProgress`
 * receives throttled progress; `cancel(id)` stops a running request (it rejects with CancelledError).
 * A crashed worker (script error) rejects every pending call with a WorkerCrashed error; `restart()`
 * starts a fresh worker. Cancel always works: a request that has not stopped `graceMs` after its cancel
 * (the worker is stuck in a computation, e.g. a regular expression that backtracks catastrophically)
 * gets the worker terminated; every pending call then rejects with a WorkerStopped error and the next
 * call starts a fresh worker (which has lost the loaded files: the store reads them again).
 * A mapping that stops sending heartbeats (progress phase `mapping`, which names its regular expressions)
 * for `stallMs` is stuck in one regular expression: the worker is replaced the same way and the calls reject
 * with a MappingTimeout error that names the expressions (nothing else can interrupt a backtracking regex).
 */
import type { Api, FromWorker, Method, Progress, ToWorker } from './protocol';
import { SandboxHost } from './sandboxHost';

/** Where the analysis worker's custom mapping sandboxes run (sandboxHost.ts): the page's frames. */
export interface SandboxFrameHost {
  open(sid: number, ports: MessagePort[]): void;
  close(sid: number): void;
  closeAll(): void;
}

export class WorkerError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  onProgress?: (p: Progress) => void;
}

export interface Call<T> {
  id: number;
  promise: Promise<T>;
}

export type WorkerFactory = () => Worker;

/** How long a cancelled request may take to stop before its worker is terminated. */
export const CANCEL_GRACE_MS = 2000;
/** How long a mapping with regular expressions may run without a heartbeat (one path, one expression). */
export const MAPPING_STALL_MS = 4000;

export const defaultFactory: WorkerFactory = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'strace-dfg' });

export class WorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private listeners = new Set<() => void>();

  constructor(
    private readonly factory: WorkerFactory = defaultFactory,
    private readonly graceMs = CANCEL_GRACE_MS,
    private readonly stallMs = MAPPING_STALL_MS,
    private readonly sandboxes: SandboxFrameHost | null = typeof document === 'undefined' ? null : new SandboxHost(),
  ) {}

  /** Per request in the `mapping` phase: the watchdog timer. */
  private watch = new Map<number, ReturnType<typeof setTimeout>>();

  private arm(id: number, what: string): void {
    this.disarm(id);
    const w = this.worker;
    const due = Date.now() + this.stallMs;
    this.watch.set(
      id,
      setTimeout(() => {
        this.watch.delete(id);
        if (!this.pending.has(id) || this.worker !== w) return;
        // Late by more than a second: this thread was busy, and heartbeats may be waiting behind the timer.
        if (Date.now() - due > 1000) return this.arm(id, what);
        this.fail(new WorkerError('MappingTimeout', `the mapping's regular expression ${what} ran for more than ${this.stallMs / 1000} s on one path (it backtracks catastrophically)`));
        this.stop(w);
      }, this.stallMs),
    );
  }

  private disarm(id: number): void {
    const t = this.watch.get(id);
    if (t !== undefined) clearTimeout(t);
    this.watch.delete(id);
  }

  /** Number of requests in flight. */
  get busy(): number {
    return this.pending.size;
  }

  /** Called whenever the number of pending requests changes. */
  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void): Call<ReturnType<Api[M]>> {
    const w = this.ensure();
    const id = this.nextId++;
    const promise = new Promise<ReturnType<Api[M]>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress });
    });
    const msg: ToWorker = { type: 'call', id, method, args } as ToWorker;
    try {
      w.postMessage(msg);
    } catch (e) {
      this.settle(id, (p) => p.reject(e));
    }
    this.notify();
    return { id, promise };
  }

  cancel(id: number): void {
    if (!this.pending.has(id)) return;
    const w = this.worker;
    w?.postMessage({ type: 'cancel', id } satisfies ToWorker);
    setTimeout(() => {
      if (!this.pending.has(id) || this.worker !== w) return;
      this.fail(new WorkerError('WorkerStopped', `the worker did not stop within ${this.graceMs / 1000} s of Cancel and was restarted`));
      this.stop(w);
    }, this.graceMs);
  }

  /** Terminates the worker (rejecting what is pending); the next call starts a fresh one. */
  restart(): void {
    this.fail(new WorkerError('WorkerRestarted', 'the worker was restarted'));
    this.stop(this.worker);
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = this.factory();
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      const m = ev.data;
      if (m.type === 'sandbox') {
        if (m.open && this.sandboxes) this.sandboxes.open(m.sid, [...ev.ports]);
        else this.sandboxes?.close(m.sid);
      } else if (m.type === 'progress') {
        if (m.progress.phase === 'mapping' && m.progress.file !== '') this.arm(m.id, m.progress.file);
        else this.disarm(m.id);
        this.pending.get(m.id)?.onProgress?.(m.progress);
      } else if (m.type === 'result') this.settle(m.id, (p) => p.resolve(m.value));
      else this.settle(m.id, (p) => p.reject(new WorkerError(m.error.name, m.error.message)));
    };
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault();
      this.crash(ev.message || 'the worker failed to start or crashed');
    };
    w.onmessageerror = () => this.crash('a worker message could not be decoded');
    this.worker = w;
    return w;
  }

  private crash(message: string): void {
    this.fail(new WorkerError('WorkerCrashed', message));
    this.stop(this.worker);
  }

  /** Terminates worker w and the sandbox frames it asked for. */
  private stop(w: Worker | null): void {
    w?.terminate();
    this.sandboxes?.closeAll();
    this.worker = null;
  }

  private fail(e: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const t of this.watch.values()) clearTimeout(t);
    this.watch.clear();
    for (const p of all) p.reject(e);
    this.notify();
  }

  private settle(id: number, fn: (p: Pending) => void): void {
    const p = this.pending.get(id);
    this.disarm(id);
    if (!p) return;
    this.pending.delete(id);
    fn(p);
    this.notify();
  }

  private notify(): void {
    for (const fn of this.listeners) fn();
  }
}
