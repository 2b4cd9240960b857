/**
 * File offsets from a trace (docs/FORMATS.md "Offsets"): per process an fd table whose entries are open
 * file descriptions (position, file, O_APPEND) as the kernel keeps them — dup'ed fds and forked children
 * share a description, threads (CLONE_FILES) share the table. Unknown stays unknown (NaN): a description
 * is only known from an open seen in the trace, its fp is checked on every use, and a position moved
 * through an fd the trace cannot tie to a known description (inherited, passed, -ff siblings) forgets
 * every description of that file.
 */
import { splitArgs } from './filecalls';
import {
  AF_APPEND, AF_DUPFD, AF_FILES, AF_SETFL, AF_THREAD, OC_CLONE, OC_CLOSE, OC_COPY, OC_DUP, OC_EXEC, OC_FCNTL, OC_FORGET, OC_LLSEEK, OC_LSEEK,
  OC_OPEN, OC_PREAD, OC_PREAD2, OC_PWRITE, OC_PWRITE2, OC_READ, OC_SENDFILE, OC_WRITE,
} from './offsetcalls';

/** An open file description. */
interface Ofd {
  pos: number;
  fp: number;
  append: boolean;
}

/** fds below this are array slots (the common case, fast); above, a Map: no walk ever depends on an fd's value. */
const DENSE_FDS = 1024;

/** One fd table's entries: any fd number (up to 2^31 − 1) costs the same. */
class Slots {
  private readonly dense: (Ofd | undefined)[] = [];
  private sparse: Map<number, Ofd> | null = null;

  get(fd: number): Ofd | undefined {
    return fd < DENSE_FDS ? this.dense[fd] : this.sparse?.get(fd);
  }

  put(fd: number, o: Ofd | undefined): void {
    if (fd < DENSE_FDS) this.dense[fd] = o;
    else if (o !== undefined) (this.sparse ??= new Map()).set(fd, o);
    else this.sparse?.delete(fd);
  }

  /** The live entries (fn may change entries of this table: a removed one is not visited again). */
  forEach(fn: (o: Ofd, fd: number) => void): void {
    const d = this.dense;
    for (let fd = 0; fd < d.length; fd++) {
      const o = d[fd];
      if (o !== undefined) fn(o, fd);
    }
    if (this.sparse !== null) for (const [fd, o] of this.sparse) fn(o, fd);
  }
}

class Table {
  readonly fds = new Slots();
  sharers = 1;
  /** -ff: offsets only after an execve seen in this file (a thread's or a forked child's file shares unseen). */
  trusted: boolean;
  constructor(trusted: boolean) {
    this.trusted = trusted;
  }
}

/** What the tracker needs of one completed call. */
export interface CallFacts {
  pid: number;
  /** The fd of the first fd argument with an annotation, or -1. */
  fd: number;
  /** The event's fp id (of that annotation; for opens the returned fd's). */
  fp: number;
  failed: boolean;
  /** Decimal return value or NaN. */
  ret: number;
  /** AF_* flags of the call's text. */
  flags: number;
  /** Tail numbers of the arguments (last, second-last). */
  tail: Float64Array;
  /** Arguments text (for the second fd of sendfile/splice and _llseek's result), or null when split over lines. */
  b: Uint8Array | null;
  argsS: number;
  argsE: number;
}

const st = new Int32Array(4);
const en = new Int32Array(4);

export class FdTracker {
  private readonly tables = new Map<number, Table>();
  private readonly all: Table[] = [];
  /** Per fp id: 1 = a regular file whose offsets are tracked, 0 = not (pipes, sockets, /dev, /proc); undefined = not decided. */
  private readonly trackFp: number[] = [];
  /** Live descriptions per fp (invalidation only scans when there are any). */
  private readonly liveByFp: number[] = [];

  /**
   * @param ffMode one process per file (strace -ff): its children's and threads' calls are in other files.
   * @param pathOf the fp string of an fp id.
   * @param annFp the fp id of annotation bytes [s, e) (for sendfile's second fd).
   */
  constructor(
    private readonly ffMode: boolean,
    private readonly pathOf: (fp: number) => string,
    private readonly annFp: (b: Uint8Array, s: number, e: number) => number,
  ) {}

  /** The pid `from` (lines before the main pid was known) is `to`. */
  alias(from: number, to: number): void {
    const t = this.tables.get(from);
    if (t !== undefined && !this.tables.has(to)) {
      this.setTable(to, t);
      t.sharers++;
    }
  }

  /** table()'s one-entry cache (most lines are of the pid of the line before). */
  private lastPid = -2;
  private lastTable: Table | null = null;

  private setTable(pid: number, t: Table): void {
    this.lastPid = -2;
    this.tables.set(pid, t);
  }

  private table(pid: number): Table {
    if (pid === this.lastPid) return this.lastTable!;
    let t = this.tables.get(pid);
    if (t === undefined) {
      t = new Table(!this.ffMode);
      this.setTable(pid, t);
      this.all.push(t);
    }
    this.lastPid = pid;
    this.lastTable = t;
    return t;
  }

