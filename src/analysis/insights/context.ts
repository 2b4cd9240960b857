/**
 * The one pass over the events that every insight rule reads: Darshan-like records per (case, file) —
 * counts, bytes, small requests, times, access pattern (fields.ts) — plus per-case and per-(call, fp)-pair
 * totals. Rules then aggregate the records of a scope (a run: docs/METHOD.md "Insights", "Runs").
 */
import { grown } from '../../lib/grown';
import type { EventLog } from '../../model';
import { accessKind, lastByte } from '../accessKind';
import { annotationKind, isAppPath } from '../systemFiles';
import { C_CLOSE, C_OPEN, C_READ, C_SEEK, C_SYNC, C_WRITE, callClass, isLookupClass, isMetaClass } from './calls';
import * as F from './fields';
import { phasesAndBusy, type PhaseBusy } from '../time/phases';
import type { Phases } from '../time/types';
import type { Thresholds } from './thresholds';
import type { FileAgg } from './files';
import type { Scope } from './scope';

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
  /** The I/O phases of the log under the mapping (docs/METHOD.md "Time"), computed on first use. */
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
  // lookup unless its fp is a file the case has open: then glibc's fstat by descriptor), 32 = application file
  const pairFlag = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    const c = pairCls[p];
    const name = log.calls[log.pairCall[p]];
    // a stat of a pipe, socket or other descriptor without a path (`1<pipe:[7]>`) looks no name up
    const named = annotationKind(log.paths[log.pairFp[p]]) === null;
    pairFlag[p] = (isMetaClass(c) ? 1 : 0) | (isLookupClass(c) && named ? 2 : 0) | (c === C_READ || c === C_WRITE || c === C_SYNC ? 4 : 0)
      | (PROCESS_CALLS.has(name) ? 8 : 0) | (STAT_AT.has(name) ? 16 : 0) | (appFile[log.pairFp[p]] ? 32 : 0);
  }
  const caseUnfiltered = new Uint8Array(K);
  const caseNoLseek = Uint8Array.from(log.cases, (c) => (log.files[c.file]?.flags?.lseekTraced === false ? 1 : 0));
  const enoent = log.errnos.indexOf('ENOENT');
  const offset = offsetsOf(log);

  const s = new Pass(log, t, K, P, E, side, pairCls, pairFlag, caseUnfiltered, enoent, offset);
  s.run();
  let ph: { phases: Phases; busy: PhaseBusy } | null = null;
  const both = () => (ph ??= phasesAndBusy(log, mapping, { t0 }));
  const sub = (a: Float64Array): Float64Array => a.subarray(1);
  return {
    phases: () => both().phases,
    phaseBusy: () => both().busy,
    files: new Map(),
    memo: new Map(),
    log, hasDurations: s.hasDurations, hasOffsets: s.hasOffsets, callCls,
    nRec: s.nRec, recCase: s.recCase.subarray(0, s.nRec), recFp: s.recFp.subarray(0, s.nRec), rec: s.rec.subarray(0, s.nRec * F.NF),
    caseLookups: sub(s.cLookups), caseLookupFail: sub(s.cLookupFail), caseLookupEnoent: sub(s.cLookupEnoent), caseLookupTime: sub(s.cLookupTime),
    caseStartLookups: sub(s.cStartLookups), caseStartLookupTime: sub(s.cStartLookupTime), caseLookupMax: sub(s.cLookupMax), caseStartLookupMax: sub(s.cStartLookupMax),
    caseMetaTime: sub(s.cMetaTime), caseIoTime: sub(s.cIoTime), caseBytes: sub(s.cBytes), caseTraced: sub(s.cTraced), caseWall: sub(s.cWall),
    pairCalls: s.pairCalls, pairFail: s.pairFail, pairErrno: s.pairErrno, pairCallsSide: s.pairCallsSide, pairFailSide: s.pairFailSide,
    pairFailTimeSide: s.pairFailTimeSide, caseSide: side, caseUnfiltered, caseNoLseek,
    activities: mapping.activities, pairAct: mapping.pairAct, appFile,
  };
}

/**
 * The pass over the events, case by case. V8 optimises the per-event loop while it runs (on-stack
 * replacement) and throws the optimised code away at the first operation that had not run before (a branch
 * the first events never took): each such deopt costs a recompile (~20 ms). So the record table starts small
 * (it grows in the first case already), a case's totals are stored at the start of the next case (from the
 * first case on) and the rare counters add 0 or 1 instead of branching (docs/BENCHMARKS.md).
 */
