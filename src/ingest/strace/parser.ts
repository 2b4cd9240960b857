/**
 * Streaming strace text parser: bytes in (any chunking), one EventLog case out.
 * See docs/FORMATS.md "strace text input" for every choice made here.
 */
import { EventLogBuilder, MAX_TIME, caseFromFileName, emptyFileReport } from '../../model';
import type { EventLog, FileReport } from '../../model';
import { ByteTable, decodeUtf8, hashBytes } from './bytes';
import { StraceClock } from './clock';
import { LineSplitter, MAX_LINE } from './lines';
import { FdTracker, OC_NONE, argFlags, needsFlags, needsTail, offsetClass, tailNumbers, type CallFacts } from './fds';
import { FILE_CALLS, fileCallFp, fileKeyEnd, type FileSpec } from './filecalls';
import { annotationToPath, openPathArgument } from './paths';
import * as S from './scan';
import { fdBefore } from './scan';

export interface StraceParseOptions {
  /** Applied once per distinct fp ('' = no fp) while parsing; events whose fp is rejected are dropped as 'filtered'. */
  pathFilter?: (fp: string) => boolean;
  /** Bytes of the first chunk to size the event buffers by when it is pushed in smaller pieces. */
  firstChunkHint?: number;
}

export { MAX_LINE };
const MAX_UNPARSABLE = 100;
/** MAX_TIME as a module constant (read per event). */
const MAX_T = MAX_TIME;
/** A call line cut by more strace messages than this in a row is dropped (bounds the work per line). */
const MAX_SPLICES = 8;
const UNPARSABLE_TEXT = 300;

const SIZE_CALLS = new Set(['read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev', 'preadv2', 'pwritev2',
  'sendfile', 'sendfile64', 'copy_file_range', 'splice', 'tee', 'recv', 'recvfrom', 'recvmsg', 'send', 'sendto', 'sendmsg']);
const OPEN_CALLS = new Set(['open', 'openat', 'openat2', 'creat']);
const F_SIZE = 1;
const F_OPEN = 2;
const F_FILE = 4;

/** Dropped line kinds (FileReport.dropped keys), counted in an array in the hot loop. */
/** The one path every path a load filter rejects becomes (no real path starts with NUL). */
const REJECTED = '\u0000filtered';

export const DROPPED_KINDS = ['blank', 'unparsable', 'truncated-last-line', 'strace-message', 'signal', 'exit', 'erestart', 'unavailable', 'unfinished-exited', 'filtered', 'orphan-unfinished', 'orphan-resumed', 'resumed', 'stack-frame'] as const;
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
const D_STACK_FRAME = 13;


export class StraceParser extends LineSplitter {
  /** Created on the first push, sized from it (growing the columns of a big file by doubling is costly). */
  private b!: EventLogBuilder;
  private readonly fileName: string;
  private readonly sc = new S.LineScanner();
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
  private readonly calls = new ByteTable(8);
  private readonly paths = new ByteTable(12);
  private readonly errs = new ByteTable(6);
  /** Per entry of `paths`: its bytes and a DataView of them, made once (the fd cache's keys). */
  private readonly annKey: Uint8Array[] = [];
  private readonly annView: DataView[] = [];
  private callFlags: number[] = [];
  /** Per call id: its offset class (fds.ts). */
  private callOff: number[] = [];
  private fds!: FdTracker;
  private readonly facts: CallFacts = { pid: 0, fd: -1, fp: 0, failed: false, ret: NaN, flags: 0, tail: new Float64Array(2), b: null, argsS: 0, argsE: 0 };
  /** Per pid with a pending call of an offset class: its fd, flags and tail numbers from the unfinished line. */
  private pendOff = new Map<number, { fd: number; flags: number; t0: number; t1: number }>();
  private fpOk: number[] = [];
  /** The placeholder fp of the paths the filter rejects (-1: none yet). */
  private rejected = -1;
  private fpPairCall: number[] = [];
  private fpPair: number[] = [];
  private readonly openArgs = new ByteTable(8);
  /** Per call id of a %file call: its argument positions and the cache of its fp by argument bytes. */
  private fileSpec: (FileSpec | undefined)[] = [];
  private readonly fileArgs = new Map<FileSpec, ByteTable>();
  private pending = new Map<number, number>();
  private pendCall = new Map<number, number>();
  private pendFp = new Map<number, number>();
  private readonly clock = new StraceClock();
  private durSeen = false;
  private annSeen = false;
  private pidKinds = 0;
  private unprefixed = false;
  private attached = new Set<number>();
  private mainPid = -1;
  private recognized = 0;
  private readonly counts = new Float64Array(DROPPED_KINDS.length);

