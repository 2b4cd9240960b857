/**
 * The columnar event log: the one data structure every importer produces and every analysis reads.
 *
 * Per event (46 bytes): pid i32, pair u32 (index into the (call, fp) pair table), errno u16,
 * start f64 (seconds; see `timeBase`), dur f64 (seconds, NaN = unknown; float64 so a duration printed by
 * strace is the nearest double to its decimal and equal printed values are equal), size f64 (bytes, NaN = no size),
 * line u32 (1-based line of the source file that started the event; 0 = unknown), offset f64 (the file
 * offset the call read or wrote at, NaN = unknown; docs/FORMATS.md "Offsets").
 * Events are grouped by case: case k owns events [caseOffsets[k], caseOffsets[k+1]), sorted by start
 * (ties: source line order). Strings (call names, paths, errnos) live once in string tables.
 */

import type { Profile } from './profile';
import type { StackTable } from './stacks';

/** The kind of file a FileReport describes (one per importer). */
export type SourceFormat = 'strace' | 'hdf5' | 'darshan' | 'otf2';

/** What a `start` value means. */
export type TimeBase =
  | 'clock' // seconds since midnight of an unknown day (strace -t / -tt), midnight crossings unwrapped (+86400)
  | 'epoch' // seconds since 1970 (strace -ttt, HDF5 epoch floats / ns)
  | 'relative' // seconds since the first line of the file (strace -r alone)
  | 'none'; // no timestamps: start = line order index, timelines and mc unavailable

export interface CaseInfo {
  /** Case id: the file's base name without `.st` (or `<case>_<pid>` with one case per (file, pid)). */
  id: string;
  cid: string;
  host: string;
  rid: string;
  /** Index into `EventLog.files`. */
  file: number;
  /** The pid when the case is one (file, pid) split; null otherwise. */
  pid: number | null;
}

/** Source flags of a strace file, as detected from its content. */
export interface SourceFlags {
  /** 't' | 'tt' | 'ttt' | 'ns' (nanosecond clock) | 'r' | 'none'; with '+r' appended when -r is combined. */
  timestamps: string;
  /** Durations present (-T). */
  durations: boolean;
  /** fd annotations present (-y / -yy). */
  annotations: boolean;
  /** pid source: 'prefix' (`N `), 'bracket' (`[pid N]`), 'filename' (-ff `.PID`), 'none'. */
  pids: string;
  /** Call stacks present (-k). */
  stacks?: boolean;
  /**
   * false when the trace was filtered with `-e trace=…` and lseek is not in it: the positions of
   * read/write/readv/writev are then unknown (offset NaN; pread/pwrite keep theirs). Absent: not known
   * (older reports), taken as traced. docs/FORMATS.md "Offsets".
   */
  lseekTraced?: boolean;
}

export interface UnparsableLine {
  line: number;
  text: string;
}

/** What loading one file produced: counts of every line kind and the first unparsable lines. */
export interface FileReport {
  /** File name as given (base name or relative path for dropped folders). */
  name: string;
  format: SourceFormat;
  bytes: number;
  lines: number;
  events: number;
  /** Count per dropped line kind: 'signal', 'exit', 'strace-message', 'erestart', 'unavailable',
   * 'orphan-unfinished', 'orphan-resumed', 'unparsable', 'blank', 'truncated-last-line' … */
  dropped: Record<string, number>;
  /** The first (at most 100) unparsable lines with their 1-based line numbers. */
  unparsable: UnparsableLine[];
  flags: SourceFlags | null;
  warnings: string[];
  /** The files opened with O_DIRECT (the page cache bypassed), with their successful opens (strace traces). */
  direct?: { path: string; opens: number }[];
}

