/**
 * Streaming strace text parser: bytes in (any chunking), one EventLog case out.
 * See docs/FORMATS.md "strace text input" for every choice made here.
 */
import { EventLogBuilder, MAX_TIME, caseFromFileName, emptyFileReport } from '../../model';
import type { EventLog, FileReport } from '../../model';
import { ByteTable, decodeUtf8, hashBytes } from './bytes';
import { StraceClock } from './clock';
import { DurationCheck } from './durations';
import {
  DROPPED_KINDS, D_BLANK, D_ERESTART, D_EXIT, D_FILTERED, D_ORPHAN_RESUMED, D_ORPHAN_UNFINISHED, D_ORPHAN_STACK_FRAME, D_RESUMED, D_SIGNAL, D_STACK_FRAME,
  D_STRACE_MESSAGE, D_TRUNCATED_LAST_LINE, D_UNAVAILABLE, D_UNFINISHED_EXITED, D_UNPARSABLE,
} from './dropped';
import { FdTracker, type CallFacts } from './fds';
import { MAX_LINE } from './lines';
import { aioRequests, submitFp, type AioRequest } from './aio';
import { F_AIO, F_FILE, F_OPEN, F_SIZE, NameTables } from './names';
import { AF_DIRECT, OC_NONE, OC_OPEN, argFlags, lseekTraced, needsFlags, needsTail, offsetClass, tailNumbers, usesPosition } from './offsetcalls';
import * as S from './scan';
import { fdAt } from './scan';
import { WindowedSplitter } from './window';

export interface StraceParseOptions {
  /** Applied once per distinct fp ('' = no fp) while parsing; events whose fp is rejected are dropped as 'filtered'. */
  pathFilter?: (fp: string) => boolean;
  /** Bytes of the first chunk to size the event buffers by when it is pushed in smaller pieces. */
  firstChunkHint?: number;
  /**
   * 'wasm' (the default where WebAssembly runs): lines of the common form are scanned in WebAssembly
   * (wasm/linescan.ts), the others in JavaScript; 'js': every line in JavaScript. The results are the same.
   */
  scan?: 'wasm' | 'js';
}

export { MAX_LINE };
const MAX_UNPARSABLE = 100;
/** MAX_TIME as a module constant (read per event). */
const MAX_T = MAX_TIME;
/** A call line cut by more strace messages than this in a row is dropped (bounds the work per line). */
const MAX_SPLICES = 8;
const UNPARSABLE_TEXT = 300;

export class StraceParser extends WindowedSplitter {
  /** Created on the first push, sized from it (growing the columns of a big file by doubling is costly). */
  private b!: EventLogBuilder;
  private readonly fileName: string;
  private readonly report: FileReport;
  private readonly filter: ((fp: string) => boolean) | undefined;
  private readonly filePid: number;
  private splice: Uint8Array | null = null;
  private spliceLine = 0;
  /** How many strace messages in a row cut the pending call line; calls dropped for too many. */
  private spliceDepth = 0;
  private spliceDropped = 0;
  private badTimes = 0;
  private lineNo = 0;
  /** Created on the first push, with the builder. */
  private names!: NameTables;
  private fds!: FdTracker;
  private readonly facts: CallFacts = { pid: 0, fd: -1, fp: 0, failed: false, ret: NaN, flags: 0, tail: new Float64Array(2), b: null, argsS: 0, argsE: 0 };
  /** Per pid with a pending call of an offset class: its fd, flags and tail numbers from the unfinished line. */
  private pendOff = new Map<number, { fd: number; flags: number; t0: number; t1: number }>();
  private pending = new Map<number, number>();
  private pendCall = new Map<number, number>();
  private pendFp = new Map<number, number>();
  /** Per fp: the successful opens with O_DIRECT (FileReport.direct). */
  private direct = new Map<number, number>();
  /** Per pid: the libaio requests of its unfinished io_submit (aio.ts), pushed when it resumes. */
  private pendAio = new Map<number, AioRequest[]>();
  private readonly clock = new StraceClock();
  private readonly durs = new DurationCheck(() => this.clock.resolution());
  private durSeen = false;
  private annSeen = false;
  private pidKinds = 0;
  private unprefixed = false;
  private attached = new Set<number>();
  private mainPid = -1;
  private recognized = 0;
  private readonly counts = new Float64Array(DROPPED_KINDS.length);
  // strace -k: the frames after a call's line are its stack (docs/FORMATS.md "Stacks")
  /** The event the frames being read belong to (-1: none, e.g. after a `= ?` call or a signal). */
  private stackAt = -1;
  /** The frame ids read since the last call line. */
  private frameBuf = new Int32Array(64);
  private nFrames = 0;
  /** 1 when the first of them was read from the end of a call's line (not a line of its own). */
  private frameInLine = 0;
  private framesSeen = false;
  /** Frame ids by the frame's bytes (lines the JavaScript scanner read, or a full thread table). */
  private readonly frameBytes = new ByteTable(10);

