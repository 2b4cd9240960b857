/**
 * Untraced time, located (docs/METHOD.md "Untraced time"): for every case, the time in which none of its
 * traced calls was running — the gaps between the end of the calls so far and the next call's start —
 * with the largest gaps named by the calls that bound them, and what the trace filter left out (inferred
 * from the calls present: a trace recorded with `-e trace=openat,write,lseek` has opens but no close, no
 * fsync, no waits). Whole cases, every event whatever the mapping; mapping-independent, cached per log.
 */
import { durationSlot } from '../../lib/format';
import type { EventLog, SourceFormat } from '../../model';
import { isSystemPath } from '../systemFiles';
import { primeLog } from '../primeLog';
import { spanT0 } from './span';

/** One traced call that bounds a gap. */
export interface GapCall {
  call: string;
  /** The file or annotation the call was on ('' for none). */
  path: string;
  pid: number;
  /** 1-based line of the call in its trace file (0 = unknown). */
  line: number;
}

export interface UntracedGap {
  /** Seconds since t0 (the earliest event start of all loaded cases) where no traced call ran any more. */
  start: number;
  seconds: number;
  /** The call whose end opened the gap (the latest-ending call so far); null never (a gap follows a call). */
  before: GapCall;
  /** The next traced call, whose start closed it. */
  after: GapCall;
  /** gapWhere: "2.29 s between write:/x (line 418) and the next traced call openat:/x (line 419)". */
  where: string;
  /** gapSentence: `where`, then what fills it (the case's `why`). */
  text: string;
}

/** Calls a trace filter left out, by kind (what `missing` names). */
export type MissingKind = 'close' | 'fsync' | 'waits';

export interface CaseUntraced {
  /** Index of the case in the log, and its id. */
  case: number;
  id: string;
  /** First start → last end, seconds. */
  wall: number;
  /** The union of the case's call intervals (calls of several pids that overlap count once). */
  traced: number;
  /** Σ of every gap = wall − traced (calls without a duration count as instants). */
  untraced: number;
  /** The largest gaps (at least `minGap` each), longest first. */
  gaps: UntracedGap[];
  /** What the case's trace does not hold although the program must have made such calls (or likely did). */
  missing: MissingKind[];
  /** The trace was recorded with a filter (-e trace=…): see docs/METHOD.md "Untraced time" for the signs. */
  filtered: boolean;
  /** The strace option to add (null: nothing to add, the time is computation or waits strace cannot see). */
  advice: string | null;
  /** untracedWhy: what fills the gaps, in words. */
  why: string;
}

export interface UntracedTime {
  /** Time 0 of `start` (absolute, in the log's time base). */
  t0: number;
  /** false without durations (strace -T) or timestamps: nothing is located. */
  located: boolean;
  /** Every case with events, log order. */
  cases: CaseUntraced[];
}

export interface UntracedOptions {
  /** Time 0 (default the log's earliest event start). */
  t0?: number;
  /** Gaps kept per case (default 5). */
  top?: number;
  /** The shortest gap kept, seconds (default 1 ms). */
  minGap?: number;
}

const OPENS = new Set(['open', 'openat', 'openat2', 'creat']);
const CLOSES = new Set(['close', 'close_range']);
const WRITES = new Set(['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2']);
const SYNCS = new Set(['fsync', 'fdatasync', 'sync_file_range', 'sync_file_range2', 'syncfs', 'sync', 'msync']);
const WAITS = new Set(['futex', 'poll', 'ppoll', 'select', 'pselect6', 'epoll_wait', 'epoll_pwait', 'epoll_pwait2', 'nanosleep', 'clock_nanosleep', 'wait4', 'waitid', 'io_getevents', 'sched_yield']);
/** Calls every program makes that neither %file nor %desc holds: a trace with none of them was filtered. */
const EVERYDAY = new Set(['brk', 'mprotect', 'munmap', 'arch_prctl', 'set_tid_address', 'set_robust_list', 'rseq', 'rt_sigaction', 'rt_sigprocmask', 'prlimit64', 'getrandom', 'exit_group', 'getpid', 'clone', 'clone3', 'futex']);

