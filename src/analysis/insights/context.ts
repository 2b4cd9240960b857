/**
 * The one pass over the events that every insight rule reads: Darshan-like records per (case, file) —
 * counts, bytes, small requests, times, access pattern (fields.ts) — plus per-case and per-(call, fp)-pair
 * totals (the pass itself: pass.ts). Rules then aggregate the records of a scope (a run: docs/METHOD.md
 * "Insights", "Runs").
 */
import type { EventLog } from '../../model';
import { annotationKind, isAppPath } from '../systemFiles';
import { C_OPEN, C_READ, C_SYNC, C_WRITE, callClass, isLookupClass, isMetaClass } from './calls';
import * as F from './fields';
import { phaseGap, phasesOfCells, type PhaseBusy } from '../time/phases';
import { PhaseCells, spanFloor } from '../time/phaseCells';
import { pairSelection, spanOfEnds, spanT0 } from '../time/span';
import type { Phases } from '../time/types';
import type { Thresholds } from './thresholds';
import type { FileAgg } from './files';
import type { Scope } from './scope';
import { Pass } from './pass';
import { primePass } from './passPrime';

export * from './fields';
export { makeScope, scopeOf, type Scope } from './scope';

export interface InsightsContext {
  log: EventLog;
  /** Whether durations / offsets are known at all. */
  hasDurations: boolean;
  hasOffsets: boolean;
  /** Per call id: class (calls.ts). */
  callCls: Uint8Array;
  // ---- records ----
  nRec: number;
  recCase: Int32Array;
  recFp: Int32Array;
  /** nRec × NF values. */
  rec: Float64Array;
  // ---- per case ----
  /** Name lookups on the application's files (isAppPath), failing ones, ENOENT ones, their time. */
  caseLookups: Float64Array;
  caseLookupFail: Float64Array;
  caseLookupEnoent: Float64Array;
  caseLookupTime: Float64Array;
  /** The longest single lookup of the application's files, and of system and runtime files (T01: a storm is not one call). */
  caseLookupMax: Float64Array;
  caseStartLookupMax: Float64Array;
  /** Lookups of system and runtime files (the loader, /sys, /proc, imports: start-up), and their time. */
  caseStartLookups: Float64Array;
  caseStartLookupTime: Float64Array;
  caseMetaTime: Float64Array;
  /** Σ dur of read, write, sync and metadata calls. */
  caseIoTime: Float64Array;
  caseBytes: Float64Array;
  /** Union of the [start, start + dur) intervals of all calls (traced time) and first start → last end. */
  caseTraced: Float64Array;
  caseWall: Float64Array;
  /** Per case: its latest event end (start + dur, the start when dur is unknown; absolute; −Infinity without events). */
  caseEnd: Float64Array;
  // ---- per (call, fp) pair ----
  pairCalls: Float64Array;
  pairFail: Float64Array;
  /** Failing calls per (pair, errno): key pair × errnos.length + errno. Per case side 0/1/2. */
  pairErrno: [Map<number, number>, Map<number, number>, Map<number, number>];
  /** Per pair, per case side (3 × pairs): calls, failing calls and the time of the failing calls. */
  pairCallsSide: Float64Array;
  pairFailSide: Float64Array;
  pairFailTimeSide: Float64Array;
  /** Per case: 0 none, 1 green, 2 red. */
  caseSide: Uint8Array;
  /** Per case: the trace holds process-level calls (execve, mmap, brk…): it was not filtered with -e. */
  caseUnfiltered: Uint8Array;
  /** Per case: its trace was filtered without lseek, so read/write positions are unknown (FileReport flags). */
  caseNoLseek: Uint8Array;
  /** Per fp id: one of the application's files (systemFiles.ts isAppPath: not a system or runtime file). */
  appFile: Uint8Array;
  /** The mapping: activity per pair (−1 unmapped). */
  activities: string[];
  pairAct: Int32Array;
  /** The I/O phases of the log under the mapping (docs/METHOD.md "Time"): phasesAndBusy's, from the cells the
   * pass filled (time/phaseCells.ts), their walk made on first use. */
  phases(): Phases;
  /** Per case and phase the busy time of those phases, as the time views count it (T07). */
  phaseBusy(): PhaseBusy;
  /** Per scope, its files (files.ts filesOf: built once per context and scope, shared by the rules). */
  files: Map<Scope, { all: FileAgg[]; app?: FileAgg[] }>;
  /** What a rule builds once per context and key (e.g. its code and the scope's cases) and shares with others:
   * kept here, so it dies with the context (no module-level cache). */
  memo: Map<string, unknown>;
}

/** Darshan's default DARSHAN_EXCLUDE_DIRS (what Drishti never sees); the rules use isAppPath, which covers them. */
export const DARSHAN_EXCLUDED = ['/etc/', '/dev/', '/usr/', '/bin/', '/boot/', '/lib/', '/lib64/', '/opt/', '/sbin/', '/sys/', '/proc/', '/var/', '/run/'];

/** The application's files (systemFiles.ts: neither system nor runtime files). */
export function isAppFile(path: string): boolean {
  return isAppPath(path);
}

/** Calls every unfiltered trace of a program has; none of them in a case means `-e trace=` filtered it. */
const PROCESS_CALLS = new Set(['execve', 'brk', 'mmap', 'munmap', 'mprotect', 'arch_prctl', 'rt_sigaction', 'clone', 'clone3', 'exit_group', 'set_tid_address']);
/** Calls that look a name up, or — given a descriptor and an empty path (AT_EMPTY_PATH) — stat it: glibc's fstat. */
const STAT_AT = new Set(['newfstatat', 'fstatat64', 'statx']);

