/**
 * The one pass over the events that every insight rule reads: Darshan-like records per (case, file) —
 * counts, bytes, small requests, times, access pattern — plus per-case and per-(call, fp)-pair totals.
 * Rules then aggregate the records of a scope (all cases, or one side of a partition).
 */
import { grown } from '../../lib/grown';
import type { EventLog } from '../../model';
import { C_CLOSE, C_OPEN, C_READ, C_SEEK, C_SYNC, C_WRITE, callClass, isLookupClass, isMetaClass } from './calls';
import { phaseBusyOf, phases as ioPhases, type PhaseBusy } from '../time/phases';
import type { Phases } from '../time/types';
import type { Thresholds } from './thresholds';

// ---- fields of a (case, file) record ----
export const R_CALLS = 0;
export const R_FAIL = 1;
export const R_READS = 2;
export const R_WRITES = 3;
export const R_RBYTES = 4;
export const R_WBYTES = 5;
export const R_SMALL_R = 6;
export const R_SMALL_W = 7;
export const R_RTIME = 8;
export const R_WTIME = 9;
export const R_MTIME = 10;
export const R_LOOKUPS = 11;
export const R_LOOKUP_FAIL = 12;
export const R_OPENS = 13;
export const R_SYNCS = 14;
export const R_SEEKPAIRS = 15;
/** Reads / writes whose offset is known, and their access pattern (Darshan's consecutive, sequential). */
export const R_KNOWN_R = 16;
export const R_CONSEC_R = 17;
export const R_SEQ_R = 18;
export const R_KNOWN_W = 19;
export const R_CONSEC_W = 20;
export const R_SEQ_W = 21;
/** Requests (reads + writes) with a known offset not a multiple of the alignment. */
export const R_MISALIGNED = 22;
/** Highest byte end read / written (offset + size), −1 = none known. */
export const R_MAX_R = 23;
export const R_MAX_W = 24;
// state, not results
const R_LAST_R = 25;
const R_LAST_W = 26;
export const NF = 27;

export interface Scope {
  name: 'all' | 'green' | 'red';
  /** Case sides (0 none, 1 green, 2 red) in the scope. */
  sides: number[];
  /** Case indices in the scope. */
  cases: number[];
  /** Per case: in the scope. */
  has: Uint8Array;
}

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
  caseLookups: Float64Array;
  caseLookupFail: Float64Array;
  caseLookupEnoent: Float64Array;
  caseLookupTime: Float64Array;
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
  /** Per pair, per case side (3 × pairs): calls and failing calls. */
  pairCallsSide: Float64Array;
  pairFailSide: Float64Array;
  /** Per case: 0 none, 1 green, 2 red. */
  caseSide: Uint8Array;
  /** Per case: the trace holds process-level calls (execve, mmap, brk…): it was not filtered with -e. */
  caseUnfiltered: Uint8Array;
  /** Per fp id: a file Darshan would record (an absolute path outside its default excluded directories). */
  appFile: Uint8Array;
  /** The mapping: activity per pair (−1 unmapped). */
  activities: string[];
  pairAct: Int32Array;
  /** The I/O phases of the log under the mapping (docs/METHOD.md "Time"), computed on first use. */
  phases(): Phases;
  /** Per case and phase the busy time of those phases, as the time views count it (T07). */
  phaseBusy(): PhaseBusy;
}

/** Darshan's default DARSHAN_EXCLUDE_DIRS: files there are not recorded, so Drishti never sees them. */
export const DARSHAN_EXCLUDED = ['/etc/', '/dev/', '/usr/', '/bin/', '/boot/', '/lib/', '/lib64/', '/opt/', '/sbin/', '/sys/', '/proc/', '/var/', '/run/'];

export function isAppFile(path: string): boolean {
  return path.startsWith('/') && !DARSHAN_EXCLUDED.some((d) => path.startsWith(d));
}