  constructor(fileName: string, opts?: StraceParseOptions) {
    super(opts?.scan !== 'js');
    this.fileName = fileName;
    this.report = emptyFileReport(fileName, 'strace');
    this.filter = opts?.pathFilter;
    this.hint = opts?.firstChunkHint ?? 0;
    const m = /\.(\d+)$/.exec(fileName);
    this.filePid = m ? Number(m[1]) : -1;
  }

  /** The call id of the name with id `idx` in the thread's table (the name's bytes at nameS in b). */
  private callOf(b: Uint8Array, idx: number): number {
    const m = this.callOfName!;
    const c = m[idx];
    return c >= 0 ? c : (m[idx] = this.names.callId(b, this.sc.nameS, this.sc.nameE));
  }

  /** The fp of the line's first fd annotation: by the fd cache, the thread's annotation table, or its bytes; 0 without one. */
  private annFp(b: Uint8Array): number {
    const sc = this.sc;
    if (sc.fpId >= 0) return sc.fpId;
    if (sc.fpS < 0) return 0;
    const a = sc.annIdx;
    if (a < 0) return this.names.pathId(b, sc.fpS, sc.fpE);
    const m = this.fpOfAnn!;
    const fp = m[a];
    return fp >= 0 ? fp : (m[a] = this.names.pathId(b, sc.fpS, sc.fpE));
  }

  protected recordable(): boolean {
    return this.splice === null;
  }

  protected recorded(b: Uint8Array, s: number, e: number): void {
    const lineNo = ++this.lineNo;
    this.scanned(b, s, e, this.sc.kind, false, lineNo, lineNo, false);
  }

  protected frameLine(b: Uint8Array, s: number, e: number, id: number): void {
    if (this.splice !== null) return this.line(b, s, e, false);
    this.lineNo++;
    if (id < 0) return this.addFrame(this.frameId(b, s + 3, e));
    const m = (this.frameOfId ??= new Int32Array(this.wasm!.frameCap).fill(-1));
    const f = m[id];
    this.addFrame(f >= 0 ? f : (m[id] = this.frameId(b, s + 3, e)));
  }