/** The per-event offset column when the log has one (position where the transfer starts; NaN unknown). */
export function offsetsOf(log: EventLog): Float64Array | null {
  const o = (log as EventLog & { offset?: Float64Array }).offset;
  return o instanceof Float64Array && o.length === log.n ? o : null;
}

/** `t0`: time 0 of the phases (default the log's earliest event start; the session passes its loaded log's, as the time views use). */
export function buildContext(log: EventLog, t: Thresholds, caseSide: Uint8Array | null, mapping: { activities: string[]; pairAct: Int32Array }, t0?: number): InsightsContext {
  const K = log.cases.length;
  const P = log.pairCall.length;
  const E = log.errnos.length;
  const side = caseSide ?? new Uint8Array(K);
  const callCls = new Uint8Array(log.calls.length);
  log.calls.forEach((c, i) => (callCls[i] = callClass(c)));
  const appFile = Uint8Array.from(log.paths, (p) => (isAppPath(p) ? 1 : 0));
  const pairCls = new Uint8Array(P);
  for (let p = 0; p < P; p++) pairCls[p] = callCls[log.pairCall[p]];
  // per pair: 1 = metadata call, 2 = lookup, 4 = read/write/sync (I/O time), 8 = process call, 16 = stat-at (a
  // lookup unless its fp is a file the case has open: then glibc's fstat by descriptor), 32 = application file,
  // 64 = counted in the I/O phases (mapped: phasesAndBusy's events)
  const on = pairSelection(mapping.pairAct, mapping.activities, undefined);
  const pairFlag = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    const c = pairCls[p];
    const name = log.calls[log.pairCall[p]];
    // a stat of a pipe, socket or other descriptor without a path (`1<pipe:[7]>`) looks no name up
    const named = annotationKind(log.paths[log.pairFp[p]]) === null;
    pairFlag[p] = (isMetaClass(c) ? 1 : 0) | (isLookupClass(c) && named ? 2 : 0) | (c === C_READ || c === C_WRITE || c === C_SYNC ? 4 : 0)
      | (PROCESS_CALLS.has(name) ? 8 : 0) | (STAT_AT.has(name) ? 16 : 0) | (appFile[log.pairFp[p]] ? 32 : 0) | (on[p] ? 64 : 0);
  }
  const caseUnfiltered = new Uint8Array(K);
  const caseNoLseek = Uint8Array.from(log.cases, (c) => (log.files[c.file]?.flags?.lseekTraced === false ? 1 : 0));
  const enoent = log.errnos.indexOf('ENOENT');
  const offset = offsetsOf(log);

  // the phases' cells before the run span is known: the width of the gap of a span no longer (phaseCells.ts)
  const runT0 = spanT0(log);
  const pt0 = t0 ?? runT0;
  const floor = spanFloor(log, pt0);
  const cells = new PhaseCells(pt0, phaseGap(floor) / 2, floor, K);
  primePass();
  const s = new Pass(log, t, K, P, E, side, pairCls, pairFlag, caseUnfiltered, enoent, offset, cells);
  s.run();
  const sub = (a: Float64Array): Float64Array => a.subarray(1);
  let ph: { phases: Phases; busy: PhaseBusy } | null = null;
  // phasesAndBusy(log, mapping, { t0 }, run) from the pass: the run span from its per-case latest ends, the
  // cells and the one-phase busy times it filled (only several phases read the events again: phaseBusy)
  const both = () => {
    if (ph) return ph;
    const run = spanOfEnds(log, sub(s.cEnd));
    const span = run.span + (run.t0 - pt0);
    return (ph = phasesOfCells(log, on, cells, span, phaseGap(span)));
  };
  return {
    phases: () => both().phases,
    phaseBusy: () => both().busy,
    files: new Map(),
    memo: new Map(),
    log, hasDurations: s.hasDurations, hasOffsets: s.hasOffsets, callCls,
    nRec: s.nRec, recCase: s.recCase.subarray(0, s.nRec), recFp: s.recFp.subarray(0, s.nRec), rec: s.rec.subarray(0, s.nRec * F.NF),
    caseLookups: sub(s.cLookups), caseLookupFail: sub(s.cLookupFail), caseLookupEnoent: sub(s.cLookupEnoent), caseLookupTime: sub(s.cLookupTime),
    caseStartLookups: sub(s.cStartLookups), caseStartLookupTime: sub(s.cStartLookupTime), caseLookupMax: sub(s.cLookupMax), caseStartLookupMax: sub(s.cStartLookupMax),
    caseMetaTime: sub(s.cMetaTime), caseIoTime: sub(s.cIoTime), caseBytes: sub(s.cBytes), caseTraced: sub(s.cTraced), caseWall: sub(s.cWall), caseEnd: sub(s.cEnd),
    pairCalls: s.pairCalls, pairFail: s.pairFail, pairErrno: s.pairErrno, pairCallsSide: s.pairCallsSide, pairFailSide: s.pairFailSide,
    pairFailTimeSide: s.pairFailTimeSide, caseSide: side, caseUnfiltered, caseNoLseek,
    activities: mapping.activities, pairAct: mapping.pairAct, appFile,
  };
}

export { filesOf, filesBuilt, total, type FileAgg } from './files';

/** Per case of the scope: the sum of one record field (over all its files, or those `only` keeps). */
export function perCase(ctx: InsightsContext, scope: { has: Uint8Array }, field: number, only?: (fp: number) => boolean): Float64Array {
  const out = new Float64Array(ctx.log.cases.length);
  for (let r = 0; r < ctx.nRec; r++) {
    const k = ctx.recCase[r];
    if (!scope.has[k] || (only && !only(ctx.recFp[r]))) continue;
    out[k] += ctx.rec[r * F.NF + field];
  }
  return out;
}

export { C_OPEN, C_READ, C_WRITE };
