/**
 * The merged log's columns allocated while the files still parse (docs/ARCHITECTURE.md "Loads"). Copying
 * ~360 MB of per-file columns into fresh memory is mostly page faults: 170–250 ms usually, 0.4–0.9 s now
 * and then (docs/BENCHMARKS.md); into memory whose pages were touched before, the same copy takes ~50 ms.
 * So a load on a parse pool estimates its event count from the files parsed so far, allocates the columns
 * and touches their pages a slice at a time while the threads parse the rest; the merge then uses them when
 * the real count fits (else it allocates as before).
 */
import { allocColumns, type EventColumns } from './eventlog';

/** A merge uses the columns when the events fill at least this share of them (the rest is memory held for nothing). */
export const MIN_FILL = 0.96;
/** The estimate is raised by this share, so that a slightly low one still fits. */
export const HEADROOM = 0.02;
/** Bytes touched per slice (then the event loop runs: the parse pool's replies wait no longer than one slice). */
const SLICE = 8 << 20;
const PAGE = 4096;

export class ColumnsAhead {
  readonly cols: EventColumns;
  private stopped = false;

  /** Columns for up to `capacity` events (SharedArrayBuffers with `shared`, as allocColumns). */
  constructor(
    readonly capacity: number,
    readonly shared: boolean,
  ) {
    this.cols = allocColumns(capacity, shared);
  }

  /** Columns for `capacity` events, estimated from `events` in the first `bytesDone` of `bytesTotal` input bytes. */
  static estimate(events: number, bytesDone: number, bytesTotal: number, shared: boolean): ColumnsAhead {
    return new ColumnsAhead(Math.ceil((events / bytesDone) * bytesTotal * (1 + HEADROOM)), shared);
  }

  /** Touches every page of the columns, a slice per macrotask (`pause` between slices), until done or stop(). */
  async touch(pause: () => Promise<void>): Promise<void> {
    for (const col of Object.values(this.cols) as EventColumns[keyof EventColumns][]) {
      const bytes = new Uint8Array(col.buffer);
      for (let at = 0; at < bytes.length; ) {
        if (this.stopped) return;
        const end = Math.min(bytes.length, at + SLICE);
        for (; at < end; at += PAGE) bytes[at] = 0;
        await pause();
      }
    }
  }

  /** Ends touch() (the merge starts: what is left is faulted by the copy itself). */
  stop(): void {
    this.stopped = true;
  }

  /** Views of `n` events on the columns when they fit (n ≤ capacity, at least MIN_FILL of it, the same kind of memory); else null. */
  take(n: number, shared: boolean): EventColumns | null {
    this.stop();
    if (shared !== this.shared || n > this.capacity || n < MIN_FILL * this.capacity) return null;
    const c = this.cols;
    return {
      pid: c.pid.subarray(0, n),
      pair: c.pair.subarray(0, n),
      errno: c.errno.subarray(0, n),
      start: c.start.subarray(0, n),
      dur: c.dur.subarray(0, n),
      size: c.size.subarray(0, n),
      line: c.line.subarray(0, n),
      offset: c.offset.subarray(0, n),
    };
  }
}
