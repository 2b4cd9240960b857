/**
 * Streaming strace text parser: bytes in (any chunking), one EventLog case out.
 * See docs/FORMATS.md "strace text input" for every choice made here.
 */
import { EventLogBuilder, caseFromFileName, emptyFileReport } from '../../model';
import type { EventLog, FileReport, TimeBase } from '../../model';
import { ByteTable, decodeUtf8, hashBytes } from './bytes';
import { annotationToPath, openPathArgument } from './paths';
import * as S from './scan';
import { fdBefore } from './scan';

export interface StraceParseOptions {
  /** Applied once per distinct fp ('' = no fp) while parsing; events whose fp is rejected are dropped as 'filtered'. */
  pathFilter?: (fp: string) => boolean;
}

/** Longer lines are reported as unparsable without being buffered further. */
export const MAX_LINE = 1 << 20;
const MAX_UNPARSABLE = 100;
const UNPARSABLE_TEXT = 300;
const HALF_DAY = 43200;

const SIZE_CALLS = new Set(['read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev', 'preadv2', 'pwritev2',
  'sendfile', 'sendfile64', 'copy_file_range', 'splice', 'tee', 'recv', 'recvfrom', 'recvmsg', 'send', 'sendto', 'sendmsg']);
const OPEN_CALLS = new Set(['open', 'openat', 'openat2', 'creat']);
const F_SIZE = 1;
const F_OPEN = 2;

/** Dropped line kinds (FileReport.dropped keys), counted in an array in the hot loop. */
export const DROPPED_KINDS = ['blank', 'unparsable', 'truncated-last-line', 'strace-message', 'signal', 'exit', 'erestart', 'unavailable', 'unfinished-exited', 'filtered', 'orphan-unfinished', 'orphan-resumed', 'resumed'] as const;
const D_BLANK = 0;
const D_UNPARSABLE = 1;
const D_TRUNCATED_LAST_LINE = 2;
const D_STRACE_MESSAGE = 3;
const D_SIGNAL = 4;
const D_EXIT = 5;
const D_ERESTART = 6;
const D_UNAVAILABLE = 7;
const D_UNFINISHED_EXITED = 8;
const D_FILTERED = 9;
const D_ORPHAN_UNFINISHED = 10;
const D_ORPHAN_RESUMED = 11;
const D_RESUMED = 12;

const M_UNKNOWN = -1;
const M_NONE = 0;
const M_CLOCK = 1;
const M_EPOCH = 2;
const M_REL = 3;
/** A -r delta this large cannot be a -r delta: the float is an epoch (-ttt). */
const EPOCH_MIN = 1e7;

export class StraceParser {
  private readonly b: EventLogBuilder;
  private readonly sc = new S.LineScanner();
  private readonly report: FileReport;
  private readonly filter: ((fp: string) => boolean) | undefined;
  private readonly filePid: number;
  private carry = new Uint8Array(4096);
  private carryLen = 0;
  private overlong = false;
  private splice: Uint8Array | null = null;
  private spliceLine = 0;
  private lineNo = 0;
  private bytes = 0;
  private finished = false;
  private readonly calls = new ByteTable(8);
  private readonly paths = new ByteTable(12);
  private readonly errs = new ByteTable(6);
  private callFlags: number[] = [];
  private fpOk: number[] = [];
  private fpPairCall: number[] = [];
  private fpPair: number[] = [];
  private readonly openArgs = new ByteTable(8);
  private pending = new Map<number, number>();
  private pendCall = new Map<number, number>();
  private pendFp = new Map<number, number>();
  private mode = M_UNKNOWN;
  private tsDigits = 0;
  private tsPlus = false;
  private dayOff = 0;
  private lastClock = -Infinity;
  private wraps = 0;
  private relSum = 0;
  private durSeen = false;
  private annSeen = false;
  private pidKinds = 0;
  private unprefixed = false;
  private attached = new Set<number>();
  private mainPid = -1;
  private recognized = 0;
  private readonly counts = new Float64Array(DROPPED_KINDS.length);

  constructor(fileName: string, opts?: StraceParseOptions) {
    this.b = new EventLogBuilder(4096);
    this.report = emptyFileReport(fileName, 'strace');
    this.filter = opts?.pathFilter;
    const m = /\.(\d+)$/.exec(fileName);
    this.filePid = m ? Number(m[1]) : -1;
    const file = this.b.addFile(this.report);
    const c = caseFromFileName(fileName);
    this.b.beginCase({ ...c, pid: null }, file);
  }