  constructor(fileName: string, opts?: StraceParseOptions) {
    super();
    this.fileName = fileName;
    this.report = emptyFileReport(fileName, 'strace');
    this.filter = opts?.pathFilter;
    this.hint = opts?.firstChunkHint ?? 0;
    const m = /\.(\d+)$/.exec(fileName);
    this.filePid = m ? Number(m[1]) : -1;
  }

  protected override buffersChanged(): void {
    this.sc.forgetQuotes();
  }

  /** ~1 event per 128 bytes of the first chunk (at least 1024): one allocation for most files. */
  private readonly hint: number;

  protected override started(firstChunk: number): void {
    this.b = new EventLogBuilder(Math.max(1024, Math.min(1 << 22, Math.ceil(Math.max(firstChunk, this.hint) / 128))));
    const paths = this.b.paths.list;
    this.fds = new FdTracker(this.filePid >= 0, (fp) => paths[fp], (b, s, e) => this.pathId(b, s, e));
    const file = this.b.addFile(this.report);
    this.b.beginCase({ ...caseFromFileName(this.fileName), pid: null }, file);
  }

  /** Ends the file and returns its EventLog (one case, or none when nothing in it was strace output). */
  finish(): EventLog {
    if (this.finished) throw new Error('StraceParser: finish() called twice');
    if (!this.begun) this.started(0);
    this.flushLast();
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
    return b.build(this.clock.timeBase());
  }

