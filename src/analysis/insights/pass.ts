/**
 * The insights context's one pass over the events (context.ts buildContext): per (case, file) the
 * Darshan-like records of fields.ts, per case and per (call, fp) pair the totals the rules read.
 */
import { grown } from '../../lib/grown';
import type { EventLog } from '../../model';
import { accessKind, lastByte } from '../accessKind';
import { C_CLOSE, C_OPEN, C_READ, C_SEEK, C_SYNC, C_WRITE } from './calls';
import type { InsightsContext } from './context';
import * as F from './fields';
import type { Thresholds } from './thresholds';

/**
 * The pass over the events, case by case. V8 optimises the per-event loop while it runs (on-stack
 * replacement) and throws the optimised code away at the first operation that had not run before (a branch
 * the first events never took): each such deopt costs a recompile (~20 ms). So the record table starts small
 * (it grows in the first case already), a case's totals are stored at the start of the next case (from the
 * first case on) and the rare counters add 0 or 1 instead of branching (docs/BENCHMARKS.md).
 */
export class Pass {
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
    const alignMask = align >= 1 && align <= 4294967296 && Math.floor(align) === align && (align & (align - 1)) === 0 ? align - 1 : -1;
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
        // off % align as a mask of the low word when align is a power of two ≤ 2³² and off an integer < 2⁵³
        // (ToUint32 keeps off's low 32 bits exactly); the floating-point remainder is a call, ~17 % of the pass
        const mis = (alignMask >= 0 && off >= 0 && off <= 9007199254740991 && off === Math.floor(off) ? (off >>> 0) & alignMask : off % align) !== 0 ? 1 : 0;
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