  /** Feeds the next bytes of the file; lines may straddle chunks. */
  push(chunk: Uint8Array): void {
    if (this.finished) throw new Error('StraceParser: push() after finish()');
    // one element kind in the hot loop (a Node Buffer is a Uint8Array subclass with its own map)
    if (chunk.constructor !== Uint8Array) chunk = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    this.bytes += chunk.length;
    let pos = 0;
    const n = chunk.length;
    if (this.carryLen > 0 || this.overlong) {
      const nl = chunk.indexOf(10);
      if (nl < 0) {
        this.append(chunk, 0, n);
        return;
      }
      this.append(chunk, 0, nl);
      this.flushCarry(false);
      pos = nl + 1;
    }
    for (;;) {
      const nl = chunk.indexOf(10, pos);
      if (nl < 0) break;
      if (nl - pos > MAX_LINE) this.overlongLine(chunk, pos);
      else this.line(chunk, pos, nl, false);
      pos = nl + 1;
    }
    if (pos < n) this.append(chunk, pos, n);
  }

  /** Ends the file and returns its EventLog (one case, or none when nothing in it was strace output). */
  finish(): EventLog {
    if (this.finished) throw new Error('StraceParser: finish() called twice');
    if (this.carryLen > 0 || this.overlong) this.flushCarry(true);
    this.finished = true;
    for (const idx of this.pending.values()) this.dropEvent(idx, D_ORPHAN_UNFINISHED);
    this.pending.clear();
    const b = this.b;
    const r = this.report;
    if (this.pidKinds & 2 && this.unprefixed) {
      if (this.mainPid >= 0) {
        for (let i = 0; i < b.n; i++) if (b.pid[i] === 0) b.pid[i] = this.mainPid;
      } else r.warnings.push('lines without a [pid N] prefix could not be attributed to a process: they have pid 0');
    }
    if (this.recognized === 0) {
      b.abortCase();
      r.warnings.push(this.lineNo === 0 ? 'empty file' : 'no strace output found in this file (is it an strace trace?)');
    } else b.endCase();
    r.bytes = this.bytes;
    r.lines = this.lineNo;
    r.events = b.n;
    for (let k = 0; k < DROPPED_KINDS.length; k++) if (this.counts[k] > 0) r.dropped[DROPPED_KINDS[k]] = this.counts[k];
    r.flags = this.recognized === 0 ? null : this.flags();
    if (this.recognized > 0) this.warn(r);
    const tb: TimeBase = this.mode === M_CLOCK ? 'clock' : this.mode === M_EPOCH ? 'epoch' : this.mode === M_REL ? 'relative' : 'none';
    return b.build(tb);
  }

  private flags(): FileReport['flags'] {
    let ts = 'none';
    if (this.mode === M_CLOCK) ts = this.tsDigits === 0 ? 't' : this.tsDigits > 6 ? 'ns' : 'tt';
    else if (this.mode === M_EPOCH) ts = 'ttt';
    else if (this.mode === M_REL) ts = 'r';
    if (this.tsPlus && this.mode !== M_REL) ts += '+r';
    const pids = this.pidKinds & 2 ? 'bracket' : this.pidKinds & 1 ? 'prefix' : this.filePid >= 0 ? 'filename' : 'none';
    return { timestamps: ts, durations: this.durSeen, annotations: this.annSeen, pids };
  }

  private warn(r: FileReport): void {
    const w = r.warnings;
    if (this.mode === M_NONE || this.mode === M_UNKNOWN)
      w.push('no timestamps (traced without -t/-tt/-ttt/-r): events keep their line order; timelines and max concurrency (mc) are unavailable. Re-trace with -tt.');
    if (this.mode === M_CLOCK && this.tsDigits === 0) w.push('timestamps have 1 s resolution (-t): timelines and mc are coarse. Prefer -tt.');
    if (this.mode === M_REL) w.push('relative timestamps (-r): start = running sum of the deltas since the first line; times are not comparable across files.');
    if (this.wraps > 0) w.push(`the clock went back by more than 12 h ${this.wraps} time(s): taken as midnight crossing(s) (+24 h each)`);
    if (r.events > 0 && !this.durSeen) w.push('no durations (traced without -T): rd, dr, mc and DR are unavailable. Re-trace with -T.');
    if (r.events > 0 && !this.annSeen) w.push('no fd annotations (traced without -y): calls have no file path, so the default mapping leaves them out. Re-trace with -y.');
    if (this.counts[D_TRUNCATED_LAST_LINE]) w.push('the last line is incomplete (file cut off?) and was ignored');
    if (this.counts[D_UNPARSABLE]) w.push(`${this.counts[D_UNPARSABLE]} unparsable line(s)`);
  }

