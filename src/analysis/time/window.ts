/**
 * Time windows (docs/METHOD.md, "Time"): keep the events with FROM ≤ start − t0 < TO, t0 the earliest
 * event start of all loaded cases. Events are sorted by start within a case, so a window is one sub-range
 * per case (two binary searches each); every case stays, a case without an event in the window has the
 * empty trace ● → ■.
 */
import type { EventLog } from '../../model';
import { runSpan } from './span';

export interface TimeWindow {
  /** Seconds relative to t0; null = open on that side. */
  from: number | null;
  to: number | null;
}

/** Whether `w` is a window (null, or both sides open, is every event). */
export const isWindow = (w: TimeWindow | null | undefined): w is TimeWindow => w != null && (w.from !== null || w.to !== null);

export interface WindowRanges {
  /** Per case: the events [lo[k], hi[k]) are in the window. */
  lo: Uint32Array;
  hi: Uint32Array;
  /** Events in the window. */
  n: number;
}

/** First index i in [a, b) with start[i] − t0 ≥ x (b if none); start sorted ascending in [a, b). */
function lowerBound(start: Float64Array, t0: number, x: number, a: number, b: number): number {
  let lo = a;
  let hi = b;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (start[mid] - t0 < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const KNOWN = new Set(['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line', 'offset', 'caseOffsets', 'pairCall', 'pairFp']);

/** The per-case event ranges of a window. `t0` defaults to the log's earliest event start. */
export function windowRanges(log: EventLog, w: TimeWindow, t0 = runSpan(log).t0): WindowRanges {
  const K = log.cases.length;
  const lo = new Uint32Array(K);
  const hi = new Uint32Array(K);
  const { start, caseOffsets } = log;
  let n = 0;
  for (let k = 0; k < K; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    const l = w.from === null ? a : lowerBound(start, t0, w.from, a, b);
    const h = w.to === null ? b : Math.max(l, lowerBound(start, t0, w.to, l, b));
    lo[k] = l;
    hi[k] = h;
    n += h - l;
  }
  return { lo, hi, n };
}

/** Parses `FROM..TO` (seconds, either side may be empty: `..2.5`, `10..`); throws with a clear message. */
export function parseTimeWindow(text: string): TimeWindow {
  const m = /^\s*([^.\s][^\s]*?)?\s*\.\.\s*([^\s]*)\s*$/.exec(text);
  const bad = (why: string): never => {
    throw new Error(`invalid time window '${text}': ${why} (expected FROM..TO in seconds from the run start, e.g. 1.5..3, ..2.5 or 10..)`);
  };
  if (m === null) return bad('no ..');
  const num = (s: string | undefined): number | null => {
    if (s === undefined || s === '') return null;
    const v = Number(s);
    if (!Number.isFinite(v)) bad(`'${s}' is not a number`);
    return v;
  };
  const from = num(m[1]);
  const to = num(m[2]);
  if (from !== null && to !== null && !(to > from)) bad('TO must be greater than FROM');
  return { from, to };
}

/** `FROM..TO` with the shortest decimal forms (the inverse of parseTimeWindow). */
export function formatTimeWindow(w: TimeWindow): string {
  return `${w.from === null ? '' : String(w.from)}..${w.to === null ? '' : String(w.to)}`;
}

/**
 * The log restricted to a time window: the same cases (in the same order), string and pair tables
 * shared, the events of each case's window range copied (one memcpy per column and case). Returns `log`
 * itself when the window keeps every event. `reuse`: an earlier window of the same log that the caller no
 * longer needs (e.g. the previous brush): its buffers are overwritten when large enough, and it must not be
 * used afterwards. (LogIndex.window also derives the window's mc sequence from the log's.)
 */
export function windowLog(log: EventLog, w: TimeWindow, t0 = runSpan(log).t0, reuse: EventLog | null = null): EventLog {
  return windowCut(log, w, t0, reuse).log;
}

/**
 * windowLog, and which of the log's mc start entries the window keeps: [from, to) among the events with a
 * known dur in log order (what deriveWindowSequence takes).
 */
export function windowCut(log: EventLog, w: TimeWindow, t0: number, reuse: EventLog | null): { log: EventLog; from: number; to: number } {
  if (log.timeBase === 'none' && (w.from !== null || w.to !== null)) {
    throw new Error('a time window needs timestamps: these traces have none (record them with strace -tt or -ttt)');
  }
  const { lo, hi, n } = windowRanges(log, w, t0);
  if (n === log.n) return { log, from: 0, to: 0 };
  const K = log.cases.length;
  // overwrite the columns of a window that is no longer needed when they are large enough: touching
  // fresh memory (page faults) costs more than the copy itself. When they are too small (a brush that
  // grows), the new columns are made with room for the whole log (no window of it is larger), so that every
  // later window of it overwrites them too: the window too small is let go once, instead of at every growth,
  // two windows' columns alive at once until the GC frees the older (+0.3 GB at the peak of the bench's
  // brushes, docs/BENCHMARKS.md perf9). Memory never written is not resident (a fresh mapping).
  const old = reuse !== null && reuse !== log && reuse.pairCall === log.pairCall ? reuse : null;
  const room = old !== null ? log.n : n;
  type View<T> = { new (b: ArrayBuffer, at: number, n: number): T; readonly BYTES_PER_ELEMENT: number };
  const col = <T extends Int32Array | Uint32Array | Uint16Array | Float64Array>(prev: T | undefined, mine: T, V: View<T>): T =>
    prev !== undefined && prev.buffer !== mine.buffer && prev.buffer.byteLength >= n * V.BYTES_PER_ELEMENT
      ? new V(prev.buffer as ArrayBuffer, 0, n)
      : new V(new ArrayBuffer(room * V.BYTES_PER_ELEMENT), 0, n);
  const out: EventLog = {
    ...log,
    n,
    pid: col(old?.pid, log.pid, Int32Array),
    pair: col(old?.pair, log.pair, Uint32Array),
    errno: col(old?.errno, log.errno, Uint16Array),
    start: col(old?.start, log.start, Float64Array),
    dur: col(old?.dur, log.dur, Float64Array),
    size: col(old?.size, log.size, Float64Array),
    line: col(old?.line, log.line, Uint32Array),
    offset: col(old?.offset, log.offset, Float64Array),
    caseOffsets: new Uint32Array(K + 1),
  };
  type Col = { subarray(a: number, b: number): ArrayLike<number> };
  const cols: [Col, { set(src: ArrayLike<number>, at: number): void }][] = [
    [log.pid, out.pid],
    [log.pair, out.pair],
    [log.errno, out.errno],
    [log.start, out.start],
    [log.dur, out.dur],
    [log.size, out.size],
    [log.line, out.line],
    [log.offset, out.offset],
  ];
  // any further per-event column (e.g. a file offset column) is windowed the same way
  const rec = out as unknown as Record<string, unknown>;
  for (const [key, v] of Object.entries(log)) {
    if (KNOWN.has(key) || !ArrayBuffer.isView(v) || (v as Float64Array).length !== log.n) continue;
    const copy = new (v.constructor as Float64ArrayConstructor)(n);
    rec[key] = copy;
    cols.push([v as Float64Array, copy]);
  }
  let at = 0;
  let skipped = 0; // start entries of the mc sequence before the window (events with a known dur)
  let kept = 0;
  const { dur, caseOffsets } = log;
  for (let k = 0; k < K; k++) {
    const a = lo[k];
    const b = hi[k];
    for (let i = caseOffsets[k]; i < a; i++) if (dur[i] === dur[i]) skipped++;
    for (let i = a; i < b; i++) if (dur[i] === dur[i]) kept++;
    if (b > a) for (const [src, dst] of cols) dst.set(src.subarray(a, b), at);
    at += b - a;
    out.caseOffsets[k + 1] = at;
  }
  return { log: out, from: skipped, to: skipped + kept };
}