/** What strace should record so that close and the fsync-type calls are in the trace (what src/ui/strace.sh records). */
export const TRACE_FILE_DESC = '-e trace=%file,%desc';
const TRACE_WAITS = '-e trace=%file,%desc,%process,%clock,futex';

/**
 * What fills the gaps of a case of a format that records only some layers (strace and HDF5 event logs: none,
 * their advice comes from the calls present): a Darshan DXT or OTF2 trace was not recorded by strace, so
 * strace's advice (which calls a `-e trace=` filter left out) does not apply to its cases.
 */
export const LAYER_GAPS: Readonly<Partial<Record<SourceFormat, string>>> = {
  darshan: 'DXT records only the POSIX and MPI-IO reads and writes: the gaps are computation, or I/O that DXT does not record (opens, closes, syncs, metadata, STDIO, other layers)',
  otf2: "the trace's events are the I/O records of Score-P's I/O recording (POSIX, ISO C, MPI-IO, HDF5, …): the gaps are computation, communication, or calls of layers it did not record",
};

export function untracedTime(log: EventLog, opts: UntracedOptions = {}): UntracedTime {
  const t0 = opts.t0 ?? spanT0(log);
  const top = opts.top ?? 5;
  const minGap = opts.minGap ?? 1e-3;
  return compute(log, t0, top, minGap);
}

function compute(log: EventLog, t0: number, top: number, minGap: number): UntracedTime {
  const { start, dur, pair, caseOffsets, pairCall, pairFp } = log;
  let anyDur = false;
  for (let i = 0; i < log.n && !anyDur; i++) anyDur = dur[i] === dur[i];
  const located = anyDur && log.timeBase !== 'none';
  // per pair: the kind bits of its call, and K_FILE_WRITE for a write to a file outside the system paths
  const kinds = callKinds(log);
  const pk = new Uint8Array(pairCall.length);
  for (let p = 0; p < pairCall.length; p++) {
    const path = log.paths[pairFp[p]];
    pk[p] = kinds[pairCall[p]] | (WRITES.has(log.calls[pairCall[p]]) && path.startsWith('/') && !isSystemPath(path) ? K_FILE_WRITE : 0);
  }
  const call = (i: number): GapCall => ({ call: log.calls[pairCall[pair[i]]], path: log.paths[pairFp[pair[i]]], pid: log.pid[i], line: log.line[i] });
  const cases: CaseUntraced[] = [];
  // per case, from caseGaps: [untraced, latest end, gaps kept]; the gaps kept, longest first, 4 numbers each
  const out = new Float64Array(3);
  const best = new Float64Array(4 * Math.max(0, top));
  if (!primed) prime();
  for (let k = 0; k < log.cases.length; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    if (a === b) continue;
    const seen = located ? caseGaps(start, dur, pair, pk, a, b, minGap, top, out, best) : seenOf(pair, pk, a, b);
    const untraced = out[0];
    const curEnd = out[1];
    const kept = located ? out[2] : 0;
    const wall = located ? curEnd - start[a] : NaN;
    const layerWhy = LAYER_GAPS[log.files[log.cases[k].file]?.format ?? 'strace'];
    const m = layerWhy ? { missing: [], filtered: false, advice: null } : missingCalls(seen, (seen & K_FILE_WRITE) !== 0);
    const why = layerWhy ?? untracedWhy(m);
    cases.push({
      case: k,
      id: log.cases[k].id,
      wall,
      traced: located ? wall - untraced : NaN,
      untraced: located ? untraced : NaN,
      gaps: Array.from({ length: kept }, (_, j) => {
        const at = { seconds: best[4 * j + 3], before: call(best[4 * j + 1]), after: call(best[4 * j + 2]) };
        const where = gapWhere(at);
        return { start: best[4 * j] - t0, ...at, where, text: `${where}; ${why}` };
      }),
      ...m,
      why,
    });
  }
  return { t0, located, cases };
}

