/**
 * Streaming strace text parser: bytes in (any chunking), one EventLog case out.
 * See docs/FORMATS.md "strace text input" for every choice made here.
 */
import { EventLogBuilder, MAX_TIME, caseFromFileName, emptyFileReport } from '../../model';
import type { EventLog, FileReport } from '../../model';
import { CallOffsets, positionsUnknown } from './callOffsets';
import { StraceClock } from './clock';
import { DurationCheck } from './durations';
import {
  D_BLANK, D_ERESTART, D_EXIT, D_FILTERED, D_ORPHAN_RESUMED, D_ORPHAN_UNFINISHED, D_RESUMED, D_SIGNAL, D_STRACE_MESSAGE, D_TRUNCATED_LAST_LINE,
  D_UNAVAILABLE, D_UNFINISHED_EXITED,
} from './dropped';
import { FdTracker } from './fds';
import { StackFrames } from './frames';
import { LinePids } from './linePids';
import { LineTally, MAX_SPLICES } from './tally';
import { MAX_LINE } from './lines';
import { aioRequests, submitFp, type AioRequest } from './aio';
import { F_AIO, F_FILE, F_OPEN, F_SIZE, NameTables } from './names';
import { OC_NONE, lseekTraced } from './offsetcalls';
import * as S from './scan';
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
/** MAX_TIME as a module constant (read per event). */
const MAX_T = MAX_TIME;

export class StraceParser extends WindowedSplitter {
  /**
   * The thread's last finished parser, kept (without its event columns: EventLogBuilder.release) until the next
   * one finishes. V8's optimised code of the parser holds the hidden classes (maps) of the parser's objects
   * weakly: a major GC that finds none of them alive (between two files: the bench's gc() before each round, a
   * GC while a load awaits its next file) kills them and throws all of that code away ("weak objects"; ~100 in
   * 4 rounds of the bench set: every round as slow as a first one, docs/BENCHMARKS.md "ingest12"). A static
   * field, not a module variable that nothing reads: the bundler would drop the write.
   */
  static kept: StraceParser | null = null;
  /** Created on the first push, sized from it (growing the columns of a big file by doubling is costly). */
  private b!: EventLogBuilder;
  private readonly fileName: string;
  private readonly report: FileReport;
  private readonly filter: ((fp: string) => boolean) | undefined;
  /** The process of each line (linePids.ts). */
  private readonly pids: LinePids;
  private splice: Uint8Array | null = null;
  private spliceLine = 0;
  /** How many strace messages in a row cut the pending call line; calls dropped for too many. */
  private spliceDepth = 0;
  private lineNo = 0;
  /** Created on the first push, with the builder. */
  private names!: NameTables;
  /** The offsets of the calls (callOffsets.ts, over the fd tables of fds.ts). */
  private offsets!: CallOffsets;
  private pending = new Map<number, number>();
  private pendCall = new Map<number, number>();
  private pendFp = new Map<number, number>();
  /** Per pid: the libaio requests of its unfinished io_submit (aio.ts), pushed when it resumes. */
  private pendAio = new Map<number, AioRequest[]>();
  private readonly clock = new StraceClock();
  private readonly durs = new DurationCheck(() => this.clock.resolution());
  private durSeen = false;
  private annSeen = false;
  private recognized = 0;
  /** The lines not used as events, per kind, and the unparsable ones (tally.ts). */
  private readonly tally: LineTally;
  /** strace -k: the frames after a call's line (frames.ts); created on the first push, with the builder. */
  private frames!: StackFrames;

  constructor(fileName: string, opts?: StraceParseOptions) {
    super(opts?.scan !== 'js');
    this.fileName = fileName;
    this.report = emptyFileReport(fileName, 'strace');
    this.tally = new LineTally(this.report);
    this.filter = opts?.pathFilter;
    this.hint = opts?.firstChunkHint ?? 0;
    const m = /\.(\d+)$/.exec(fileName);
    this.pids = new LinePids(m ? Number(m[1]) : -1);
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
    const fr = this.frames;
    if (id < 0) return fr.add(fr.id(b, s + 3, e));
    const m = (this.frameOfId ??= new Int32Array(this.wasm!.frameCap).fill(-1));
    const f = m[id];
    fr.add(f >= 0 ? f : (m[id] = fr.id(b, s + 3, e)));
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
    this.offsets = new CallOffsets(new FdTracker(this.pids.filePid >= 0, (fp) => paths[fp], (b, s, e) => names.pathId(b, s, e)), this.sc);
    this.frames = new StackFrames(this.b, this.tally.counts);
    const file = this.b.addFile(this.report);
    this.b.beginCase({ ...caseFromFileName(this.fileName), pid: null }, file);
  }

  /** Ends the file and returns its EventLog (one case, or none when nothing in it was strace output). */
  finish(): EventLog {
    if (this.finished) throw new Error('StraceParser: finish() called twice');
    if (!this.begun) this.started(0);
    this.flushLast();
    if (this.frames.n !== 0) this.frames.end();
    this.finished = true;
    for (const idx of this.pending.values()) this.dropEvent(idx, D_ORPHAN_UNFINISHED);
    this.pending.clear();
    const b = this.b;
    const r = this.report;
    this.pids.finish(b, r);
    if (this.recognized === 0) {
      b.abortCase();
      r.warnings.push(this.lineNo === 0 ? 'empty file' : 'no strace output found in this file (is it an strace trace?)');
    } else b.endCase();
    r.bytes = this.bytes;
    r.lines = this.lineNo;
    r.events = b.n;
    this.tally.fill(r);
    r.flags = this.recognized === 0 ? null : this.flags();
    const direct = this.offsets.direct;
    if (direct.size) r.direct = [...direct].map(([fp, opens]) => ({ path: b.paths.list[fp], opens }));
    if (this.recognized > 0) this.warn(r);
    const log = b.build(this.clock.timeBase());
    if (r.flags !== null && !lseekTraced(log.calls)) {
      r.flags.lseekTraced = false;
      positionsUnknown(log, r);
    }
    // kept until the next file's parser finishes, without its columns (StraceParser.kept: why)
    b.release();
    this.sc.forgetQuotes();
    StraceParser.kept = this;
    return log;
  }

