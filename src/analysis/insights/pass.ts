/**
 * The insights context's one pass over the events (context.ts buildContext): per (case, file) the
 * Darshan-like records of fields.ts, per case and per (call, fp) pair the totals the rules read.
 */
import { grown } from '../../lib/grown';
import type { EventLog } from '../../model';
import type { PhaseCells } from '../time/phaseCells';
import { accessKind, lastByte } from '../accessKind';
import { C_CLOSE, C_OPEN, C_READ, C_SEEK, C_SYNC, C_WRITE } from './calls';
import type { InsightsContext } from './context';
import * as F from './fields';
import type { Thresholds } from './thresholds';

/**
 * The pass over the events: a call per case (`caseEvents`), its totals in locals stored after its loop. V8
 * optimises the per-event loop while it runs (on-stack replacement) and throws the optimised code away at the
 * first operation that had not run before (a branch the first events never took, code after the loop): the
 * pass is primed on a tiny log first (passPrime.ts), so every path has type feedback before the real log; the
 * record table starts small (it grows in the first case already), the descriptors open per (case, file) are
 * counted with a case stamp instead of being reset, and the rare counters add 0 or 1 instead of branching.
 * Why a call per case and not one loop over all events with the case boundaries inside (2026-11-29, perf7i
 * to perf8e): the code V8 compiles on stack (OSR) for that loop allocated ~190 MB of heap objects on the
 * 239 MB bench set (~50 scavenges; V8's sampling heap profiler, collected objects included: the loop's
 * numbers kept boxed, as far as we can tell), and one loop runs every event in it; with a call per case only
 * the first case runs in it, the later ones in the function's own optimised code: 18 MB in all
 * (docs/BENCHMARKS.md "perf8e").
 */
export class Pass {
  /**
   * The thread's last prime pass (passPrime.ts: of the tiny prime log, a few KB), kept for good. V8's optimised
   * code of the pass holds the hidden classes (maps) of its objects weakly — the Pass's own last map and its
   * phase cells' (the ends of their field transitions) included: a major GC that finds no Pass alive (the
   * bench's gc() before each round, any GC between two analyses) killed them and threw the pass's code away
   * ("weak objects"), and the next pass ran in the interpreter and with cleared feedback (OSR code bailing out
   * after every case) as a first one did. Kept as the parser keeps its own (StraceParser.kept): a static
   * field, not a module variable that nothing reads (the bundler would drop the write). Not a cache: no log's data.
   */
  static kept: Pass | null = null;
  cap = 16;
  rec = new Float64Array(16 * F.NF);
  recCase = new Int32Array(16);
  recFp = new Int32Array(16);
  nRec = 0;
  readonly fpRec: Int32Array;
  readonly fpRecCase: Int32Array;
  /** Per fp: descriptors of case openCase[fp] open on it (opened and not closed in the trace). */
  readonly openCnt: Int32Array;
  readonly openCase: Int32Array;
  // per case k at [k + 1] ([0] unused)
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
  /** Per case k at [k + 1]: its latest event end (start + dur, the start when dur is unknown; −Infinity for no
   * events), as runSpan (time/span.ts) takes it: the phases' run span without a pass of their own. */
  readonly cEnd: Float64Array;
  /** Per case k at [k + 1]: 1 when a call of a process-level kind (pairFlag 8) ran in it. */
  readonly cUnfiltered: Uint8Array;
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

  constructor(
    private readonly log: EventLog, private readonly t: Thresholds, private readonly K: number, P: number, private readonly E: number,
    private readonly side: Uint8Array, private readonly pairCls: Uint8Array, private readonly pairFlag: Uint8Array,
    private readonly caseUnfiltered: Uint8Array, private readonly enoent: number, private readonly offset: Float64Array | null,
    /** The I/O phases' cells (time/phaseCells.ts), filled with the counted events (pairFlag 64: mapped). */
    private readonly cells: PhaseCells,
  ) {
    const nP = log.paths.length;
    this.fpRec = new Int32Array(nP);
    this.fpRecCase = new Int32Array(nP).fill(-1);
    this.openCnt = new Int32Array(nP);
    this.openCase = new Int32Array(nP).fill(-1);
    const perCase = (): Float64Array => new Float64Array(K + 1);
    this.cLookups = perCase(); this.cLookupFail = perCase(); this.cLookupEnoent = perCase(); this.cLookupTime = perCase();
    this.cStartLookups = perCase(); this.cStartLookupTime = perCase(); this.cLookupMax = perCase(); this.cStartLookupMax = perCase();
    this.cMetaTime = perCase(); this.cIoTime = perCase(); this.cBytes = perCase(); this.cTraced = perCase(); this.cWall = perCase();
    this.cEnd = perCase();
    this.cUnfiltered = new Uint8Array(K + 1);
    this.pairCalls = new Float64Array(P);
    this.pairFail = new Float64Array(P);
    this.pairCallsSide = new Float64Array(3 * P);
    this.pairFailSide = new Float64Array(3 * P);
    this.pairFailTimeSide = new Float64Array(3 * P);
  }