  private count(kind: number, k = 1): void {
    this.counts[kind] += k;
  }

  private append(src: Uint8Array, a: number, z: number): void {
    if (this.overlong) return;
    let len = z - a;
    if (this.carryLen + len > MAX_LINE) {
      this.overlong = true;
      len = MAX_LINE - this.carryLen;
    }
    if (this.carryLen + len + 2 > this.carry.length) {
      const g = new Uint8Array(Math.max(this.carry.length * 2, this.carryLen + len + 2));
      g.set(this.carry.subarray(0, this.carryLen));
      this.carry = g;
    }
    this.carry.set(src.subarray(a, a + len), this.carryLen);
    this.carryLen += len;
  }

  private flushCarry(last: boolean): void {
    const len = this.carryLen;
    this.carryLen = 0;
    if (this.overlong) {
      this.overlong = false;
      this.overlongLine(this.carry, 0);
      return;
    }
    this.carry[len] = 10;
    this.line(this.carry, 0, len, last);
  }

  private overlongLine(b: Uint8Array, s: number): void {
    this.lineNo++;
    this.splice = null;
    this.unparsable(b, s, s + UNPARSABLE_TEXT, this.lineNo, ` … (line longer than ${MAX_LINE} bytes)`);
  }

  private unparsable(b: Uint8Array, s: number, e: number, line: number, suffix = ''): void {
    this.count(D_UNPARSABLE);
    const u = this.report.unparsable;
    if (u.length < MAX_UNPARSABLE) u.push({ line, text: decodeUtf8(b, s, Math.min(e, s + UNPARSABLE_TEXT)) + suffix });
  }

