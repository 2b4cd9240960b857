import type { Progress } from './types';

/** Reports progress at most every `ms` milliseconds (and always when forced). */
export class Throttle {
  private last = 0;
  private readonly t0: number;
  constructor(
    private readonly emit: (p: Progress) => void,
    private readonly ms = 100,
  ) {
    this.t0 = Date.now();
  }
  report(phase: Progress['phase'], done: number, total: number, file: string, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < this.ms) return;
    this.last = now;
    const secs = (now - this.t0) / 1000;
    const rate = secs > 0 ? done / secs / (1024 * 1024) : 0;
    this.emit({ phase, done, total, rate, file });
  }
}
