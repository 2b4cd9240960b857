/**
 * The parser's side of the offsets (docs/FORMATS.md "Offsets"): the facts of each call of an offset class
 * handed to the fd tables (fds.ts), what an unfinished line said of its call (fd, flags, tail numbers) until
 * the call resumes, the O_DIRECT opens per file, and the positions a trace filtered without lseek cannot know.
 */
import type { EventLog, FileReport } from '../../model';
import type { CallFacts, FdTracker } from './fds';
import { AF_DIRECT, OC_NONE, OC_OPEN, argFlags, needsFlags, needsTail, offsetClass, tailNumbers, usesPosition } from './offsetcalls';
import { fdAt, type LineScanner } from './scan';

/** What the unfinished line of a call of an offset class said: its fd, flags and tail numbers. */
interface PendingOffset {
  fd: number;
  flags: number;
  t0: number;
  t1: number;
}

export class CallOffsets {
  private readonly facts: CallFacts = { pid: 0, fd: -1, fp: 0, failed: false, ret: NaN, flags: 0, tail: new Float64Array(2), b: null, argsS: 0, argsE: 0 };
  /** Per pid with a pending call of an offset class: what its unfinished line said. */
  private readonly pend = new Map<number, PendingOffset>();
  /** Per fp: the successful opens with O_DIRECT (FileReport.direct). */
  readonly direct = new Map<number, number>();

  constructor(
    readonly fds: FdTracker,
    private readonly sc: LineScanner,
  ) {}

  /** The fd of the line's first fd annotation, or -1. */
  lineFd(b: Uint8Array): number {
    const sc = this.sc;
    if (sc.fpFd !== -2) return sc.fpFd;
    return sc.fpS > 0 ? fdAt(b, sc.fpS - 1, sc.argsS) : -1;
  }

  /** The position of `fd` (of file `fp`) is unknown from here on (a call whose result is unknown used it). */
  forget(pid: number, fd: number, fp: number): void {
    const f = this.facts;
    f.pid = pid;
    f.fd = fd;
    f.fp = fp;
    f.failed = false;
    this.fds.call(offsetClass('getdents'), f);
  }

  /** The unfinished line (the current one) of a call of offset class `oc` of `pid`: kept until it resumes. */
  unfinished(pid: number, oc: number, b: Uint8Array): void {
    const sc = this.sc;
    const tail = this.facts.tail;
    if (needsTail(oc)) tailNumbers(b, sc.argsS, sc.argsE, tail);
    else tail[0] = tail[1] = NaN;
    this.pend.set(pid, { fd: this.lineFd(b), flags: needsFlags(oc) ? argFlags(b, sc.argsS, sc.argsE) : 0, t0: tail[0], t1: tail[1] });
  }

  /** The pending call of `from` is `to`'s (parser.ts movePending). */
  move(from: number, to: number): void {
    const po = this.pend.get(from);
    if (po !== undefined) this.pend.set(to, po);
    this.pend.delete(from);
  }

  /** The pending call of `pid` (of offset class `oc`, file `fp`) never completed visibly: its fd's position is unknown. */
  dropped(pid: number, oc: number, fp: number): void {
    const po = this.pend.get(pid);
    if (po !== undefined && oc !== OC_NONE) this.forget(pid, po.fd, fp);
  }

  /**
   * The offset of a completed call (docs/FORMATS.md "Offsets"); `resumed`: the call was split over two lines
   * (the resumed line is the current one; what the unfinished line said is taken).
   */
  of(oc: number, pid: number, b: Uint8Array, fp: number, failed: boolean, resumed: boolean): number {
    const sc = this.sc;
    const f = this.facts;
    const pend = resumed ? (this.pend.get(pid) ?? null) : null;
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
      this.pend.delete(pid);
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
export function positionsUnknown(log: EventLog, r: FileReport): void {
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