  /** One physical line [s, e) of b; b[e] is the newline (or a sentinel newline). */
  private line(b: Uint8Array, s: number, e: number, last: boolean): void {
    const lineNo = ++this.lineNo;
    if (e > s && b[e - 1] === 13) e--;
    let evLine = lineNo;
    if (this.splice !== null) {
      const p = this.splice;
      const j = new Uint8Array(p.length + (e - s) + 2);
      j.set(p);
      j.set(b.subarray(s, e), p.length);
      j[j.length - 2] = 10;
      b = j;
      s = 0;
      e = j.length - 2;
      evLine = this.spliceLine;
      this.splice = null;
    }
    if (e === s) return this.count(D_BLANK);
    const sc = this.sc;
    const kind = sc.scan(b, s, e);
    if (last && !this.complete(kind)) return this.count(D_TRUNCATED_LAST_LINE);
    if (kind === S.K_BAD) {
      let k = s;
      while (k < e && (b[k] === 0x20 || b[k] === 0x09)) k++;
      return k === e ? this.count(D_BLANK) : this.unparsable(b, s, e, evLine);
    }
    if (kind === S.K_MESSAGE || kind === S.K_SPLICED) {
      this.recognized++;
      this.count(D_STRACE_MESSAGE);
      if (sc.attached >= 0) this.attached.add(sc.attached);
      if (kind === S.K_SPLICED) {
        this.splice = b.slice(s, sc.spliceAt);
        this.spliceLine = evLine;
      }
      return;
    }
    const t = this.time(lineNo);
    if (Number.isNaN(t)) return this.unparsable(b, s, e, evLine);
    this.recognized++;
    let pid = 0;
    if (sc.pidKind > 0) {
      pid = sc.pid;
      this.pidKinds |= sc.pidKind;
      if (sc.pidKind === 2 && this.mainPid < 0 && !this.attached.has(pid)) this.mainPid = pid;
    } else if (this.filePid >= 0) pid = this.filePid;
    else this.unprefixed = true;
    if (kind === S.K_SIGNAL) return this.count(D_SIGNAL);
    if (kind === S.K_EXIT) {
      const idx = this.pending.get(pid);
      if (idx !== undefined) this.closePending(pid, idx, D_ORPHAN_UNFINISHED, 1);
      return this.count(D_EXIT);
    }
    if (!Number.isNaN(sc.dur)) this.durSeen = true;
    if (sc.fpS >= 0 || sc.annS >= 0 || sc.retAnnS >= 0) this.annSeen = true;
    const call = this.callId(b, sc.nameS, sc.nameE);
    const flags = this.callFlags[call];
    if (kind === S.K_CALL) {
      if (sc.special === S.SP_ERESTART) return this.count(D_ERESTART);
      if (sc.special === S.SP_UNAVAILABLE) return this.count(D_UNAVAILABLE);
      if (sc.special === S.SP_EXITED) return this.count(D_UNFINISHED_EXITED);
      const fp = flags & F_OPEN ? this.openFp(b, true) : sc.fpId >= 0 ? sc.fpId : sc.fpS >= 0 ? this.pathId(b, sc.fpS, sc.fpE) : 0;
      if (this.filter !== undefined && !this.accept(fp)) return this.count(D_FILTERED);
      const err = sc.errS >= 0 ? this.errId(b, sc.errS, sc.errE) : 0;
      const size = flags & F_SIZE ? (err !== 0 ? 0 : sc.retVal >= 0 ? sc.retVal : NaN) : NaN;
      this.b.push(pid, this.pairOf(call, fp), err, t, sc.dur, size, evLine);
      return;
    }
    if (kind === S.K_UNFINISHED) {
      const old = this.pending.get(pid);
      if (old !== undefined) this.closePending(pid, old, D_ORPHAN_UNFINISHED, 1);
      const fp = flags & F_OPEN ? this.openFp(b, false) : sc.fpId >= 0 ? sc.fpId : sc.fpS >= 0 ? this.pathId(b, sc.fpS, sc.fpE) : 0;
      const idx = this.b.push(pid, this.pairOf(call, fp), 0, t, NaN, NaN, evLine);
      this.pending.set(pid, idx);
      this.pendCall.set(pid, call);
      this.pendFp.set(pid, fp);
      return;
    }
    // resumed
    if (sc.pidKind === 2 && pid === this.mainPid && !this.pending.has(pid) && this.pending.has(0)) {
      // stderr output: the call began before the first child existed, without a [pid N] prefix
      this.movePending(0, pid);
    }
    const idx = this.pending.get(pid);
    if (idx === undefined) return this.count(D_ORPHAN_RESUMED);
    if (this.pendCall.get(pid) !== call) {
      this.closePending(pid, idx, D_ORPHAN_UNFINISHED, 1);
      return this.count(D_ORPHAN_RESUMED);
    }
    if (sc.special === S.SP_ERESTART) return this.closePending(pid, idx, D_ERESTART, 2);
    if (sc.special === S.SP_UNAVAILABLE) return this.closePending(pid, idx, D_UNAVAILABLE, 2);
    if (sc.retQ) return this.closePending(pid, idx, D_UNFINISHED_EXITED, 2);
    this.pending.delete(pid);
    this.count(D_RESUMED);
    const bl = this.b;
    let fp = this.pendFp.get(pid) ?? 0;
    if (flags & F_OPEN && sc.retAnnS >= 0) {
      fp = this.pathId(b, sc.retAnnS, sc.retAnnE);
      bl.pair[idx] = this.pairOf(call, fp);
    }
    if (this.filter !== undefined && !this.accept(fp)) {
      bl.drop(idx);
      return this.count(D_FILTERED);
    }
    const err = sc.errS >= 0 ? this.errId(b, sc.errS, sc.errE) : 0;
    bl.errno[idx] = err;
    bl.dur[idx] = sc.dur;
    bl.size[idx] = flags & F_SIZE ? (err !== 0 ? 0 : sc.retVal >= 0 ? sc.retVal : NaN) : NaN;
  }

  /** Whether the last line (no newline at the end of the file) is complete enough to be trusted. */
  private complete(kind: number): boolean {
    const sc = this.sc;
    if (kind === S.K_SIGNAL || kind === S.K_EXIT) return sc.terminated;
    if (kind === S.K_CALL || kind === S.K_RESUMED) return !Number.isNaN(sc.dur) || !this.durSeen;
    return kind === S.K_UNFINISHED || kind === S.K_MESSAGE;
  }

  private movePending(from: number, to: number): void {
    const idx = this.pending.get(from)!;
    this.b.pid[idx] = to;
    this.pending.set(to, idx);
    this.pendCall.set(to, this.pendCall.get(from)!);
    this.pendFp.set(to, this.pendFp.get(from)!);
    this.pending.delete(from);
  }

  private closePending(pid: number, idx: number, kind: number, lines: number): void {
    this.pending.delete(pid);
    this.dropEvent(idx, kind, lines);
  }

  private dropEvent(idx: number, kind: number, lines = 1): void {
    this.b.drop(idx);
    this.count(kind, lines);
  }