  private flags(): FileReport['flags'] {
    const ts = this.clock.flag();
    const pids = this.pids.flag();
    return { timestamps: ts, durations: this.durSeen, annotations: this.annSeen, pids, ...(this.frames.seen ? { stacks: true } : {}) };
  }

  private warn(r: FileReport): void {
    const w = r.warnings;
    this.clock.warn(w);
    if (r.events > 0 && !this.durSeen) w.push('no durations (traced without -T): rd, dr, mc and DR are unavailable. Re-trace with -T.');
    if (r.events > 0 && !this.annSeen) w.push('no fd annotations (traced without -y): calls have no file path, so the default mapping leaves them out. Re-trace with -y.');
    this.tally.warn(w);
    const d = this.durs.warning(this.fileName);
    if (d !== null) w.push(d);
    if (this.crOnly) w.push('lines end in a lone CR (\\r, classic Mac): split there');
  }

  private count(kind: number, k = 1): void {
    this.tally.counts[kind] += k;
  }

  protected overlongLine(b: Uint8Array, s: number): void {
    this.lineNo++;
    this.splice = null;
    this.tally.overlong(b, s, this.lineNo);
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
    const fr = this.frames;
    if (kind === S.K_FRAME) return fr.add(fr.id(b, s + 3, e));
    if (fr.n !== 0) fr.end();
    if (kind === S.K_BAD) {
      let k = s;
      while (k < e && (b[k] === 0x20 || b[k] === 0x09)) k++;
      if (k === e) return this.count(D_BLANK);
      return this.tally.unparsable(b, s, e, evLine);
    }
    if (kind === S.K_MESSAGE || kind === S.K_SPLICED) {
      this.recognized++;
      this.count(D_STRACE_MESSAGE);
      if (sc.attached >= 0) this.pids.attached.add(sc.attached);
      if (kind === S.K_SPLICED) {
        this.spliceDepth = joined ? this.spliceDepth + 1 : 1;
        if (this.spliceDepth > MAX_SPLICES) this.tally.spliceDropped++;
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
      if (!Number.isNaN(t)) this.tally.badTimes++;
      return this.tally.unparsable(b, s, e, evLine);
    }
    this.recognized++;
    const bad = this.durs.next(t);
    if (bad >= 0) this.b.dur[bad] = NaN;
    fr.at = -1;
    const pid = this.pids.of(sc, this.offsets.fds);
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
        if (oc !== OC_NONE) this.offsets.forget(pid, this.offsets.lineFd(b), fp);
        return this.count(sc.special === S.SP_UNAVAILABLE ? D_UNAVAILABLE : D_UNFINISHED_EXITED);
      }
      const err = sc.errS >= 0 ? nt.errId(b, sc.errS, sc.errE) : 0;
      const off = oc === OC_NONE ? NaN : this.offsets.of(oc, pid, b, fp, err !== 0, false);
      if (this.filter !== undefined && !nt.accept(fp)) return this.count(D_FILTERED);
      const size = flags & F_SIZE ? (err !== 0 ? 0 : sc.retVal >= 0 ? sc.retVal : NaN) : NaN;
      const idx = this.b.push(pid, nt.pairOf(call, fp), err, t, sc.dur, size, evLine, off);
      this.durs.completed(idx, evLine, t + sc.dur, t, false);
      fr.at = idx;
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
      fr.at = idx;
      this.pending.set(pid, idx);
      this.pendCall.set(pid, call);
      this.pendFp.set(pid, fp);
      const oc = nt.callOff[call];
      if (oc !== OC_NONE) this.offsets.unfinished(pid, oc, b);
      if (sc.frameAt >= 0) {
        // the line was cut by a frame of another call's stack (the frames after it are that stack's too)
        fr.at = -1;
        fr.add(fr.id(b, sc.frameAt, e));
        fr.inLine = 1;
      }
      return;
    }
    // resumed
    if (sc.pidKind === 2 && pid === this.pids.main && !this.pending.has(pid) && this.pending.has(0)) {
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
    if (oc !== OC_NONE) bl.offset[idx] = this.offsets.of(oc, pid, b, fp, err !== 0, true);
    if (this.filter !== undefined && !nt.accept(fp)) {
      bl.drop(idx);
      return this.count(D_FILTERED);
    }
    bl.errno[idx] = err;
    bl.dur[idx] = this.durs.completed(idx, lineNo, bl.start[idx] + sc.dur, t, true) < 0 ? sc.dur : NaN;
    fr.at = idx;
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
    this.offsets.move(from, to);
    this.pending.delete(from);
  }

  private closePending(pid: number, idx: number, kind: number, lines: number): void {
    this.pending.delete(pid);
    // a call that never completed visibly: the position of its fd is unknown from here on
    this.offsets.dropped(pid, this.names.callOff[this.pendCall.get(pid)!], this.pendFp.get(pid) ?? 0);
    this.dropEvent(idx, kind, lines);
  }

  private dropEvent(idx: number, kind: number, lines = 1): void {
    this.b.drop(idx);
    this.count(kind, lines);
  }
}

/** Parses a whole strace file held in memory (one push + finish). */
export function parseStraceBytes(fileName: string, bytes: Uint8Array, opts?: StraceParseOptions): EventLog {
  const p = new StraceParser(fileName, opts);
  p.push(bytes);
  return p.finish();
}
