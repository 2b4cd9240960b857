import type { Progress } from './types';

// Timers exist in every runtime the Session runs in (browser, Web Worker, Node); the core's type checks
// have neither the DOM nor Node's library.
declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(id: unknown): void;

/**
 * Reports progress at most every `ms` milliseconds (and always when forced). `trailing`: a report dropped
 * by the throttle is sent once the interval has passed, unless a newer one was sent meanwhile: the line
 * shown is never older than `ms` while the work goes on (without it, the last count of a burst — 16 × 1 MiB
 * pieces of one chunk parsed in a few ms — stayed on screen until the next file's first report, and the
 * first counts of a load after its forced "0 B" were dropped the same way). `close()` drops what is pending
 * (the phase is over: a late report of it would overwrite the next phase's).
 */
export class Throttle {
  private last = 0;
  private readonly t0: number;
  private pending: Progress | null = null;
  private timer: unknown = null;
  constructor(
    private readonly emit: (p: Progress) => void,
    private readonly ms = 100,
    private readonly trailing = false,
  ) {
    this.t0 = Date.now();
  }
  report(phase: Progress['phase'], done: number, total: number, file: string, force = false): void {
    const now = Date.now();
    const secs = (now - this.t0) / 1000;
    const rate = secs > 0 ? done / secs / (1024 * 1024) : 0;
    const p: Progress = { phase, done, total, rate, file };
    if (!force && now - this.last < this.ms) {
      if (this.trailing) {
        this.pending = p;
        this.timer ??= setTimeout(() => this.flush(), this.ms - (now - this.last));
      }
      return;
    }
    this.send(p, now);
  }
  /** Drops a pending report (the work it counted is over). */
  close(): void {
    this.pending = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
  private flush(): void {
    this.timer = null;
    const p = this.pending;
    if (p) this.send(p, Date.now());
  }
  private send(p: Progress, now: number): void {
    this.last = now;
    this.pending = null;
    this.emit(p);
  }
}