/**
 * The gaps of the events [a, b) of a case (sorted by start): curEnd = the latest end so far, set by event
 * curEv; a start after it opens a gap. out = [Σ gaps, the latest end, how many gaps `best` keeps]; best: the
 * `top` longest gaps of at least minGap, longest first (ties: the earlier first), each (start, event before,
 * event after, seconds). Returns the kind bits of the calls seen. The per-event loop in a function of its own
 * that allocates nothing: inside compute, V8 threw its optimised code away four times in a run (the code after
 * the loop had no type feedback when the first case's loop was optimised), each time compiling it again.
 */
function caseGaps(start: Float64Array, dur: Float64Array, pair: Uint32Array, pk: Uint8Array, a: number, b: number, minGap: number, top: number, out: Float64Array, best: Float64Array): number {
  let seen = 0;
  let curEnd = -Infinity;
  let curEv = -1;
  let untraced = 0;
  let kept = 0;
  for (let i = a; i < b; i++) {
    seen |= pk[pair[i]];
    const s = start[i];
    const d = dur[i];
    const e = d === d ? s + d : s;
    if (curEv >= 0 && s > curEnd) {
      const gap = s - curEnd;
      untraced += gap;
      if (gap >= minGap && top > 0 && (kept < top || gap > best[4 * kept - 1])) kept = keepGap(best, kept, top, curEnd, curEv, i, gap);
    }
    if (curEv < 0 || e > curEnd) {
      curEnd = e;
      curEv = i;
    }
  }
  out[0] = untraced;
  out[1] = curEnd;
  out[2] = kept;
  return seen;
}

let primed = false;

/**
 * Runs caseGaps three times over the cases of the prime log (primeLog.ts: gaps of several lengths, instants,
 * more gaps than kept) before the first real case: V8 optimises caseGaps' loop during a log's first case, and
 * the code after the loop had no type feedback then (the function had no feedback vector yet: V8 gives it one
 * after it ran a while), which threw the optimised code away at the end of every case (96 times on the 239 MB set).
 */
function prime(): void {
  primed = true;
  const log = primeLog();
  const pk = new Uint8Array(log.pairCall.length);
  const out = new Float64Array(3);
  const best = new Float64Array(4 * 3);
  for (let r = 0; r < 3; r++) {
    for (let k = 0; k < log.cases.length; k++) {
      const a = log.caseOffsets[k];
      const b = log.caseOffsets[k + 1];
      if (a < b) caseGaps(log.start, log.dur, log.pair, pk, a, b, 1e-5, 3, out, best);
    }
  }
}

/** Inserts a gap into the `kept` longest (longest first; after the gaps as long as it), dropping the last when
 * `top` are kept; the new count. */
function keepGap(best: Float64Array, kept: number, top: number, s: number, before: number, after: number, gap: number): number {
  if (kept === top) kept--;
  let j = kept;
  while (j > 0 && best[4 * j - 1] < gap) {
    best.copyWithin(4 * j, 4 * j - 4, 4 * j);
    j--;
  }
  best[4 * j] = s;
  best[4 * j + 1] = before;
  best[4 * j + 2] = after;
  best[4 * j + 3] = gap;
  return kept + 1;
}

/** The kind bits of the calls of events [a, b) (a case without located time). */
function seenOf(pair: Uint32Array, pk: Uint8Array, a: number, b: number): number {
  let seen = 0;
  for (let i = a; i < b; i++) seen |= pk[pair[i]];
  return seen;
}

// bits of the calls seen in a case
const K_OPEN = 1;
const K_CLOSE = 2;
const K_SYNC = 4;
const K_WAIT = 8;
const K_EVERYDAY = 16;
const K_FILE_WRITE = 32;

function callKinds(log: EventLog): Uint8Array {
  const out = new Uint8Array(log.calls.length);
  log.calls.forEach((c, i) => {
    out[i] = (OPENS.has(c) ? K_OPEN : 0) | (CLOSES.has(c) ? K_CLOSE : 0) | (SYNCS.has(c) ? K_SYNC : 0) | (WAITS.has(c) ? K_WAIT : 0) | (EVERYDAY.has(c) ? K_EVERYDAY : 0);
  });
  return out;
}

/**
 * What the filter left out, from the calls present: a program that opens files closes them (opens without
 * any close: close was filtered out); a trace without any of the everyday calls (brk, mprotect, futex, …)
 * was filtered; in a filtered trace without fsync-type calls, a program that wrote files may have synced
 * them unseen, and one without waits may have waited unseen.
 */