class Pass {
  cap = 16;
  rec = new Float64Array(16 * F.NF);
  recCase = new Int32Array(16);
  recFp = new Int32Array(16);
  nRec = 0;
  readonly fpRec: Int32Array;
  readonly fpRecCase: Int32Array;
  /** Per fp: descriptors of the current case open on it (opened and not closed in the trace). */
  readonly openCnt: Int32Array;
  readonly opened: number[] = [];
  // per case k at [k + 1]: [0] takes the totals of "case −1", stored when the first case starts
  readonly cLookups: Float64Array;
  readonly cLookupFail: Float64Array;
  readonly cLookupEnoent: Float64Array;
  readonly cLookupTime: Float64Array;
  readonly cStartLookups: Float64Array;
  readonly cStartLookupTime: Float64Array;
  readonly cLookupMax: Float64Array;
  readonly cStartLookupMax: Float64Array;
  readonly cMetaTime: Float64Array;
  readonly cIoTime: Float64Array;
  readonly cBytes: Float64Array;
  readonly cTraced: Float64Array;
  readonly cWall: Float64Array;
  readonly pairCalls: Float64Array;
  readonly pairFail: Float64Array;
  readonly pairCallsSide: Float64Array;
  readonly pairFailSide: Float64Array;
  readonly pairFailTimeSide: Float64Array;
  readonly pairErrno: InsightsContext['pairErrno'] = [new Map(), new Map(), new Map()];
  hasDurations = false;
  hasOffsets = false;
  /** Per pid (while another pid's calls run): the fp of its last call if that was an lseek (else −1), and its dur. */
  private readonly pidSeek = new Map<number, number>();
  private readonly pidSeekDur = new Map<number, number>();
  /** Last byte per (record, direction, pid) for the pids after a record's first (Darshan's per-process state). */
  private readonly lastOf = new Map<number, number>();
  private lookups = 0; private lookupFail = 0; private lookupEnoent = 0; private lookupTime = 0;
  private startLookups = 0; private startLookupTime = 0; private lookupMax = 0; private startLookupMax = 0; private metaTime = 0; private ioTime = 0; private bytes = 0;
  private traced = 0; private curS = NaN; private curE = NaN; private wallS = NaN; private wallE = NaN;

  constructor(
    private readonly log: EventLog, private readonly t: Thresholds, private readonly K: number, P: number, private readonly E: number,
    private readonly side: Uint8Array, private readonly pairCls: Uint8Array, private readonly pairFlag: Uint8Array,
    private readonly caseUnfiltered: Uint8Array, private readonly enoent: number, private readonly offset: Float64Array | null,
  ) {
    const nP = log.paths.length;
    this.fpRec = new Int32Array(nP);
    this.fpRecCase = new Int32Array(nP).fill(-1);
    this.openCnt = new Int32Array(nP);
    const perCase = (): Float64Array => new Float64Array(K + 1);
    this.cLookups = perCase(); this.cLookupFail = perCase(); this.cLookupEnoent = perCase(); this.cLookupTime = perCase();
    this.cStartLookups = perCase(); this.cStartLookupTime = perCase(); this.cLookupMax = perCase(); this.cStartLookupMax = perCase();
    this.cMetaTime = perCase(); this.cIoTime = perCase(); this.cBytes = perCase(); this.cTraced = perCase(); this.cWall = perCase();
    this.pairCalls = new Float64Array(P);
    this.pairFail = new Float64Array(P);
    this.pairCallsSide = new Float64Array(3 * P);
    this.pairFailSide = new Float64Array(3 * P);
    this.pairFailTimeSide = new Float64Array(3 * P);
  }

  /** Every case, then the last one's totals (the loop in a method: `this` is its receiver, not a constant
   * the optimised code of one call would hold on to). */
  run(): void {
    for (let k = -1; ++k <= this.K; ) if (!this.caseStep(k)) break;
  }

  /** Stores the totals of case k − 1 at [k], then (k < K) runs case k; false after the last. */
  caseStep(k: number): boolean {
    // NaN − NaN when the case had no known dur: no branch that only later cases take; −0 is a double
    const last = this.curE - this.curS;
    this.traced += last === last ? last : -0;
    this.cLookups[k] = this.lookups;
    this.cLookupFail[k] = this.lookupFail;
    this.cLookupEnoent[k] = this.lookupEnoent;
    this.cLookupTime[k] = this.lookupTime;
    this.cStartLookups[k] = this.startLookups;
    this.cStartLookupTime[k] = this.startLookupTime;
    this.cLookupMax[k] = this.lookupMax;
    this.cStartLookupMax[k] = this.startLookupMax;
    this.cMetaTime[k] = this.metaTime;
    this.cIoTime[k] = this.ioTime;
    this.cBytes[k] = this.bytes;
    this.cTraced[k] = this.traced;
    const wall = this.wallE - this.wallS;
    this.cWall[k] = wall === wall ? wall : 0;
    if (k === this.K) return false;
    this.lookups = this.lookupFail = this.lookupEnoent = this.lookupTime = this.startLookups = this.startLookupTime = this.lookupMax = this.startLookupMax = 0;
    this.metaTime = this.ioTime = this.bytes = this.traced = 0;
    this.curS = this.curE = this.wallS = this.wallE = NaN;
    for (const f of this.opened) this.openCnt[f] = 0;
    this.opened.length = 0;
    this.pidSeek.clear();
    this.pidSeekDur.clear();
    this.lastOf.clear();
    this.events(k);
    return true;
  }