  /** Start time of the current line in the file's time base; NaN when its timestamp does not fit the file. */
  private time(lineNo: number): number {
    const sc = this.sc;
    if (this.mode === M_UNKNOWN) {
      if (sc.tsKind === S.TS_NONE) this.mode = M_NONE;
      else if (sc.tsKind === S.TS_CLOCK) this.mode = M_CLOCK;
      else this.mode = sc.tsPlus || sc.ts >= EPOCH_MIN ? M_EPOCH : M_REL;
    }
    switch (this.mode) {
      case M_NONE:
        return sc.tsKind === S.TS_NONE ? lineNo : NaN;
      case M_CLOCK: {
        if (sc.tsKind !== S.TS_CLOCK) return NaN;
        this.note();
        let t = sc.ts + this.dayOff;
        if (t < this.lastClock - HALF_DAY) {
          this.dayOff += 86400;
          t += 86400;
          this.wraps++;
        }
        this.lastClock = t;
        return t;
      }
      case M_EPOCH:
        if (sc.tsKind !== S.TS_FLOAT) return NaN;
        this.note();
        return sc.ts;
      default:
        if (sc.tsKind !== S.TS_FLOAT || sc.tsPlus) return NaN;
        this.note();
        this.relSum += sc.ts;
        return this.relSum;
    }
  }

  private note(): void {
    const sc = this.sc;
    if (sc.tsDigits > this.tsDigits) this.tsDigits = sc.tsDigits;
    if (sc.tsPlus) this.tsPlus = true;
  }

  private accept(fp: number): boolean {
    const f = this.filter;
    if (f === undefined) return true;
    let ok = this.fpOk[fp];
    if (ok === undefined) {
      ok = f(this.b.paths.list[fp]) ? 1 : 0;
      this.fpOk[fp] = ok;
    }
    return ok === 1;
  }

  /** builder.pairOf with a one-entry cache per fp (an fp is mostly used with one or two calls). */
  private pairOf(call: number, fp: number): number {
    if (this.fpPairCall[fp] === call) return this.fpPair[fp];
    const p = this.b.pairOf(call, fp);
    this.fpPairCall[fp] = call;
    this.fpPair[fp] = p;
    return p;
  }

  private callId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.calls.find(b, s, e, h);
    if (id < 0) {
      const name = decodeUtf8(b, s, e);
      id = this.b.internCall(name);
      this.callFlags[id] = (SIZE_CALLS.has(name) ? F_SIZE : 0) | (OPEN_CALLS.has(name) ? F_OPEN : 0);
      this.calls.add(b, s, e, h, id);
    }
    return id;
  }

  /**
   * The path id of annotation bytes [s, e). Remembers the bytes per fd (the number before the `<`) in the
   * scanner's cache, which compares the next annotation of that fd while skipping it (no hashing on a hit).
   */
  private pathId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.paths.find(b, s, e, h);
    if (id < 0) {
      id = this.b.internPath(annotationToPath(b, s, e));
      this.paths.add(b, s, e, h, id);
    }
    const fd = fdBefore(b, s - 1, Math.max(0, s - 4));
    if (fd >= 0) {
      this.sc.fdKey[fd] = b.slice(s, e);
      this.sc.fdId[fd] = id;
    }
    return id;
  }

  private errId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.errs.find(b, s, e, h);
    if (id < 0) {
      id = this.b.internErrno(decodeUtf8(b, s, e));
      this.errs.add(b, s, e, h, id);
    }
    return id;
  }

  /** fp of an open-family call: the returned fd's annotation, else the path argument (made absolute). */
  private openFp(b: Uint8Array, complete: boolean): number {
    const sc = this.sc;
    if (complete && sc.retAnnS >= 0) return this.pathId(b, sc.retAnnS, sc.retAnnE);
    const h = hashBytes(b, sc.argsS, sc.argsE);
    let id = this.openArgs.find(b, sc.argsS, sc.argsE, h);
    if (id < 0) {
      const dir = sc.annS >= 0 ? annotationToPath(b, sc.annS, sc.annE) : null;
      id = this.b.internPath(openPathArgument(b, sc.argsS, sc.argsE, dir));
      this.openArgs.add(b, sc.argsS, sc.argsE, h, id);
    }
    return id;
  }
}

/** Parses a whole strace file held in memory (one push + finish). */
export function parseStraceBytes(fileName: string, bytes: Uint8Array, opts?: StraceParseOptions): EventLog {
  const p = new StraceParser(fileName, opts);
  p.push(bytes);
  return p.finish();
}
