/**
 * The parser's name tables: the ids of the call names, paths (fd annotations, open and %file call
 * arguments) and errno names of a line, looked up by their bytes; the per-call facts kept with a call id;
 * the path filter applied to each new path; the cache of (call, fp) pair ids.
 */
import type { EventLogBuilder } from '../../model';
import { grown } from '../../lib/grown';
import { ByteTable, decodeUtf8, hashBytes } from './bytes';
import { FILE_CALLS, fileCallFp, fileKeyEnd, type FileSpec } from './filecalls';
import { offsetClass } from './offsetcalls';
import { annotationToPath, openPathArgument } from './paths';
import { fdBefore, type LineScanner } from './scan';

const SIZE_CALLS = new Set(['read', 'write', 'pread64', 'pwrite64', 'readv', 'writev', 'preadv', 'pwritev', 'preadv2', 'pwritev2',
  'sendfile', 'sendfile64', 'copy_file_range', 'splice', 'tee', 'recv', 'recvfrom', 'recvmsg', 'send', 'sendto', 'sendmsg']);
const OPEN_CALLS = new Set(['open', 'openat', 'openat2', 'creat']);
/** Call flags (NameTables.callFlags): the call's return value is a size / it opens a path / it is a %file call /
 * it submits libaio requests (aio.ts). */
export const F_SIZE = 1;
export const F_OPEN = 2;
export const F_FILE = 4;
export const F_AIO = 8;

/** The one path every path a load filter rejects becomes (no real path starts with NUL). */
const REJECTED = '\u0000filtered';

export class NameTables {
  private readonly calls = new ByteTable(8);
  private readonly paths = new ByteTable(12);
  private readonly errs = new ByteTable(6);
  /** Per entry of `paths`: its bytes and a DataView of them, made once (the fd cache's keys). */
  private readonly annKey: Uint8Array[] = [];
  private readonly annView: DataView[] = [];
  /** Per call id: its F_* flags. */
  readonly callFlags: number[] = [];
  /** Per call id: its offset class (offsetcalls.ts). */
  readonly callOff: number[] = [];
  private fpOk: number[] = [];
  /** The placeholder fp of the paths the filter rejects (-1: none yet). */
  private rejected = -1;
  /** pairOf's cache, two entries per fp (typed: fps come in any order, and a JavaScript array written with holes changes kind). */
  private fpPairCall = new Int32Array(512).fill(-1);
  private fpPair = new Int32Array(512);
  private readonly openArgs = new ByteTable(8);
  /** Per call id of a %file call: its argument positions and the cache of its fp by argument bytes. */
  private fileSpec: (FileSpec | undefined)[] = [];
  private readonly fileArgs = new Map<FileSpec, ByteTable>();

  /**
   * @param b the builder whose names the ids are.
   * @param sc the parser's scanner: the line's argument and annotation ranges, and its fd cache (filled here).
   * @param filter the load's path filter, if any.
   */
  constructor(
    private readonly b: EventLogBuilder,
    private readonly sc: LineScanner,
    private readonly filter: ((fp: string) => boolean) | undefined,
  ) {}

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

  /** Whether the path filter (if any) keeps the events of fp. */
  accept(fp: number): boolean {
    const f = this.filter;
    if (f === undefined) return true;
    let ok = this.fpOk[fp];
    if (ok === undefined) {
      ok = f(this.b.paths.list[fp]) ? 1 : 0;
      this.fpOk[fp] = ok;
    }
    return ok === 1;
  }

  /**
   * builder.pairOf with a two-entry cache per fp (an fp is mostly used with one or two calls: a read and a
   * write, an lseek and a read, taking turns); entries [2·fp] (the last one used) and [2·fp + 1].
   */
  pairOf(call: number, fp: number): number {
    // the two hits in a few bytes of code: it is inlined into the parser's line function (durations.ts next)
    const k = fp << 1;
    const pc = this.fpPairCall;
    if (pc[k] === call) return this.fpPair[k];
    if (pc[k + 1] === call) return this.fpPair[k + 1];
    return this.pairMissed(call, fp, k);
  }

  private pairMissed(call: number, fp: number, k: number): number {
    const pc = this.fpPairCall;
    const p = this.b.pairOf(call, fp);
    if (k + 1 >= pc.length) {
      const n = Math.max(k + 2, 2 * pc.length);
      const c = new Int32Array(n).fill(-1);
      c.set(pc);
      this.fpPairCall = c;
      this.fpPair = grown(this.fpPair, n);
    }
    this.fpPairCall[k + 1] = this.fpPairCall[k];
    this.fpPair[k + 1] = this.fpPair[k];
    this.fpPairCall[k] = call;
    this.fpPair[k] = p;
    return p;
  }

  /** The id of a call name the parser makes itself (aio_pread …: aio.ts). */
  callByName(name: string): number {
    const bytes = Uint8Array.from(name, (c) => c.charCodeAt(0));
    return this.callId(bytes, 0, bytes.length);
  }

  callId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.calls.find(b, s, e, h);
    if (id < 0) {
      const name = decodeUtf8(b, s, e);
      id = this.b.internCall(name);
      const spec = FILE_CALLS.get(name);
      this.fileSpec[id] = spec;
      this.callOff[id] = offsetClass(name);
      this.callFlags[id] = (SIZE_CALLS.has(name) ? F_SIZE : 0) | (OPEN_CALLS.has(name) ? F_OPEN : 0) | (spec ? F_FILE : 0) | (name === 'io_submit' ? F_AIO : 0);
      this.calls.add(b, s, e, h, id);
    }
    return id;
  }

  /**
   * The path id of annotation bytes [s, e). Remembers the bytes per fd (the number before the `<`) in the
   * scanner's cache, which compares the next annotation of that fd while skipping it (no hashing on a hit).
   */
  pathId(b: Uint8Array, s: number, e: number): number {
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
  errId(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.errs.find(b, s, e, h);
    if (id < 0) {
      id = this.b.internErrno(decodeUtf8(b, s, e));
      this.errs.add(b, s, e, h, id);
    }
    return id;
  }

  /** fp of a %file call (docs/FORMATS.md "fp"), cached per call kind by the bytes it depends on. */
  fileFp(b: Uint8Array, call: number, argsE: number): number {
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
  openFp(b: Uint8Array, complete: boolean): number {
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