  /** The frame id (in the log's stack table) of the frame text [s, e) of b. */
  private frameId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.frameBytes.find(b, s, e, h);
    if (id < 0) {
      id = this.b.stackInterner().frame(decodeUtf8(b, s, e));
      this.frameBytes.add(b, s, e, h, id);
    }
    return id;
  }

  private addFrame(f: number): void {
    if (this.nFrames === this.frameBuf.length) {
      const g = new Int32Array(2 * this.nFrames);
      g.set(this.frameBuf);
      this.frameBuf = g;
    }
    this.frameBuf[this.nFrames++] = f;
    this.framesSeen = true;
  }

  /** The frames read are the stack of the event at stackAt (or, without one, dropped lines). */
  private endStack(): void {
    const n = this.nFrames;
    const lines = n - this.frameInLine;
    this.nFrames = this.frameInLine = 0;
    const at = this.stackAt;
    if (at < 0) return this.count(D_ORPHAN_STACK_FRAME, lines);
    this.b.setStack(at, this.b.stackInterner().intern(this.frameBuf, n));
    this.count(D_STACK_FRAME, lines);
    this.stackAt = -1;
  }

  /**
   * ~1 event per 100 bytes of the first chunk (at least 1024): one allocation for most files (real traces
   * and the bench's short lines average 120–140 bytes a line; a column that must grow is copied, and the
   * first growth in a thread throws the optimised per-line code away).
   */
  private readonly hint: number;

  protected override started(firstChunk: number): void {
    this.b = new EventLogBuilder(Math.max(1024, Math.min(1 << 22, Math.ceil(Math.max(firstChunk, this.hint) / 100))));
    const paths = this.b.paths.list;
    const names = new NameTables(this.b, this.sc, this.filter);
    this.names = names;
    this.fds = new FdTracker(this.filePid >= 0, (fp) => paths[fp], (b, s, e) => names.pathId(b, s, e));
    const file = this.b.addFile(this.report);
    this.b.beginCase({ ...caseFromFileName(this.fileName), pid: null }, file);
  }

  /** Ends the file and returns its EventLog (one case, or none when nothing in it was strace output). */
  finish(): EventLog {
    if (this.finished) throw new Error('StraceParser: finish() called twice');
    if (!this.begun) this.started(0);
    this.flushLast();
    if (this.nFrames !== 0) this.endStack();
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
    if (this.direct.size) r.direct = [...this.direct].map(([fp, opens]) => ({ path: b.paths.list[fp], opens }));
    if (this.recognized > 0) this.warn(r);
    const log = b.build(this.clock.timeBase());
    if (r.flags !== null && !lseekTraced(log.calls)) {
      r.flags.lseekTraced = false;
      positionsUnknown(log, r);
    }
    return log;
  }

  private flags(): FileReport['flags'] {
    const ts = this.clock.flag();
    const pids = this.pidKinds & 2 ? 'bracket' : this.pidKinds & 1 ? 'prefix' : this.filePid >= 0 ? 'filename' : 'none';
    return { timestamps: ts, durations: this.durSeen, annotations: this.annSeen, pids, ...(this.framesSeen ? { stacks: true } : {}) };
  }

  private warn(r: FileReport): void {
    const w = r.warnings;
    this.clock.warn(w);
    if (r.events > 0 && !this.durSeen) w.push('no durations (traced without -T): rd, dr, mc and DR are unavailable. Re-trace with -T.');
    if (r.events > 0 && !this.annSeen) w.push('no fd annotations (traced without -y): calls have no file path, so the default mapping leaves them out. Re-trace with -y.');
    if (this.counts[D_TRUNCATED_LAST_LINE]) w.push('the last line is incomplete (file cut off?) and was ignored');
    if (this.counts[D_UNPARSABLE]) w.push(`${this.counts[D_UNPARSABLE]} unparsable line(s)`);
    if (this.badTimes) w.push(`${this.badTimes} line(s) with a timestamp beyond ±${MAX_TIME} s (no real time): counted as unparsable`);
    if (this.spliceDropped) w.push(`${this.spliceDropped} call line(s) cut by more than ${MAX_SPLICES} strace messages in a row: the call was dropped`);
    const d = this.durs.warning(this.fileName);
    if (d !== null) w.push(d);
    if (this.crOnly) w.push('lines end in a lone CR (\\r, classic Mac): split there');
  }

  private count(kind: number, k = 1): void {
    this.counts[kind] += k;
  }

  protected overlongLine(b: Uint8Array, s: number): void {
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
  protected line(b: Uint8Array, s: number, e: number, last: boolean): void {
    const lineNo = ++this.lineNo;
    while (e > s && b[e - 1] === 13) e--; // CRLF, also \r\r\n
    let evLine = lineNo;
    const joined = this.splice !== null;
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
    this.scanned(b, s, e, this.sc.scan(b, s, e), last, lineNo, evLine, joined);
  }

  /** The line [s, e) of b, scanned (its fields in this.sc): `kind` of line, evLine: the line its event starts on. */
  private scanned(b: Uint8Array, s: number, e: number, kind: number, last: boolean, lineNo: number, evLine: number, joined: boolean): void {
    const sc = this.sc;
    if (last && !this.complete(kind)) return this.count(D_TRUNCATED_LAST_LINE);
    if (kind === S.K_FRAME) return this.addFrame(this.frameId(b, s + 3, e));
    if (this.nFrames !== 0) this.endStack();
    if (kind === S.K_BAD) {
      let k = s;
      while (k < e && (b[k] === 0x20 || b[k] === 0x09)) k++;
      if (k === e) return this.count(D_BLANK);
      return this.unparsable(b, s, e, evLine);
    }
    if (kind === S.K_MESSAGE || kind === S.K_SPLICED) {
      this.recognized++;
      this.count(D_STRACE_MESSAGE);
      if (sc.attached >= 0) this.attached.add(sc.attached);
      if (kind === S.K_SPLICED) {
        this.spliceDepth = joined ? this.spliceDepth + 1 : 1;
        if (this.spliceDepth > MAX_SPLICES) this.spliceDropped++;
        else {
          this.splice = b.slice(s, sc.spliceAt);
          this.spliceLine = evLine;
        }
      }
      return;
    }
    const t = this.clock.time(sc, lineNo);
    if (!(t <= MAX_T && t >= -MAX_T)) {
      // NaN: a timestamp of another format than the file's; or a time no event can have
      if (!Number.isNaN(t)) this.badTimes++;
      return this.unparsable(b, s, e, evLine);
    }
    this.recognized++;
    const bad = this.durs.next(t);
    if (bad >= 0) this.b.dur[bad] = NaN;
    this.stackAt = -1;
    let pid = 0;
    if (sc.pidKind > 0) {
      pid = sc.pid;
      this.pidKinds |= sc.pidKind;
      if (sc.pidKind === 2 && this.mainPid < 0 && !this.attached.has(pid)) {
        this.mainPid = pid;
        this.fds.alias(0, pid);
      }
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
    const nt = this.names;
    const call = sc.nameIdx >= 0 ? this.callOf(b, sc.nameIdx) : nt.callId(b, sc.nameS, sc.nameE);
    const flags = nt.callFlags[call];
    if (kind === S.K_CALL) {
      if (sc.special === S.SP_ERESTART) return this.count(D_ERESTART);
      const oc = nt.callOff[call];
      let fp = flags & F_OPEN ? nt.openFp(b, true) : flags & F_FILE ? nt.fileFp(b, call, sc.argsE) : this.annFp(b);
      // io_submit (rare): its requests (the call is on their file), events for as many as the kernel took
      const aio = flags & F_AIO && sc.special === S.SP_NONE ? aioRequests(nt, b, sc.argsS, sc.argsE, Infinity) : null;
      if (aio !== null) fp = submitFp(aio, fp);
      if (sc.special !== S.SP_NONE) {
        // the result is unknown: so is the position of the fd it used
        if (oc !== OC_NONE) this.forget(pid, this.lineFd(b), fp);
        return this.count(sc.special === S.SP_UNAVAILABLE ? D_UNAVAILABLE : D_UNFINISHED_EXITED);
      }
      const err = sc.errS >= 0 ? nt.errId(b, sc.errS, sc.errE) : 0;
      const off = oc === OC_NONE ? NaN : this.offsetOf(oc, pid, b, fp, err !== 0, null);
      if (this.filter !== undefined && !nt.accept(fp)) return this.count(D_FILTERED);
      const size = flags & F_SIZE ? (err !== 0 ? 0 : sc.retVal >= 0 ? sc.retVal : NaN) : NaN;
      const idx = this.b.push(pid, nt.pairOf(call, fp), err, t, sc.dur, size, evLine, off);
      this.durs.completed(idx, evLine, t + sc.dur, t, false);
      this.stackAt = idx;
      if (aio !== null && err === 0 && sc.retVal > 0) this.pushAio(pid, t, evLine, aio.slice(0, sc.retVal));
      return;
    }
    if (kind === S.K_UNFINISHED) {
      const old = this.pending.get(pid);
      if (old !== undefined) this.closePending(pid, old, D_ORPHAN_UNFINISHED, 1);
      let fp = flags & F_OPEN ? nt.openFp(b, false) : flags & F_FILE ? nt.fileFp(b, call, sc.argsE) : this.annFp(b);
      if (flags & F_AIO) {
        const aio = aioRequests(nt, b, sc.argsS, sc.argsE, Infinity);
        fp = submitFp(aio, fp);
        this.pendAio.set(pid, aio);
      } else this.pendAio.delete(pid);
      const idx = this.b.push(pid, nt.pairOf(call, fp), 0, t, NaN, NaN, evLine);
      this.stackAt = idx;
      this.pending.set(pid, idx);
      this.pendCall.set(pid, call);
      this.pendFp.set(pid, fp);
      const oc = nt.callOff[call];
      if (oc !== OC_NONE) {
        const tail = this.facts.tail;
        if (needsTail(oc)) tailNumbers(b, sc.argsS, sc.argsE, tail);
        else tail[0] = tail[1] = NaN;
        this.pendOff.set(pid, { fd: this.lineFd(b), flags: needsFlags(oc) ? argFlags(b, sc.argsS, sc.argsE) : 0, t0: tail[0], t1: tail[1] });
      }
      if (sc.frameAt >= 0) {
        // the line was cut by a frame of another call's stack (the frames after it are that stack's too)
        this.stackAt = -1;
        this.addFrame(this.frameId(b, sc.frameAt, e));
        this.frameInLine = 1;
      }
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
      fp = nt.pathId(b, sc.retAnnS, sc.retAnnE);
      bl.pair[idx] = nt.pairOf(call, fp);
    }
    const err = sc.errS >= 0 ? nt.errId(b, sc.errS, sc.errE) : 0;
    const oc = nt.callOff[call];
    if (oc !== OC_NONE) bl.offset[idx] = this.offsetOf(oc, pid, b, fp, err !== 0, this.pendOff.get(pid) ?? null);
    if (this.filter !== undefined && !nt.accept(fp)) {
      bl.drop(idx);
      return this.count(D_FILTERED);
    }
    bl.errno[idx] = err;
    bl.dur[idx] = this.durs.completed(idx, lineNo, bl.start[idx] + sc.dur, t, true) < 0 ? sc.dur : NaN;
    this.stackAt = idx;
    bl.size[idx] = flags & F_SIZE ? (err !== 0 ? 0 : sc.retVal >= 0 ? sc.retVal : NaN) : NaN;
    const aio = flags & F_AIO ? this.pendAio.get(pid) : undefined;
    if (aio !== undefined && err === 0 && sc.retVal >= 0) this.pushAio(pid, bl.start[idx], bl.line[idx], aio.slice(0, sc.retVal));
  }

  /** Events of the libaio requests an io_submit made (docs/FORMATS.md "libaio requests"): at the call's start, duration unknown. */
  private pushAio(pid: number, t: number, line: number, reqs: readonly AioRequest[]): void {
    for (const r of reqs) {
      if (this.filter !== undefined && !this.names.accept(r.fp)) continue;
      this.b.push(pid, r.pair, 0, t, NaN, r.nbytes, line, r.offset);
    }
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
    const po = this.pendOff.get(from);
    if (po !== undefined) this.pendOff.set(to, po);
    this.pendOff.delete(from);
    this.pending.delete(from);
  }

  private closePending(pid: number, idx: number, kind: number, lines: number): void {
    this.pending.delete(pid);
    // a call that never completed visibly: the position of its fd is unknown from here on
    const po = this.pendOff.get(pid);
    if (po !== undefined && this.names.callOff[this.pendCall.get(pid)!] !== OC_NONE) this.forget(pid, po.fd, this.pendFp.get(pid) ?? 0);
    this.dropEvent(idx, kind, lines);
  }

  private dropEvent(idx: number, kind: number, lines = 1): void {
    this.b.drop(idx);
    this.count(kind, lines);
  }

  /** The fd of the line's first fd annotation, or -1. */
  private lineFd(b: Uint8Array): number {
    const sc = this.sc;
    if (sc.fpFd !== -2) return sc.fpFd;
    return sc.fpS > 0 ? fdAt(b, sc.fpS - 1, sc.argsS) : -1;
  }

  private forget(pid: number, fd: number, fp: number): void {
    const f = this.facts;
    f.pid = pid;
    f.fd = fd;
    f.fp = fp;
    f.failed = false;
    this.fds.call(offsetClass('getdents'), f);
  }

  /**
   * The offset of a completed call (docs/FORMATS.md "Offsets"); `pend`: what the unfinished line said when
   * the call was split over two lines (the resumed line is the current one).
   */
  private offsetOf(oc: number, pid: number, b: Uint8Array, fp: number, failed: boolean, pend: { fd: number; flags: number; t0: number; t1: number } | null): number {
    const sc = this.sc;
    const f = this.facts;
    f.pid = pid;
    f.fp = fp;
    f.failed = failed;
    f.ret = sc.retVal;
    if (needsTail(oc)) tailNumbers(b, sc.argsS, sc.argsE, f.tail);
    const flags = needsFlags(oc) ? argFlags(b, sc.argsS, sc.argsE) : 0;
    if (pend === null) {
      f.fd = this.lineFd(b);
      f.flags = flags;
      f.b = b;
      f.argsS = sc.argsS;
      f.argsE = sc.argsE;
    } else {
      this.pendOff.delete(pid);
      f.fd = pend.fd;
      f.flags = pend.flags | flags;
      if (needsTail(oc) && Number.isNaN(f.tail[0])) {
        f.tail[0] = pend.t0;
        f.tail[1] = pend.t1;
      }
      f.b = null;
    }
    if (oc === OC_OPEN && f.flags & AF_DIRECT && !failed) this.direct.set(fp, (this.direct.get(fp) ?? 0) + 1);
    return this.fds.call(oc, f);
  }
}

/**
 * The trace was filtered without lseek (docs/FORMATS.md "Offsets"): the positions of read/write/readv/writev
 * (and sendfile's output) are unknown — the program may have moved them with lseeks nobody saw — so their
 * offsets become NaN instead of following on from the previous call. pread/pwrite keep theirs.
 */
function positionsUnknown(log: EventLog, r: FileReport): void {
  const byPair = Uint8Array.from(log.pairCall, (c) => (usesPosition(offsetClass(log.calls[c])) ? 1 : 0));
  let n = 0;
  for (let i = 0; i < log.n; i++) {
    if (byPair[log.pair[i]] === 1 && log.offset[i] === log.offset[i]) {
      log.offset[i] = NaN;
      n++;
    }
  }
  if (n > 0) r.warnings.push(`traced with -e trace=… without lseek: the positions of ${n} read/write call(s) are unknown (a program may move them with lseek). Add lseek (or %desc) to the filter to see access patterns.`);
}

/** Parses a whole strace file held in memory (one push + finish). */
export function parseStraceBytes(fileName: string, bytes: Uint8Array, opts?: StraceParseOptions): EventLog {
  const p = new StraceParser(fileName, opts);
  p.push(bytes);
  return p.finish();
}