  private tracked(fp: number): boolean {
    let k = this.trackFp[fp];
    if (k === undefined) {
      const p = this.pathOf(fp);
      k = p.startsWith('/') && !p.startsWith('/proc/') && (!p.startsWith('/dev/') || p.startsWith('/dev/shm/')) ? 1 : 0;
      this.trackFp[fp] = k;
    }
    return k === 1;
  }

  private set(t: Table, fd: number, o: Ofd | undefined): void {
    const old = t.fds.get(fd);
    if (old !== undefined) this.liveByFp[old.fp]--;
    if (o !== undefined) this.liveByFp[o.fp] = (this.liveByFp[o.fp] ?? 0) + 1;
    t.fds.put(fd, o);
  }

  /** A position of file `fp` moved through an fd not tied to a known description: forget all of that file's. */
  private forgetFile(fp: number): void {
    if (!(this.liveByFp[fp] > 0)) return;
    for (const t of this.all) {
      t.fds.forEach((o, fd) => {
        if (o.fp === fp) this.set(t, fd, undefined);
      });
    }
  }

  /** The description behind fd of table t if it is still the one for fp, else undefined (stale entries dropped). */
  private known(t: Table, fd: number, fp: number): Ofd | undefined {
    const o = fd >= 0 ? t.fds.get(fd) : undefined;
    if (o === undefined) return undefined;
    if (o.fp === fp && t.trusted) return o;
    this.set(t, fd, undefined);
    return undefined;
  }

  /** Moves the position of fd (by `by` bytes, or to unknown with NaN); unknown fds forget the file. */
  private move(t: Table, fd: number, fp: number, by: number): void {
    const o = this.known(t, fd, fp);
    if (o !== undefined) o.pos += by;
    else if (this.tracked(fp)) this.forgetFile(fp);
  }

  /** The offset of one completed call (and the fd tables updated by it). */
  call(oc: number, c: CallFacts): number {
    const t = this.table(c.pid);
    switch (oc) {
      case OC_READ:
      case OC_WRITE:
        return this.rw(t, c, oc === OC_WRITE);
      case OC_PREAD:
      case OC_PWRITE:
        return this.positional(t, c, c.tail[0], oc === OC_PWRITE);
      case OC_PREAD2:
      case OC_PWRITE2:
        // preadv2/pwritev2 with offset -1 use and move the current position
        if (c.tail[1] === -1) return this.rw(t, c, oc === OC_PWRITE2);
        return this.positional(t, c, c.tail[1], oc === OC_PWRITE2);
      case OC_LSEEK:
      case OC_LLSEEK:
        return this.seek(t, c, oc === OC_LSEEK ? c.ret : this.llseekResult(c));
      case OC_OPEN:
        return this.open(t, c);
      case OC_DUP:
        if (!c.failed && c.ret >= 0) this.set(t, c.ret, this.known(t, c.fd, c.fp));
        return NaN;
      case OC_FCNTL: {
        const o = this.known(t, c.fd, c.fp);
        if (c.failed) return NaN;
        if (c.flags & AF_DUPFD && c.ret >= 0) this.set(t, c.ret, o);
        else if (c.flags & AF_SETFL && o !== undefined) {
          o.append = (c.flags & AF_APPEND) !== 0;
          if (o.append) o.pos = NaN;
        }
        return NaN;
      }
      case OC_CLOSE:
        if (c.fd >= 0) this.set(t, c.fd, undefined);
        return NaN;
      case OC_CLONE:
        if (!c.failed && c.ret > 0) this.cloned(t, c.ret, c.flags);
        return NaN;
      case OC_EXEC:
        if (!c.failed) this.execed(c.pid, t);
        return NaN;
      case OC_SENDFILE:
        return this.sendfile(t, c);
      case OC_COPY:
        this.copy(t, c);
        return NaN;
      case OC_FORGET:
        if (!c.failed) this.move(t, c.fd, c.fp, NaN);
        return NaN;
      default:
        return NaN;
    }
  }

  private rw(t: Table, c: CallFacts, write: boolean): number {
    const o = this.known(t, c.fd, c.fp);
    if (o === undefined) {
      if (!c.failed && this.tracked(c.fp)) this.forgetFile(c.fp);
      return NaN;
    }
    if (write && o.append) {
      o.pos = NaN; // written at the end of the file, wherever that is
      return NaN;
    }
    const off = o.pos;
    if (!c.failed) o.pos = c.ret >= 0 ? o.pos + c.ret : NaN;
    return off;
  }

  private positional(t: Table, c: CallFacts, off: number, write: boolean): number {
    if (!this.tracked(c.fp) || !(off >= 0)) return NaN;
    if (write) {
      // Linux: pwrite on an O_APPEND description appends, whatever the offset
      const o = this.known(t, c.fd, c.fp);
      if (o === undefined || o.append) return NaN;
    }
    return off;
  }

  private seek(t: Table, c: CallFacts, to: number): number {
    if (c.failed || !(to >= 0) || !this.tracked(c.fp)) return NaN;
    const o = this.known(t, c.fd, c.fp);
    if (o !== undefined) o.pos = to;
    else if (c.fd >= 0) {
      // a description not seen opened: others may share it (forget them); its O_APPEND flag is unknown
      this.forgetFile(c.fp);
      this.set(t, c.fd, { pos: to, fp: c.fp, append: true });
    }
    return to;
  }