export interface EventLog {
  /** Number of events. */
  n: number;
  timeBase: TimeBase;
  // ---- per event ----
  pid: Int32Array;
  pair: Uint32Array;
  errno: Uint16Array;
  start: Float64Array;
  dur: Float64Array;
  size: Float64Array;
  line: Uint32Array;
  /** File offset in bytes where the call's transfer started (lseek: the new position; open: 0); NaN = unknown. */
  offset: Float64Array;
  // ---- per case ----
  cases: CaseInfo[];
  /** Length cases.length + 1. */
  caseOffsets: Uint32Array;
  // ---- string tables ----
  /** Distinct call names. */
  calls: string[];
  /** Distinct fp strings; paths[0] === '' means "no fp". */
  paths: string[];
  /** Distinct errno names; errnos[0] === '' means "succeeded". */
  errnos: string[];
  /** Pair table: pair p is (calls[pairCall[p]], paths[pairFp[p]]). Pairs are distinct (but in the log the
   * analysis makes for the layer in the activity, whose pairs are per (call, fp, layer): analysis/layers/layered.ts). */
  pairCall: Uint32Array;
  pairFp: Uint32Array;
  // ---- provenance ----
  files: FileReport[];
  // ---- optional, per source kind ----
  /**
   * Per event: the I/O layer that issued it, an index into `layerNames` (Darshan DXT: POSIX or MPIIO);
   * absent or null when the source has no layers.
   */
  layer?: Uint8Array | null;
  /** The names of the layers `layer` indexes. */
  layerNames?: readonly string[];
  /**
   * Per pair of the pair table: its I/O layer, an index into `names` — only in the log the analysis makes for the
   * layer in the activity (analysis/layers/layered.ts), whose pairs are per (call, fp, layer); a log derived from
   * it with the same pair table keeps it. Absent or null otherwise.
   */
  pairLayer?: { readonly layer: Uint8Array; readonly names: readonly string[] } | null;
  /**
   * Per event: the event of the I/O layer above that it serves, as that event's `line` in the same case (OTF2:
   * by the I/O handles' parents, docs/FORMATS.md "OTF2 traces"); 0: none (its handle has no parent); -1: its
   * handle has a parent and no operation up the chain holds it in time. Absent or null when the source has no
   * such links (Darshan DXT's layers are linked by time containment instead: analysis/layers/links.ts).
   */
  parent?: Int32Array | null;
  /** Profiling logs (Darshan) loaded into this log: counters, job header, heatmaps (model/profile.ts). */
  profiles?: readonly Profile[];
  // ---- call stacks (strace -k; docs/FORMATS.md "Stacks") ----
  /**
   * Per event: the id of its call stack in `stacks` (0 = none). Absent or null when no event has one. 16-bit
   * while the log has at most 65,536 distinct stacks (model/stacks.ts stackColumn), else 32-bit.
   */
  stack?: Uint16Array | Uint32Array | null;
  /** The distinct stacks and frames `stack` indexes; absent or null with it. */
  stacks?: StackTable | null;
}

/**
 * The largest |start| in seconds an event may have: what a JS Date can show (±8.64e15 ms, year ±275 760).
 * A time beyond it (or not finite) is bad input: importers drop the event and count it as 'bad-start'.
 */
export const MAX_TIME = 8.64e12;

/** True if `s` (seconds) is a start time an event may have (finite, |s| ≤ MAX_TIME). */
export function isValidTime(s: number): boolean {
  return s <= MAX_TIME && s >= -MAX_TIME;
}

/** Bytes held per event by the per-event columns. */
export const BYTES_PER_EVENT = 4 + 4 + 2 + 8 + 8 + 8 + 4 + 8;

/** The per-event columns of a log. */
export type EventColumns = Pick<EventLog, 'pid' | 'pair' | 'errno' | 'start' | 'dur' | 'size' | 'line' | 'offset'>;

/**
 * Zeroed per-event columns for `n` events; `shared`: in SharedArrayBuffers (a worker thread given the log
 * then reads the same memory instead of a copy: the CLI's pool, ParsePool.sharedColumns).
 */
export function allocColumns(n: number, shared = false): EventColumns {
  const buf = (bytes: number): ArrayBuffer => (shared ? (new SharedArrayBuffer(bytes) as unknown as ArrayBuffer) : new ArrayBuffer(bytes));
  return {
    pid: new Int32Array(buf(4 * n)),
    pair: new Uint32Array(buf(4 * n)),
    errno: new Uint16Array(buf(2 * n)),
    start: new Float64Array(buf(8 * n)),
    dur: new Float64Array(buf(8 * n)),
    size: new Float64Array(buf(8 * n)),
    line: new Uint32Array(buf(4 * n)),
    offset: new Float64Array(buf(8 * n)),
  };
}

/** Bytes held by the typed arrays of a log (per-event columns, case offsets, pair table). */
export function logBytes(log: EventLog): number {
  const cols = [log.pid, log.pair, log.errno, log.start, log.dur, log.size, log.line, log.offset, log.caseOffsets, log.pairCall, log.pairFp];
  let b = 0;
  for (const c of cols) b += c.byteLength;
  if (log.stack) b += log.stack.byteLength;
  if (log.stacks) b += log.stacks.start.byteLength + log.stacks.frame.byteLength;
  return b;
}

export function emptyFileReport(name: string, format: SourceFormat, bytes = 0): FileReport {
  return { name, format, bytes, lines: 0, events: 0, dropped: {}, unparsable: [], flags: null, warnings: [] };
}

/** Case attributes from a trace file name `{cid}_{host}_{rid}.st` (else the whole base name is the id). */
export function caseFromFileName(name: string): { id: string; cid: string; host: string; rid: string } {
  const base = name.replace(/^.*[\\/]/, '');
  // strip .st, .st.<pid> (strace -ff), .h5/.hdf5 are not case names
  const id = base.replace(/\.st(\.\d+)?$/, '');
  const m = /^(.+?)_(.+)_([^_]+)$/.exec(id);
  if (m && base !== id) return { id, cid: m[1], host: m[2], rid: m[3] };
  return { id, cid: '', host: '', rid: '' };
}