  private flags(): FileReport['flags'] {
    const ts = this.clock.flag();
    const pids = this.pidKinds & 2 ? 'bracket' : this.pidKinds & 1 ? 'prefix' : this.filePid >= 0 ? 'filename' : 'none';
    return { timestamps: ts, durations: this.durSeen, annotations: this.annSeen, pids };
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
    const sc = this.sc;
    const kind = sc.scan(b, s, e);
    if (last && !this.complete(kind)) return this.count(D_TRUNCATED_LAST_LINE);
    if (kind === S.K_BAD) {
      let k = s;
      while (k < e && (b[k] === 0x20 || b[k] === 0x09)) k++;
      if (k === e) return this.count(D_BLANK);
      // strace -k: ` > /usr/lib/libc.so.6(read+0x12) [0x10e2a2]` after each call
      if (k === s + 1 && b[k] === 0x3e && b[k + 1] === 0x20) return this.count(D_STACK_FRAME);
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
    const call = this.callId(b, sc.nameS, sc.nameE);
    const flags = this.callFlags[call];
    if (kind === S.K_CALL) {
      if (sc.special === S.SP_ERESTART) return this.count(D_ERESTART);
      const oc = this.callOff[call];
      const fp = flags & F_OPEN ? this.openFp(b, true) : flags & F_FILE ? this.fileFp(b, call, sc.argsE) : sc.fpId >= 0 ? sc.fpId : sc.fpS >= 0 ? this.pathId(b, sc.fpS, sc.fpE) : 0;
      if (sc.special !== S.SP_NONE) {
        // the result is unknown: so is the position of the fd it used
        if (oc !== OC_NONE) this.forget(pid, this.lineFd(b), fp);
        return this.count(sc.special === S.SP_UNAVAILABLE ? D_UNAVAILABLE : D_UNFINISHED_EXITED);
      }
      const err = sc.errS >= 0 ? this.errId(b, sc.errS, sc.errE) : 0;
      const off = oc === OC_NONE ? NaN : this.offsetOf(oc, pid, b, fp, err !== 0, null);
      if (this.filter !== undefined && !this.accept(fp)) return this.count(D_FILTERED);
      const size = flags & F_SIZE ? (err !== 0 ? 0 : sc.retVal >= 0 ? sc.retVal : NaN) : NaN;
      this.b.push(pid, this.pairOf(call, fp), err, t, sc.dur, size, evLine, off);
      return;
    }
    if (kind === S.K_UNFINISHED) {
      const old = this.pending.get(pid);
      if (old !== undefined) this.closePending(pid, old, D_ORPHAN_UNFINISHED, 1);
      const fp = flags & F_OPEN ? this.openFp(b, false) : flags & F_FILE ? this.fileFp(b, call, sc.argsE) : sc.fpId >= 0 ? sc.fpId : sc.fpS >= 0 ? this.pathId(b, sc.fpS, sc.fpE) : 0;
      const idx = this.b.push(pid, this.pairOf(call, fp), 0, t, NaN, NaN, evLine);
      this.pending.set(pid, idx);
      this.pendCall.set(pid, call);
      this.pendFp.set(pid, fp);
      const oc = this.callOff[call];
      if (oc !== OC_NONE) {
        const tail = this.facts.tail;
        if (needsTail(oc)) tailNumbers(b, sc.argsS, sc.argsE, tail);
        else tail[0] = tail[1] = NaN;
        this.pendOff.set(pid, { fd: this.lineFd(b), flags: needsFlags(oc) ? argFlags(b, sc.argsS, sc.argsE) : 0, t0: tail[0], t1: tail[1] });
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
      fp = this.pathId(b, sc.retAnnS, sc.retAnnE);
      bl.pair[idx] = this.pairOf(call, fp);
    }
    const err = sc.errS >= 0 ? this.errId(b, sc.errS, sc.errE) : 0;
    const oc = this.callOff[call];
    if (oc !== OC_NONE) bl.offset[idx] = this.offsetOf(oc, pid, b, fp, err !== 0, this.pendOff.get(pid) ?? null);
    if (this.filter !== undefined && !this.accept(fp)) {
      bl.drop(idx);
      return this.count(D_FILTERED);
    }
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
    const po = this.pendOff.get(from);
    if (po !== undefined) this.pendOff.set(to, po);
    this.pendOff.delete(from);
    this.pending.delete(from);
  }

  private closePending(pid: number, idx: number, kind: number, lines: number): void {
    this.pending.delete(pid);
    // a call that never completed visibly: the position of its fd is unknown from here on
    const po = this.pendOff.get(pid);
    if (po !== undefined && this.callOff[this.pendCall.get(pid)!] !== OC_NONE) this.forget(pid, po.fd, this.pendFp.get(pid) ?? 0);
    this.dropEvent(idx, kind, lines);
  }

  private dropEvent(idx: number, kind: number, lines = 1): void {
    this.b.drop(idx);
    this.count(kind, lines);
  }

  /** The fd of the line's first fd annotation, or -1. */
  private lineFd(b: Uint8Array): number {
    const sc = this.sc;
    return sc.fpS > 0 ? fdBefore(b, sc.fpS - 1, sc.argsS) : -1;
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
    return this.fds.call(oc, f);
  }

  /**
   * The fp of a path. Under a path filter, a path it rejects is not kept: every rejected path is one
   * placeholder fp, whose events are dropped as 'filtered' (a filtered load of millions of distinct paths
   * holds only the paths it keeps).
   */
  private intern(p: string): number {
    const f = this.filter;
    if (f === undefined) return this.b.internPath(p);
    const known = this.b.paths.get(p);
    if (known !== undefined) return known;
    if (!f(p)) {
      if (this.rejected < 0) {
        this.rejected = this.b.internPath(REJECTED);
        this.fpOk[this.rejected] = 0;
      }
      return this.rejected;
    }
    const id = this.b.internPath(p);
    this.fpOk[id] = 1;
    return id;
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
      const spec = FILE_CALLS.get(name);
      this.fileSpec[id] = spec;
      this.callOff[id] = offsetClass(name);
      this.callFlags[id] = (SIZE_CALLS.has(name) ? F_SIZE : 0) | (OPEN_CALLS.has(name) ? F_OPEN : 0) | (spec ? F_FILE : 0);
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
      id = this.intern(annotationToPath(b, s, e));
      this.paths.add(b, s, e, h, id);
    }
    const fd = id === this.rejected ? -1 : fdBefore(b, s - 1, Math.max(0, s - 4));
    if (fd >= 0) {
      const k = this.paths.entry;
      let key = this.annKey[k];
      if (key === undefined) {
        key = b.slice(s, e);
        this.annKey[k] = key;
        this.annView[k] = new DataView(key.buffer);
      }
      this.sc.fdKey[fd] = key;
      this.sc.fdView[fd] = this.annView[k];
      this.sc.fdId[fd] = id;
    }
    return id;
  }

  // callId, pathId and errId look a name up the same way, written out per table on purpose: they run for
  // every line, and one shared helper would take the decoder and the interner as callbacks.
  private errId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.errs.find(b, s, e, h);
    if (id < 0) {
      id = this.b.internErrno(decodeUtf8(b, s, e));
      this.errs.add(b, s, e, h, id);
    }
    return id;
  }

  /** fp of a %file call (docs/FORMATS.md "fp"), cached per call kind by the bytes it depends on. */
  private fileFp(b: Uint8Array, call: number, argsE: number): number {
    const spec = this.fileSpec[call]!;
    const s = this.sc.argsS;
    const z = fileKeyEnd(b, s, argsE, spec);
    let t = this.fileArgs.get(spec);
    if (t === undefined) this.fileArgs.set(spec, (t = new ByteTable(8)));
    const h = hashBytes(b, s, z);
    let id = t.find(b, s, z, h);
    if (id < 0) {
      id = this.intern(fileCallFp(b, s, argsE, spec));
      t.add(b, s, z, h, id);
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
      id = this.intern(openPathArgument(b, sc.argsS, sc.argsE, dir));
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
