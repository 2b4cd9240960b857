import type { CaseInfo, EventLog, FileReport, TimeBase } from './eventlog';
import { grown } from '../lib/grown';
import { Interner, PairTable } from './interner';
import { StackInterner, stackColumn } from './stacks';

/**
 * Grows the columns of an EventLog event by event, without a JS object per event.
 *
 * Usage: addFile → beginCase → push… (patch results of pending events by index, drop orphans) → endCase
 * (sorts the case by start, compacts dropped events) → … → build.
 */
export class EventLogBuilder {
  readonly calls = new Interner();
  readonly paths = new Interner(['']);
  readonly errnos = new Interner(['']);
  private readonly pairs = new PairTable();

  private cap: number;
  n = 0;
  // the per-event columns of EventLog (eventlog.ts) as plain fields of their own typed-array types, not a
  // shared column object: the parsers write them for every event
  pid: Int32Array;
  pair: Uint32Array;
  errno: Uint16Array;
  start: Float64Array;
  dur: Float64Array;
  size: Float64Array;
  line: Uint32Array;
  offset: Float64Array;
  /** Per event: its stack id (strace -k); null until the first event gets a stack. */
  stack: Uint32Array | null = null;
  /** The frames and stacks met (created with the stack column). */
  stacks: StackInterner | null = null;
  private dropped: Uint8Array;
  private anyDropped = false;

  readonly cases: CaseInfo[] = [];
  private offsets: number[] = [0];
  readonly files: FileReport[] = [];
  private caseOpen = false;

  constructor(capacity = 1024) {
    this.cap = Math.max(16, capacity);
    this.pid = new Int32Array(this.cap);
    this.pair = new Uint32Array(this.cap);
    this.errno = new Uint16Array(this.cap);
    this.start = new Float64Array(this.cap);
    this.dur = new Float64Array(this.cap);
    this.size = new Float64Array(this.cap);
    this.line = new Uint32Array(this.cap);
    this.offset = new Float64Array(this.cap);
    this.dropped = new Uint8Array(this.cap);
  }

  internCall(s: string): number {
    return this.calls.intern(s);
  }
  internPath(s: string): number {
    return this.paths.intern(s);
  }
  internErrno(s: string): number {
    const id = this.errnos.intern(s);
    if (id > 0xffff) throw new Error('more than 65535 distinct errno names');
    return id;
  }
  /** The pair id of (call id, fp id), created on first use. */
  pairOf(call: number, fp: number): number {
    return this.pairs.intern(call, fp);
  }

  /** Event i (of the open case) has stack `id` of `stacks` (the interner, made on first use: stackInterner()). */
  setStack(i: number, id: number): void {
    (this.stack ??= new Uint32Array(this.cap))[i] = id;
  }

  /** The frame and stack interner of this log, created on first use. */
  stackInterner(): StackInterner {
    return (this.stacks ??= new StackInterner());
  }

  addFile(report: FileReport): number {
    this.files.push(report);
    return this.files.length - 1;
  }

  beginCase(info: Omit<CaseInfo, 'file'>, file: number): void {
    if (this.caseOpen) throw new Error('beginCase: previous case still open');
    this.cases.push({ ...info, file });
    this.caseOpen = true;
  }

  /** Appends an event to the open case and returns its index (valid until endCase). */
  push(pid: number, pair: number, errno: number, start: number, dur: number, size: number, line: number, offset = NaN): number {
    if (this.n === this.cap) this.grow();
    const i = this.n++;
    this.pid[i] = pid;
    this.pair[i] = pair;
    this.errno[i] = errno;
    this.start[i] = start;
    this.dur[i] = dur;
    this.size[i] = size;
    this.line[i] = line;
    this.offset[i] = offset;
    this.dropped[i] = 0;
    if (this.stack !== null) this.stack[i] = 0;
    return i;
  }

  /** Marks event i (of the open case) to be removed at endCase (e.g. an ERESTART* or orphan). */
  drop(i: number): void {
    this.dropped[i] = 1;
    this.anyDropped = true;
  }

  endCase(): void {
    if (!this.caseOpen) throw new Error('endCase: no open case');
    const a = this.offsets[this.offsets.length - 1];
    if (this.anyDropped) this.compact(a);
    this.sortRange(a, this.n);
    this.offsets.push(this.n);
    this.caseOpen = false;
  }

  /** Removes the open case entirely (e.g. a file that turned out not to be a trace). */
  abortCase(): void {
    if (!this.caseOpen) return;
    this.n = this.offsets[this.offsets.length - 1];
    this.anyDropped = false;
    this.cases.pop();
    this.caseOpen = false;
  }