  /** Every case (the loop in a method: `this` is its receiver, not a constant the optimised code of one call
   * would hold on to), then what the loop found for the whole log. */
  run(): void {
    const any = this.events();
    if (any & 1) this.hasDurations = true;
    if (any & 2) this.hasOffsets = true;
    for (let k = 0; k < this.K; k++) if (this.cUnfiltered[k + 1]) this.caseUnfiltered[k] = 1;
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

  /** Every case in turn (see the class comment); returns 1 | 2: some event had a duration | an offset. */
  private events(): number {
    const co = this.log.caseOffsets;
    let any = 0;
    for (let k = 0; k < this.K; k++) any |= this.caseEvents(k, co[k], co[k + 1]);
    return any;
  }

  /** The loop over the events [a, b) of case k, its totals stored at [k + 1]; returns 1 | 2 as `events`. */
  private caseEvents(k: number, a: number, b: number): number {
    const { log, pairCls, pairFlag, E, enoent, openCnt, openCase, pairCalls, pairCallsSide, pairFail, pairFailSide, pairFailTimeSide, side } = this;
    const { pair, errno, start, dur, size, pid, pairFp } = log;
    const { offset, lastOf, pidSeek, pidSeekDur, cells } = this;
    const { cover, lastEnd, firstStart, inv, t0 } = cells;
    const lastCell = cells.C - 1;
    const small = this.t.small_bytes;
    const align = this.t.alignment;
    const alignMask = align >= 1 && align <= 4294967296 && Math.floor(align) === align && (align & (align - 1)) === 0 ? align - 1 : -1;
    const P = pairCls.length;
    // the case's totals in locals (registers), stored at [k + 1] after the loop
    let lookups = 0, lookupFail = 0, lookupEnoent = 0, lookupTime = 0, startLookups = 0, startLookupTime = 0, lookupMax = 0, startLookupMax = 0, metaTime = 0, ioTime = 0;
    let traced = 0, curS = NaN, curE = NaN, wallS = NaN, wallE = NaN, unfiltered = 0, bytes = 0;
    // the latest start of an event without a duration (an instant: its end is its start)
    let instE = -Infinity;
    let anyDur = 0;
    let anyOffset = 0;
    // the phases' per-case busy time and whether the case has a counted event; the log's counted events and bytes
    let phBusy = 0, phSeen = 0, phEvents = cells.events, phBytes = cells.bytes;
    let curPid = -1;
    let curSeek = -1;
    let seekDur = 0;
    pidSeek.clear();
    pidSeekDur.clear();
    lastOf.clear();
    const sd = side[k];
    const sideBase = sd * P;
    const errMap = this.pairErrno[sd];
    for (let i = a; i < b; i++) {
      const p = pair[i];
      const cls = pairCls[p];
      const f = pairFp[p];
      const d = dur[i];
      const err = errno[i];
      const failed = err !== 0;
      const dKnown = d === d;
      // traced time: the union of the call intervals (events are sorted by start within a case)
      if (dKnown) {
        anyDur = 1;
        const s = start[i];
        const e = s + d;
        if (!(curE >= s)) {
          if (curE === curE) traced += curE - curS;
          curS = s;
          curE = e;
        } else if (e > curE) curE = e;
        if (!(wallS <= s)) wallS = s;
        if (!(wallE >= e)) wallE = e;
      } else if (start[i] > instE) instE = start[i];
      const dd = dKnown ? d : 0;
      pairCalls[p]++;
      pairCallsSide[sideBase + p]++;
      const flag = pairFlag[p];
      unfiltered |= (flag & 8) >> 3;
      if (flag & 64) {
        // a counted event of the I/O phases: its interval [s, e) from t0 into the cells (fillCells does the same)
        phSeen = 1;
        const s = start[i] - t0;
        const e = d > 0 ? s + d : s;
        const c0 = Math.min(lastCell, Math.floor(s * inv));
        const c1 = e > s ? Math.min(lastCell, Math.max(c0, Math.ceil(e * inv) - 1)) : c0;
        cover[c0]++;
        cover[c1 + 1]--;
        if (e > lastEnd[c1]) lastEnd[c1] = e;
        if (s < firstStart[c0]) firstStart[c0] = s;
        phBusy += dd;
        phEvents++;
        const z = size[i];
        phBytes += z === z ? z : 0;
      }
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
      // descriptors of this case open on f (a count stamped with its case: no reset per case)
      const open = openCase[f] === k ? openCnt[f] : 0;
      // a lookup: of a name (newfstatat & co. on a file the case has open: glibc's fstat by descriptor, no lookup)
      const look = (flag & 2) !== 0 && !((flag & 16) !== 0 && open > 0);
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
          pidSeek.set(curPid, curSeek);
          pidSeekDur.set(curPid, seekDur);
        }
        curSeek = pidSeek.get(pd) ?? -1;
        // (+: a number for V8, not the Map's boxed value: seekDur stays unboxed in the optimised loop)
        seekDur = +(pidSeekDur.get(pd) ?? 0);
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
        const sz = z === z ? z : 0;
        const ok = !failed && z >= 0;
        bytes += sz;
        const isSmall = ok && z < small ? 1 : 0;
        rec[o + F.R_READS + w] += ok ? 1 : 0;
        rec[o + F.R_RBYTES + w] += sz;
        rec[o + F.R_RTIME + w] += dd;
        rec[o + F.R_SMALL_R + w] += isSmall;
        rec[o + F.R_SMALL_RTIME + w] += isSmall * dd;
        if (!ok) continue;
        const off = offset === null ? NaN : offset[i];
        if (off !== off) {
          rec[o + F.R_UNKNOWN_R + w]++;
          continue;
        }
        anyOffset = 2;
        // off % align as a mask of the low word when align is a power of two ≤ 2³² and off an integer < 2⁵³
        // (ToUint32 keeps off's low 32 bits exactly); the floating-point remainder is a call, ~17 % of the pass
        const mis = (alignMask >= 0 && off >= 0 && off <= 9007199254740991 && off === Math.floor(off) ? (off >>> 0) & alignMask : off % align) !== 0 ? 1 : 0;
        rec[o + F.R_MISALIGNED] += mis;
        rec[o + F.R_MIS_TIME] += mis * dd;
        // Darshan's last byte per process: the record's first pid in the record, the others in a map
        let lastB: number;
        let first = rec[o + F.R_PID];
        if (first === -1) rec[o + F.R_PID] = first = pd;
        if (first === pd) {
          lastB = rec[o + F.R_LAST_R + w];
          rec[o + F.R_LAST_R + w] = lastByte(off, sz);
        } else {
          // pids < 2^22, records < 2^29: the key is exact
          const key = (r * 2 + w) * 4194304 + (pd & 0x3fffff);
          lastB = lastOf.get(key) ?? 0;
          lastOf.set(key, lastByte(off, sz));
        }
        const kind = accessKind(off, lastB);
        rec[o + F.R_KNOWN_R + w]++;
        rec[o + F.R_CONSEC_R + w] += kind === 0 ? 1 : 0;
        rec[o + F.R_SEQ_R + w] += kind === 1 ? 1 : 0;
        rec[o + F.R_RAND_RTIME + w] += kind === 2 ? dd : 0;
        const end = off + sz;
        if (sz > 0 && end > rec[o + F.R_MAX_R + w]) rec[o + F.R_MAX_R + w] = end;
      } else if (cls === C_SYNC) {
        rec[o + F.R_SYNCS]++;
        rec[o + F.R_WTIME] += dd;
        rec[o + F.R_SYNC_TIME] += dd;
      } else if (cls === C_OPEN) {
        if (!failed) {
          rec[o + F.R_OPENS]++;
          openCnt[f] = open + 1;
          openCase[f] = k;
        }
      } else if (cls === C_CLOSE) {
        if (!failed && open > 0) openCnt[f] = open - 1;
      }
    }
    // traced time: the union of the call intervals; NaN − NaN when the case had no known dur (−0: a double)
    const last = curE - curS;
    traced += last === last ? last : -0;
    const j = k + 1;
    this.cLookups[j] = lookups;
    this.cLookupFail[j] = lookupFail;
    this.cLookupEnoent[j] = lookupEnoent;
    this.cLookupTime[j] = lookupTime;
    this.cStartLookups[j] = startLookups;
    this.cStartLookupTime[j] = startLookupTime;
    this.cLookupMax[j] = lookupMax;
    this.cStartLookupMax[j] = startLookupMax;
    this.cMetaTime[j] = metaTime;
    this.cIoTime[j] = ioTime;
    this.cBytes[j] = bytes;
    this.cTraced[j] = traced;
    const wall = wallE - wallS;
    this.cWall[j] = wall === wall ? wall : 0;
    this.cEnd[j] = wallE > instE ? wallE : instE;
    this.cUnfiltered[j] = unfiltered;
    cells.busy[k] = phBusy;
    cells.seen[k] = phSeen;
    cells.events = phEvents;
    cells.bytes = phBytes;
    return anyDur | anyOffset;
  }
}