/** Calls every unfiltered trace of a program has; none of them in a case means `-e trace=` filtered it. */
const PROCESS_CALLS = new Set(['execve', 'brk', 'mmap', 'munmap', 'mprotect', 'arch_prctl', 'rt_sigaction', 'clone', 'clone3', 'exit_group', 'set_tid_address']);

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
  const pairCls = new Uint8Array(P);
  for (let p = 0; p < P; p++) pairCls[p] = callCls[log.pairCall[p]];
  const pairProc = new Uint8Array(P);
  for (let p = 0; p < P; p++) pairProc[p] = PROCESS_CALLS.has(log.calls[log.pairCall[p]]) ? 1 : 0;
  // per pair: 1 = metadata call, 2 = lookup, 4 = read/write/sync (I/O time)
  const pairFlag = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    const c = pairCls[p];
    pairFlag[p] = (isMetaClass(c) ? 1 : 0) | (isLookupClass(c) ? 2 : 0) | (c === C_READ || c === C_WRITE || c === C_SYNC ? 4 : 0);
  }
  const caseUnfiltered = new Uint8Array(K);
  const enoent = log.errnos.indexOf('ENOENT');

  const { pair, errno, start, dur, size, pid, caseOffsets, pairFp } = log;
  const offset = offsetsOf(log);
  const small = t.small_bytes;
  const align = t.alignment;

  // V8 optimises this loop while it runs (on-stack replacement) and throws the optimised code away at the
  // first operation that had not run before (a branch the first events never took): each such deopt costs a
  // recompile of the whole loop (~20 ms). So the record table starts small (it grows in the first case
  // already), a case's totals are stored at the start of the next case (from the first case on) and the rare
  // counters add 0 or 1 instead of branching (docs/BENCHMARKS.md: cold 145 → … ms on 1.9 M events).
  let cap = 16;
  let rec = new Float64Array(cap * NF);
  let recCase = new Int32Array(cap);
  let recFp = new Int32Array(cap);
  let nRec = 0;
  const fpRec = new Int32Array(log.paths.length);
  const fpRecCase = new Int32Array(log.paths.length).fill(-1);

  // per case k at [k + 1]: [0] takes the totals of "case −1", stored when the first case starts
  const caseLookups = new Float64Array(K + 1);
  const caseLookupFail = new Float64Array(K + 1);
  const caseLookupEnoent = new Float64Array(K + 1);
  const caseLookupTime = new Float64Array(K + 1);
  const caseMetaTime = new Float64Array(K + 1);
  const caseIoTime = new Float64Array(K + 1);
  const caseBytes = new Float64Array(K + 1);
  const caseTraced = new Float64Array(K + 1);
  const caseWall = new Float64Array(K + 1);
  const pairCalls = new Float64Array(P);
  const pairFail = new Float64Array(P);
  const pairCallsSide = new Float64Array(3 * P);
  const pairFailSide = new Float64Array(3 * P);
  const pairErrno: InsightsContext['pairErrno'] = [new Map(), new Map(), new Map()];
  let hasDurations = false;
  let hasOffsets = false;
  const pidSeek = new Map<number, number>();

  let lookups = 0, lookupFail = 0, lookupEnoent = 0, lookupTime = 0, metaTime = 0, ioTime = 0, bytes = 0;
  let traced = 0, curS = NaN, curE = NaN, wallS = NaN, wallE = NaN;
  // k = K only stores the last case's totals; the increment comes first, so it has run before the loop below does
  for (let k = -1; ++k <= K; ) {
    // the totals of case k − 1, at [k] (NaN − NaN when it had no known dur: no branch that only later cases take;
    // −0 is a double, so the addition is compiled for doubles from the first case on)
    const last = curE - curS;
    traced += last === last ? last : -0;
    caseLookups[k] = lookups;
    caseLookupFail[k] = lookupFail;
    caseLookupEnoent[k] = lookupEnoent;
    caseLookupTime[k] = lookupTime;
    caseMetaTime[k] = metaTime;
    caseIoTime[k] = ioTime;
    caseBytes[k] = bytes;
    caseTraced[k] = traced;
    const wall = wallE - wallS;
    caseWall[k] = wall === wall ? wall : 0;
    if (k === K) break;
    lookups = lookupFail = lookupEnoent = lookupTime = metaTime = ioTime = bytes = traced = 0;
    curS = curE = wallS = wallE = NaN;
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    const sd = side[k];
    const sideBase = sd * P;
    const errMap = pairErrno[sd];
    pidSeek.clear();
    let curPid = -1;
    let curSeek = -1;
    for (let i = a; i < b; i++) {
      const p = pair[i];
      const cls = pairCls[p];
      const f = pairFp[p];
      const d = dur[i];
      const s = start[i];
      const failed = errno[i] !== 0;
      const dKnown = d === d;
      // traced time: the union of the call intervals (events are sorted by start within a case)
      if (dKnown) {
        hasDurations = true;
        const e = s + d;
        if (!(curE >= s)) {
          if (curE === curE) traced += curE - curS;
          curS = s;
          curE = e;
        } else if (e > curE) curE = e;
        if (!(wallS <= s)) wallS = s;
        if (!(wallE >= e)) wallE = e;
      }
      pairCalls[p]++;
      pairCallsSide[sideBase + p]++;
      if (pairProc[p]) caseUnfiltered[k] = 1;
      if (failed) {
        pairFail[p]++;
        pairFailSide[sideBase + p]++;
        const key = p * E + errno[i];
        errMap.set(key, (errMap.get(key) ?? 0) + 1);
      }
      const dd = dKnown ? d : 0;
      const flag = pairFlag[p];
      const meta = (flag & 1) !== 0;
      if (meta) metaTime += dd;
      if (flag & 5) ioTime += dd;
      const look = (flag & 2) !== 0;
      if (look) {
        lookups++;
        lookupTime += dd;
        if (failed) {
          lookupFail++;
          if (errno[i] === enoent) lookupEnoent++;
        }
      }
      // lseek directly followed (same pid) by a read or write on the same file
      const pd = pid[i];
      if (pd !== curPid) {
        if (curPid !== -1) pidSeek.set(curPid, curSeek);
        curSeek = pidSeek.get(pd) ?? -1;
        curPid = pd;
      }
      const seekPair = (cls === C_READ || cls === C_WRITE) && curSeek === f && f !== 0;
      curSeek = cls === C_SEEK ? f : -1;
      if (f === 0) continue;
      // the (case, file) record
      let r: number;
      if (fpRecCase[f] === k) r = fpRec[f];
      else {
        if (nRec === cap) {
          cap *= 2;
          rec = grown(rec, cap * NF);
          recCase = grown(recCase, cap);
          recFp = grown(recFp, cap);
        }
        r = nRec++;
        recCase[r] = k;
        recFp[r] = f;
        fpRec[f] = r;
        fpRecCase[f] = k;
        const o = r * NF;
        rec[o + R_MAX_R] = -1;
        rec[o + R_MAX_W] = -1;
      }
      const o = r * NF;
      rec[o + R_CALLS]++;
      if (failed) rec[o + R_FAIL]++;
      if (meta) rec[o + R_MTIME] += dd;
      if (look) {
        rec[o + R_LOOKUPS]++;
        if (failed) rec[o + R_LOOKUP_FAIL]++;
      }
      if (seekPair) rec[o + R_SEEKPAIRS]++;
      if (cls === C_READ || cls === C_WRITE) {
        const z = size[i];
        const n = z === z ? z : 0;
        bytes += n;
        const isR = cls === C_READ;
        if (isR) {
          rec[o + R_READS]++;
          rec[o + R_RBYTES] += n;
          rec[o + R_RTIME] += dd;
          rec[o + R_SMALL_R] += z < small ? 1 : 0; // NaN: not small
        } else {
          rec[o + R_WRITES]++;
          rec[o + R_WBYTES] += n;
          rec[o + R_WTIME] += dd;
          rec[o + R_SMALL_W] += z < small ? 1 : 0;
        }
        if (offset !== null) {
          const off = offset[i];
          if (off === off) {
            hasOffsets = true;
            rec[o + R_MISALIGNED] += off % align !== 0 ? 1 : 0;
            const end = off + n;
            const last = isR ? R_LAST_R : R_LAST_W;
            const prev = rec[o + last];
            if (isR) {
              rec[o + R_KNOWN_R]++;
              rec[o + R_CONSEC_R] += off === prev ? 1 : 0;
              rec[o + R_SEQ_R] += off > prev ? 1 : 0;
              if (n > 0 && end > rec[o + R_MAX_R]) rec[o + R_MAX_R] = end;
            } else {
              rec[o + R_KNOWN_W]++;
              rec[o + R_CONSEC_W] += off === prev ? 1 : 0;
              rec[o + R_SEQ_W] += off > prev ? 1 : 0;
              if (n > 0 && end > rec[o + R_MAX_W]) rec[o + R_MAX_W] = end;
            }
            rec[o + last] = end;
          }
        }
      } else if (cls === C_SYNC) {
        rec[o + R_SYNCS]++;
        rec[o + R_WTIME] += dd;
      } else if (cls === C_OPEN) {
        if (!failed) rec[o + R_OPENS]++;
      } else if (cls === C_CLOSE) {
        // nothing beyond metadata time
      }
    }
  }
  const appFile = Uint8Array.from(log.paths, (p) => (isAppFile(p) ? 1 : 0));
  let ph: Phases | null = null;
  let busy: PhaseBusy | null = null;
  const phases = (): Phases => (ph ??= ioPhases(log, mapping, { t0 }));
  return {
    phases,
    phaseBusy: () => (busy ??= phaseBusyOf(log, mapping, phases())),
    log, hasDurations, hasOffsets, callCls,
    nRec, recCase: recCase.subarray(0, nRec), recFp: recFp.subarray(0, nRec), rec: rec.subarray(0, nRec * NF),
    caseLookups: caseLookups.subarray(1), caseLookupFail: caseLookupFail.subarray(1), caseLookupEnoent: caseLookupEnoent.subarray(1),
    caseLookupTime: caseLookupTime.subarray(1), caseMetaTime: caseMetaTime.subarray(1), caseIoTime: caseIoTime.subarray(1),
    caseBytes: caseBytes.subarray(1), caseTraced: caseTraced.subarray(1), caseWall: caseWall.subarray(1),
    pairCalls, pairFail, pairErrno, pairCallsSide, pairFailSide, caseSide: side, caseUnfiltered,
    activities: mapping.activities, pairAct: mapping.pairAct, appFile,
  };
}

export function makeScope(name: Scope['name'], caseSide: Uint8Array, sides: number[]): Scope {
  const K = caseSide.length;
  const has = new Uint8Array(K);
  const cases: number[] = [];
  for (let k = 0; k < K; k++) {
    if (sides.includes(caseSide[k])) {
      has[k] = 1;
      cases.push(k);
    }
  }
  return { name, sides, cases, has };
}

export { filesOf, filesBuilt, total, type FileAgg } from './files';

/** Per case of the scope: the sum of one record field (over all its files, or those `only` keeps). */
export function perCase(ctx: InsightsContext, scope: Scope, field: number, only?: (fp: number) => boolean): Float64Array {
  const out = new Float64Array(ctx.log.cases.length);
  for (let r = 0; r < ctx.nRec; r++) {
    const k = ctx.recCase[r];
    if (!scope.has[k] || (only && !only(ctx.recFp[r]))) continue;
    out[k] += ctx.rec[r * NF + field];
  }
  return out;
}

export { C_OPEN, C_READ, C_WRITE };