  build(timeBase: TimeBase): EventLog {
    if (this.caseOpen) throw new Error('build: a case is still open');
    const n = this.n;
    return {
      n,
      timeBase,
      pid: this.pid.slice(0, n),
      pair: this.pair.slice(0, n),
      errno: this.errno.slice(0, n),
      start: this.start.slice(0, n),
      dur: this.dur.slice(0, n),
      size: this.size.slice(0, n),
      line: this.line.slice(0, n),
      offset: this.offset.slice(0, n),
      cases: this.cases.slice(),
      caseOffsets: Uint32Array.from(this.offsets),
      calls: this.calls.list.slice(),
      paths: this.paths.list.slice(),
      errnos: this.errnos.list.slice(),
      pairCall: Uint32Array.from(this.pairs.call),
      pairFp: Uint32Array.from(this.pairs.fp),
      files: this.files.slice(),
      ...this.builtStacks(n),
    };
  }

  /** The stack column (16-bit ids while they fit) and table, when an event has a stack. */
  private builtStacks(n: number): Pick<EventLog, 'stack' | 'stacks'> {
    const st = this.stacks;
    if (this.stack === null || st === null) return {};
    const col = stackColumn(n, st.count);
    col.set(this.stack.subarray(0, n));
    return { stack: col, stacks: st.table() };
  }

  /**
   * After build(): lets go of the event columns (each now an empty array of its own type, so the builder keeps
   * its shape) — for a builder kept alive after its log was built (strace/parser.ts keeps a thread's last
   * parser). The names (interners) stay: the log shares their strings. A push after it starts again from 16.
   */
  release(): void {
    this.n = 0;
    this.cap = 0;
    this.pid = new Int32Array(0);
    this.pair = new Uint32Array(0);
    this.errno = new Uint16Array(0);
    this.start = new Float64Array(0);
    this.dur = new Float64Array(0);
    this.size = new Float64Array(0);
    this.line = new Uint32Array(0);
    this.offset = new Float64Array(0);
    this.dropped = new Uint8Array(0);
    this.stack = null;
  }

  private grow(): void {
    const cap = Math.max(16, this.cap * 2);
    this.pid = grown(this.pid, cap);
    this.pair = grown(this.pair, cap);
    this.errno = grown(this.errno, cap);
    this.start = grown(this.start, cap);
    this.dur = grown(this.dur, cap);
    this.size = grown(this.size, cap);
    this.line = grown(this.line, cap);
    this.offset = grown(this.offset, cap);
    this.dropped = grown(this.dropped, cap);
    if (this.stack !== null) this.stack = grown(this.stack, cap);
    this.cap = cap;
  }

  private compact(from: number): void {
    const n = this.n;
    this.n = this.compacted(from);
    if (this.stack !== null) compactColumn(this.stack, this.dropped, from, n);
    this.anyDropped = false;
  }

  /**
   * Moves the kept events of [from, n) down over the dropped ones; returns the new n. The loop is alone in
   * its function (docs/ARCHITECTURE.md "Per-event loops and V8").
   */
  private compacted(from: number): number {
    let w = from;
    for (let r = from; r < this.n; r++) {
      if (this.dropped[r]) continue;
      if (w !== r) {
        // column by column on purpose (as analysis/events.ts collect): a loop over the columns of
        // different typed-array types would be megamorphic in this per-event loop
        this.pid[w] = this.pid[r];
        this.pair[w] = this.pair[r];
        this.errno[w] = this.errno[r];
        this.start[w] = this.start[r];
        this.dur[w] = this.dur[r];
        this.size[w] = this.size[r];
        this.line[w] = this.line[r];
        this.offset[w] = this.offset[r];
      }
      w++;
    }
    return w;
  }

  /** Stable sort of events [a, b) by start; a no-op when already sorted (the usual case). */
  private sortRange(a: number, b: number): void {
    let sorted = true;
    for (let i = a + 1; i < b; i++) {
      if (this.start[i] < this.start[i - 1]) {
        sorted = false;
        break;
      }
    }
    if (sorted) return;
    const m = b - a;
    const idx = new Uint32Array(m);
    for (let i = 0; i < m; i++) idx[i] = a + i;
    const st = this.start;
    idx.sort((x, y) => st[x] - st[y] || x - y);
    const perm = <T extends Int32Array | Uint32Array | Uint16Array | Float64Array>(col: T): void => {
      const tmp = col.slice(a, b);
      for (let i = 0; i < m; i++) col[a + i] = tmp[idx[i] - a];
    };
    perm(this.pid);
    perm(this.pair);
    perm(this.errno);
    perm(this.start);
    perm(this.dur);
    perm(this.size);
    perm(this.line);
    perm(this.offset);
    if (this.stack !== null) perm(this.stack);
  }
}

/** Moves the kept entries of col[from, n) down over the dropped ones (an optional column, after compacted). */
function compactColumn(col: Uint32Array, dropped: Uint8Array, from: number, n: number): void {
  let w = from;
  for (let r = from; r < n; r++) if (!dropped[r]) col[w++] = col[r];
}