  private record(k: number, f: number): number {
    if (this.fpRecCase[f] === k) return this.fpRec[f];
    if (this.nRec === this.cap) {
      this.cap *= 2;
      this.rec = grown(this.rec, this.cap * F.NF);
      this.recCase = grown(this.recCase, this.cap);
      this.recFp = grown(this.recFp, this.cap);
    }
    const r = this.nRec++;
    this.recCase[r] = k;
    this.recFp[r] = f;
    this.fpRec[f] = r;
    this.fpRecCase[f] = k;
    const o = r * F.NF;
    this.rec[o + F.R_MAX_R] = -1;
    this.rec[o + F.R_MAX_W] = -1;
    this.rec[o + F.R_PID] = -1;
    return r;
  }

  private events(k: number): void {
    const { log, pairCls, pairFlag, E, enoent, openCnt, pairCalls, pairCallsSide, pairFail, pairFailSide, pairFailTimeSide } = this;
    const { pair, errno, start, dur, size, pid, caseOffsets, pairFp } = log;
    const { offset, lastOf } = this;
    const small = this.t.small_bytes;
    const align = this.t.alignment;
    const P = pairCls.length;
    const sd = this.side[k];
    const sideBase = sd * P;
    const errMap = this.pairErrno[sd];
    // the case's totals in locals (registers), stored on `this` when the case ends
    let lookups = 0, lookupFail = 0, lookupEnoent = 0, lookupTime = 0, startLookups = 0, startLookupTime = 0, lookupMax = 0, startLookupMax = 0, metaTime = 0, ioTime = 0;
    let traced = 0, curS = NaN, curE = NaN, wallS = NaN, wallE = NaN, anyDur = false, unfiltered = 0, bytes = 0, anyOffset = false;
    let curPid = -1;
    let curSeek = -1;
    let seekDur = 0;
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      const p = pair[i];
      const cls = pairCls[p];
      const f = pairFp[p];
      const d = dur[i];
      const err = errno[i];
      const failed = err !== 0;
      const dKnown = d === d;
      // traced time: the union of the call intervals (events are sorted by start within a case)
      if (dKnown) {
        anyDur = true;
        const s = start[i];
        const e = s + d;
        if (!(curE >= s)) {
          if (curE === curE) traced += curE - curS;
          curS = s;
          curE = e;
        } else if (e > curE) curE = e;
        if (!(wallS <= s)) wallS = s;
        if (!(wallE >= e)) wallE = e;
      }
      const dd = dKnown ? d : 0;
      pairCalls[p]++;
      pairCallsSide[sideBase + p]++;
      const flag = pairFlag[p];
      unfiltered |= flag & 8;
      if (failed) {
        pairFail[p]++;
        pairFailSide[sideBase + p]++;
        pairFailTimeSide[sideBase + p] += dd;
        const key = p * E + err;
        errMap.set(key, (errMap.get(key) ?? 0) + 1);
      }
      const meta = (flag & 1) !== 0;
      if (meta) metaTime += dd;
      if (flag & 5) ioTime += dd;
      // a lookup: of a name (newfstatat & co. on a file the case has open: glibc's fstat by descriptor, no lookup)
      const look = (flag & 2) !== 0 && !((flag & 16) !== 0 && openCnt[f] > 0);
      if (look) {
        if (flag & 32) {
          lookups++;
          lookupTime += dd;
          if (dd > lookupMax) lookupMax = dd;
          lookupFail += failed ? 1 : 0;
          lookupEnoent += err === enoent ? 1 : 0;
        } else {
          startLookups++;
          startLookupTime += dd;
          if (dd > startLookupMax) startLookupMax = dd;
        }
      }
      // lseek directly followed (same pid) by a read or write on the same file
      const pd = pid[i];
      if (pd !== curPid) {
        if (curPid !== -1) {
          this.pidSeek.set(curPid, curSeek);
          this.pidSeekDur.set(curPid, seekDur);
        }
        curSeek = this.pidSeek.get(pd) ?? -1;
        seekDur = this.pidSeekDur.get(pd) ?? 0;
        curPid = pd;
      }
      const seekPair = (cls === C_READ || cls === C_WRITE) && curSeek === f && f !== 0;
      curSeek = cls === C_SEEK ? f : -1;
      const pairSeekDur = seekDur;
      seekDur = dd;
      if (f === 0) continue;
      const r = this.fpRecCase[f] === k ? this.fpRec[f] : this.record(k, f);
      const rec = this.rec;
      const o = r * F.NF;
      rec[o + F.R_CALLS]++;
      if (failed) rec[o + F.R_FAIL]++;
      if (meta) rec[o + F.R_MTIME] += dd;
      if (dd > rec[o + F.R_MAXDUR]) rec[o + F.R_MAXDUR] = dd;
      if (look) {
        rec[o + F.R_LOOKUPS]++;
        if (failed) rec[o + F.R_LOOKUP_FAIL]++;
      }
      if (seekPair) {
        rec[o + F.R_SEEKPAIRS]++;
        rec[o + F.R_SEEK_TIME] += pairSeekDur;
      }
      if (cls === C_READ || cls === C_WRITE) {
        // a read (w = 0) or write (w = 1): each read field is followed by its write field (fields.ts)
        const w = cls === C_READ ? 0 : 1;
        const z = size[i];
        const n = z === z ? z : 0;
        const ok = !failed && z >= 0;
        bytes += n;
        const isSmall = ok && z < small ? 1 : 0;
        rec[o + F.R_READS + w] += ok ? 1 : 0;
        rec[o + F.R_RBYTES + w] += n;
        rec[o + F.R_RTIME + w] += dd;
        rec[o + F.R_SMALL_R + w] += isSmall;
        rec[o + F.R_SMALL_RTIME + w] += isSmall * dd;
        if (!ok) continue;
        const off = offset === null ? NaN : offset[i];
        if (off !== off) {
          rec[o + F.R_UNKNOWN_R + w]++;
          continue;
        }
        anyOffset = true;
        const mis = off % align !== 0 ? 1 : 0;
        rec[o + F.R_MISALIGNED] += mis;
        rec[o + F.R_MIS_TIME] += mis * dd;
        // Darshan's last byte per process: the record's first pid in the record, the others in a map
        let last: number;
        let first = rec[o + F.R_PID];
        if (first === -1) rec[o + F.R_PID] = first = pd;
        if (first === pd) {
          last = rec[o + F.R_LAST_R + w];
          rec[o + F.R_LAST_R + w] = lastByte(off, n);
        } else {
          // pids < 2^22, records < 2^29: the key is exact
          const key = (r * 2 + w) * 4194304 + (pd & 0x3fffff);
          last = lastOf.get(key) ?? 0;
          lastOf.set(key, lastByte(off, n));
        }
        const kind = accessKind(off, last);
        rec[o + F.R_KNOWN_R + w]++;
        rec[o + F.R_CONSEC_R + w] += kind === 0 ? 1 : 0;
        rec[o + F.R_SEQ_R + w] += kind === 1 ? 1 : 0;
        rec[o + F.R_RAND_RTIME + w] += kind === 2 ? dd : 0;
        const end = off + n;
        if (n > 0 && end > rec[o + F.R_MAX_R + w]) rec[o + F.R_MAX_R + w] = end;
      } else if (cls === C_SYNC) {
        rec[o + F.R_SYNCS]++;
        rec[o + F.R_WTIME] += dd;
        rec[o + F.R_SYNC_TIME] += dd;
      } else if (cls === C_OPEN) {
        if (!failed) {
          rec[o + F.R_OPENS]++;
          if (openCnt[f]++ === 0) this.opened.push(f);
        }
      } else if (cls === C_CLOSE) {
        if (!failed && openCnt[f] > 0) openCnt[f]--;
      }
    }
    this.lookups = lookups;
    this.lookupFail = lookupFail;
    this.lookupEnoent = lookupEnoent;
    this.lookupTime = lookupTime;
    this.startLookups = startLookups;
    this.startLookupTime = startLookupTime;
    this.lookupMax = lookupMax;
    this.startLookupMax = startLookupMax;
    this.metaTime = metaTime;
    this.ioTime = ioTime;
    this.traced = traced;
    this.curS = curS;
    this.curE = curE;
    this.wallS = wallS;
    this.wallE = wallE;
    this.bytes = bytes;
    if (anyDur) this.hasDurations = true;
    if (anyOffset) this.hasOffsets = true;
    if (unfiltered) this.caseUnfiltered[k] = 1;
  }
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