function missingCalls(seen: number, wrote: boolean): Pick<CaseUntraced, 'missing' | 'filtered' | 'advice'> {
  const noClose = (seen & K_OPEN) !== 0 && (seen & K_CLOSE) === 0;
  const filtered = noClose || (seen & K_EVERYDAY) === 0;
  const missing: MissingKind[] = [];
  if (filtered && wrote && (seen & K_SYNC) === 0) missing.push('fsync');
  if (noClose) missing.push('close');
  if (filtered && (seen & K_WAIT) === 0) missing.push('waits');
  const advice = missing.includes('close') || missing.includes('fsync') ? TRACE_FILE_DESC : missing.length ? TRACE_WAITS : null;
  return { missing, filtered, advice };
}

const MISSING_TEXT: Record<MissingKind, string> = { fsync: 'fsync', close: 'close', waits: 'waits (futex, poll, sleeps)' };

/** `fsync and close were not traced`, or null when nothing is missing. */
export function missingText(c: Pick<CaseUntraced, 'missing'>): string | null {
  if (!c.missing.length) return null;
  const names = c.missing.map((m) => MISSING_TEXT[m]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  return `${list} ${names.length > 1 ? 'were' : 'was'} not traced`;
}

/** What fills a case's gaps: "fsync and close were not traced — add `-e trace=%file,%desc`", or what else it can be. */
export function untracedWhy(c: Pick<CaseUntraced, 'missing' | 'filtered' | 'advice'>): string {
  const miss = missingText(c);
  if (miss) return `${miss}${c.advice ? ` — add \`${c.advice}\`` : ''}`;
  return `no traced call was running (computation${c.filtered ? ", or calls outside the trace's -e filter" : ', or I/O strace cannot see'})`;
}

/** Where a gap is: "2.29 s between write:/x (line 418) and the next traced call openat:/x (line 419)". */
export function gapWhere(g: Pick<UntracedGap, 'seconds' | 'before' | 'after'>): string {
  return `${durationSlot(g.seconds)} between ${callLabel(g.before)}${g.before.line ? ` (line ${g.before.line})` : ''} and the next traced call ${callLabel(g.after)}${g.after.line ? ` (line ${g.after.line})` : ''}`;
}

/** `write:/scratch/fpp.0` (the call and its file), or the call alone. */
export function callLabel(c: GapCall): string {
  return c.path ? `${c.call}:${c.path}` : c.call;
}

/**
 * One sentence for a gap: "2.29 s between write:/x (line 418) and the next traced call openat:/x (line 419);
 * fsync and close were not traced — add `-e trace=%file,%desc`", or "… : no call was running (computation, or
 * waits strace cannot see)" for an unfiltered trace.
 */
export function gapSentence(c: Pick<CaseUntraced, 'why'>, g: Pick<UntracedGap, 'where'>): string {
  return `${g.where}; ${c.why}`;
}

/** The untraced gaps of a timeline's rows in a range: one entry per (row, gap), times since t0. */
export interface RowGaps {
  row: Uint32Array;
  start: Float64Array;
  seconds: Float64Array;
  /** What the hover reads: the gap's sentence (gapSentence). */
  text: string[];
}

/** The gaps of each row's case (`rowCase`: case ids) that overlap [from, to] (seconds since t0). */
export function rowGaps(u: UntracedTime, rowCase: readonly string[], from: number, to: number): RowGaps {
  const byId = new Map(u.cases.map((c) => [c.id, c]));
  const row: number[] = [];
  const start: number[] = [];
  const seconds: number[] = [];
  const text: string[] = [];
  rowCase.forEach((id, r) => {
    const c = byId.get(id);
    if (!c) return;
    for (const g of c.gaps) {
      if (g.start > to || g.start + g.seconds < from) continue;
      row.push(r);
      start.push(g.start);
      seconds.push(g.seconds);
      text.push(gapSentence(c, g));
    }
  });
  return { row: Uint32Array.from(row), start: Float64Array.from(start), seconds: Float64Array.from(seconds), text };
}