/** Throws with a precise message if the log breaks an invariant. Used by tests. */
export function validate(log: EventLog): void {
  const fail = (msg: string): never => {
    throw new Error(`invalid EventLog: ${msg}`);
  };
  const n = log.n;
  for (const [name, col] of Object.entries({ pid: log.pid, pair: log.pair, errno: log.errno, start: log.start, dur: log.dur, size: log.size, line: log.line, offset: log.offset })) {
    if (col.length !== n) fail(`column ${name} has ${col.length} entries, expected ${n}`);
  }
  if (log.caseOffsets.length !== log.cases.length + 1) fail('caseOffsets length must be cases + 1');
  if (log.caseOffsets[0] !== 0 || log.caseOffsets[log.cases.length] !== n) fail('caseOffsets must span [0, n]');
  if (log.paths[0] !== '') fail("paths[0] must be ''");
  if (log.errnos[0] !== '') fail("errnos[0] must be ''");
  if (log.pairCall.length !== log.pairFp.length) fail('pair table columns differ in length');
  const pl = log.pairLayer ?? null;
  if (pl !== null && pl.layer.length !== log.pairCall.length) fail('pairLayer has a length other than the pair table\'s');
  const seen = new Set<string>();
  for (let p = 0; p < log.pairCall.length; p++) {
    if (log.pairCall[p] >= log.calls.length) fail(`pair ${p} has call id out of range`);
    if (log.pairFp[p] >= log.paths.length) fail(`pair ${p} has fp id out of range`);
    const k = `${log.pairCall[p]}:${log.pairFp[p]}${pl !== null ? `:${pl.layer[p]}` : ''}`;
    if (seen.has(k)) fail(`pair ${p} duplicates another pair`);
    seen.add(k);
  }
  for (const [name, table] of Object.entries({ calls: log.calls, paths: log.paths, errnos: log.errnos })) {
    if (new Set(table).size !== table.length) fail(`string table ${name} has duplicates`);
  }
  const ids = new Set<string>();
  for (let k = 0; k < log.cases.length; k++) {
    const c = log.cases[k];
    if (ids.has(c.id)) fail(`duplicate case id ${c.id}`);
    ids.add(c.id);
    if (c.file < 0 || c.file >= log.files.length) fail(`case ${c.id} has file index out of range`);
    const a = log.caseOffsets[k];
    const b = log.caseOffsets[k + 1];
    if (b < a) fail(`case ${c.id} has negative length`);
    for (let i = a + 1; i < b; i++) {
      if (log.start[i] < log.start[i - 1]) fail(`case ${c.id} not sorted by start at event ${i}`);
    }
  }
  validateStacks(log, fail);
  for (let i = 0; i < n; i++) {
    if (log.pair[i] >= log.pairCall.length) fail(`event ${i} has pair out of range`);
    if (log.errno[i] >= log.errnos.length) fail(`event ${i} has errno out of range`);
    if (!Number.isFinite(log.start[i])) fail(`event ${i} has non-finite start`);
    const d = log.dur[i];
    if (!(Number.isNaN(d) || d >= 0)) fail(`event ${i} has negative dur`);
    const s = log.size[i];
    if (!(Number.isNaN(s) || s >= 0)) fail(`event ${i} has negative size`);
    const o = log.offset[i];
    if (!(Number.isNaN(o) || o >= 0)) fail(`event ${i} has negative offset`);
  }
}

function validateStacks(log: EventLog, fail: (msg: string) => never): void {
  const { stack, stacks } = log;
  if (!stack && !stacks) return;
  if (!stack || !stacks) fail('stack and stacks go together');
  if (stack.length !== log.n) fail(`column stack has ${stack.length} entries, expected ${log.n}`);
  const S = stacks.start.length - 1;
  if (S < 1 || stacks.start[0] !== 0 || stacks.start[1] !== 0) fail('stack 0 must be the empty stack');
  if (stacks.start[S] !== stacks.frame.length) fail('stack table start does not end at its frames');
  for (let s = 0; s < S; s++) if (stacks.start[s + 1] < stacks.start[s]) fail(`stack ${s} has negative length`);
  for (let k = 0; k < stacks.frame.length; k++) if (stacks.frame[k] >= stacks.frames.length) fail(`stack frame ${k} out of range`);
  if (new Set(stacks.frames).size !== stacks.frames.length) fail('frame table has duplicates');
  for (let i = 0; i < log.n; i++) if (stack[i] >= S) fail(`event ${i} has stack out of range`);
}