  /** _llseek(fd, hi, lo, [RESULT], whence) = 0. */
  private llseekResult(c: CallFacts): number {
    if (c.b === null || c.failed) return NaN;
    const n = splitArgs(c.b, c.argsS, c.argsE, 4, st, en);
    if (n < 4 || c.b[st[3]] !== 0x5b) return NaN;
    let v = 0;
    let i = st[3] + 1;
    const d0 = i;
    while (i < en[3] && c.b[i] >= 0x30 && c.b[i] <= 0x39) v = v * 10 + c.b[i++] - 0x30;
    return i > d0 ? v : NaN;
  }

  private open(t: Table, c: CallFacts): number {
    if (c.failed || !(c.ret >= 0)) return NaN;
    if (!this.tracked(c.fp) || !t.trusted) {
      this.set(t, c.ret, undefined);
      return NaN;
    }
    const append = (c.flags & AF_APPEND) !== 0;
    this.set(t, c.ret, { pos: 0, fp: c.fp, append });
    return append ? NaN : 0;
  }

  private cloned(t: Table, child: number, flags: number): void {
    if (this.ffMode) {
      // the child's calls are in another file: shared descriptions (all of them with CLONE_FILES) go unknown
      t.fds.forEach((_, fd) => this.set(t, fd, undefined));
      if (flags & (AF_FILES | AF_THREAD)) t.trusted = false;
      return;
    }
    const own = this.tables.get(child);
    if (flags & AF_FILES) {
      // one table: the child's own opens (seen before the clone returned) join it
      if (own !== undefined && own !== t) {
        own.fds.forEach((o, fd) => this.set(t, fd, o));
        this.drop(own);
      }
      this.setTable(child, t);
      t.sharers++;
      return;
    }
    // fork: a copy of the table, the same descriptions
    const copy = own ?? this.table(child);
    t.fds.forEach((o, fd) => {
      if (copy.fds.get(fd) === undefined) this.set(copy, fd, o);
    });
  }

  private drop(t: Table): void {
    t.fds.forEach((_, fd) => this.set(t, fd, undefined));
    const k = this.all.indexOf(t);
    if (k >= 0) this.all.splice(k, 1);
  }

  /** execve unshares a table shared with threads; in -ff files it starts the trusted part. */
  private execed(pid: number, t: Table): void {
    if (this.ffMode) {
      t.trusted = true;
      return;
    }
    if (t.sharers > 1) {
      t.sharers--;
      const copy = new Table(true);
      this.setTable(pid, copy);
      this.all.push(copy);
      t.fds.forEach((o, fd) => this.set(copy, fd, o));
    }
  }

  /** sendfile(out, in, offp, n): written at out's position; in's moves when offp is NULL. */
  private sendfile(t: Table, c: CallFacts): number {
    const off = this.rw(t, c, true);
    if (c.failed) return off;
    const b = c.b;
    if (b === null) {
      this.forgetAll(t);
      return NaN;
    }
    const n = splitArgs(b, c.argsS, c.argsE, 3, st, en);
    if (n < 3) return off;
    const inFd = this.argFd(b, st[1], en[1]);
    const nullOff = en[2] - st[2] === 4 && b[st[2]] === 0x4e; // NULL
    if (nullOff && inFd.fd >= 0) this.move(t, inFd.fd, inFd.fp, c.ret >= 0 ? c.ret : NaN);
    return off;
  }

  /** copy_file_range / splice (in, off_in, out, off_out, …): the moved positions are forgotten. */
  private copy(t: Table, c: CallFacts): void {
    if (c.failed) return;
    const b = c.b;
    if (b === null) return this.forgetAll(t);
    const n = splitArgs(b, c.argsS, c.argsE, 4, st, en);
    const fds: { fd: number; fp: number; nul: boolean }[] = [];
    for (const k of [0, 2]) if (n > k + 1) fds.push({ ...this.argFd(b, st[k], en[k]), nul: en[k + 1] - st[k + 1] === 4 && b[st[k + 1]] === 0x4e });
    for (const f of fds) if (f.nul && f.fd >= 0) this.move(t, f.fd, f.fp, NaN);
  }

  private forgetAll(t: Table): void {
    t.fds.forEach((o) => this.forgetFile(o.fp));
  }

  /** The fd number and fp id of an argument `3</path>` (fd -1 when not an annotated fd). */
  private argFd(b: Uint8Array, s: number, e: number): { fd: number; fp: number } {
    let v = 0;
    let i = s;
    while (i < e && b[i] >= 0x30 && b[i] <= 0x39) v = v * 10 + b[i++] - 0x30;
    if (i === s || b[i] !== 0x3c) return { fd: -1, fp: 0 };
    let z = i + 1;
    while (z < e && b[z] !== 0x3c && b[z] !== 0x3e) z += b[z] === 0x5c ? 2 : 1;
    return { fd: v, fp: this.annFp(b, i + 1, Math.min(z, e)) };
  }
}
