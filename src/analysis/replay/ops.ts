/**
 * A case's I/O as replayable operations (docs/METHOD.md "Replay"): each kept event of a case becomes one
 * operation of a kind — the data kinds `read` / `write` (bytes at an offset), `sync` / `datasync`, the file
 * opens and closes, and the metadata kinds (stat, access, mkdir, …, `readdir` for one directory listing).
 * The same classification reads a recording (to plan its replay) and the replay's own traces (to check it),
 * so both sides of the fidelity check count alike.
 */
import type { EventLog } from '../../model/eventlog';
import { READ_CALLS, WRITE_CALLS } from '../access';
import { bareCall } from '../layers/layered';

export type DataKind = 'read' | 'write';
export type MetaKind =
  | 'stat'
  | 'access'
  | 'mkdir'
  | 'rmdir'
  | 'unlink'
  | 'rename'
  | 'readdir'
  | 'truncate'
  | 'chmod'
  | 'chown'
  | 'utime'
  | 'readlink'
  | 'symlink'
  | 'link'
  | 'statfs'
  | 'xattr';
export type OpKind = DataKind | 'sync' | 'datasync' | 'open' | 'close' | MetaKind;

/** Every metadata kind, in report order. */
export const META_KINDS: readonly MetaKind[] = ['stat', 'access', 'mkdir', 'rmdir', 'unlink', 'rename', 'readdir', 'truncate', 'chmod', 'chown', 'utime', 'readlink', 'symlink', 'link', 'statfs', 'xattr'];

const KIND_OF: Record<string, OpKind> = {};
const put = (kind: OpKind, calls: string): void => calls.split(' ').forEach((c) => (KIND_OF[c] = kind));
put('sync', 'fsync');
put('datasync', 'fdatasync sync_file_range');
put('open', 'open openat openat2 creat');
put('close', 'close');
put('stat', 'stat stat64 lstat lstat64 fstat fstat64 newfstatat fstatat64 statx oldstat oldlstat oldfstat');
put('access', 'access faccessat faccessat2');
put('mkdir', 'mkdir mkdirat');
put('rmdir', 'rmdir');
put('unlink', 'unlink unlinkat');
put('rename', 'rename renameat renameat2');
put('readdir', 'getdents getdents64');
put('truncate', 'truncate truncate64 ftruncate ftruncate64');
put('chmod', 'chmod fchmod fchmodat fchmodat2');
put('chown', 'chown chown32 lchown lchown32 fchown fchown32 fchownat');
put('utime', 'utime utimes utimensat futimesat');
put('readlink', 'readlink readlinkat');
put('symlink', 'symlink symlinkat');
put('link', 'link linkat');
put('statfs', 'statfs statfs64 fstatfs fstatfs64');
put('xattr', 'getxattr lgetxattr fgetxattr listxattr llistxattr flistxattr');
for (const c of READ_CALLS) KIND_OF[c] = 'read';
for (const c of WRITE_CALLS) KIND_OF[c] = 'write';

/** The kind of a system call (a layered name `hdf5 › pwrite64` by its call), or null: not replayed (lseek, mmap, …). */
export function kindOf(call: string): OpKind | null {
  return KIND_OF[bareCall(call)] ?? null;
}

/** The calls that read or write at an explicit offset (the others at the file position). */
export const POSITIONED: ReadonlySet<string> = new Set(['pread64', 'pread', 'preadv', 'preadv2', 'pwrite64', 'pwrite', 'pwritev', 'pwritev2']);

/** One operation of a case. */
export interface Op {
  /** Seconds since the case's first event. */
  t: number;
  /** Seconds (NaN = unknown). */
  dur: number;
  kind: OpKind;
  /** The system call as traced (bare: no layer). */
  call: string;
  path: string;
  /** Bytes at `offset` (data kinds; NaN = the position is unknown). */
  offset: number;
  /** Bytes moved (data kinds), NaN otherwise. */
  size: number;
  pid: number;
  /** Error name, '' = succeeded. */
  errno: string;
}

/** Which events of a log to read: `keep(pair)` (the view's mapping and the files chosen). */
export interface OpFilter {
  keepPair(pair: number): boolean;
}

/** Whether an event of a layered log (Darshan, OTF2) is a POSIX one (the layer replayed). */
function posixLayers(log: EventLog): Uint8Array | null {
  if (!log.layer || !log.layerNames) return null;
  return Uint8Array.from(log.layerNames, (n) => (/posix/i.test(n) ? 1 : 0));
}

/** Per pair: its kind's index in KINDS + 1 (0 = not replayed or not kept). */
const KINDS: readonly OpKind[] = ['read', 'write', 'sync', 'datasync', 'open', 'close', ...META_KINDS];

export function pairKinds(log: EventLog, filter: OpFilter): Uint8Array {
  const out = new Uint8Array(log.pairCall.length);
  for (let p = 0; p < out.length; p++) {
    if (!filter.keepPair(p)) continue;
    const k = kindOf(log.calls[log.pairCall[p]]);
    if (k !== null) out[p] = KINDS.indexOf(k) + 1;
  }
  return out;
}

/**
 * The operations of case `c` (events whose pair kind is set), in start order. A directory listing —
 * open of a directory, its stat (glibc's opendir), getdents until the end, close — is one `readdir`.
 */
export function caseOps(log: EventLog, c: number, kinds: Uint8Array, calls: readonly string[] = bareCalls(log)): Op[] {
  const from = log.caseOffsets[c];
  const to = log.caseOffsets[c + 1];
  const t0 = from < to ? log.start[from] : 0;
  const posix = posixLayers(log);
  const raw = collect(log, from, to, t0, kinds, posix, calls);
  return foldListings(raw);
}

/** Per call name of a log: its bare name (the layer stripped; caseOps' `calls`: made once for a loop over the cases). */
export function bareCalls(log: EventLog): string[] {
  return log.calls.map(bareCall);
}

function collect(log: EventLog, from: number, to: number, t0: number, kinds: Uint8Array, posix: Uint8Array | null, calls: readonly string[]): Op[] {
  const ops: Op[] = [];
  const { pair, pairCall, pairFp, paths, start, dur, offset, size, pid, errno, errnos } = log;
  const layer = posix !== null ? log.layer : null;
  for (let i = from; i < to; i++) {
    const p = pair[i];
    const k = kinds[p];
    if (k === 0) continue;
    if (layer && posix![layer[i]] === 0) continue;
    ops.push({ t: start[i] - t0, dur: dur[i], kind: KINDS[k - 1], call: calls[pairCall[p]], path: paths[pairFp[p]], offset: offset[i], size: size[i], pid: pid[i], errno: errnos[errno[i]] });
  }
  return ops;
}

interface ListState {
  open: number;
  stats: number[];
  listing: boolean;
}

/** Folds each listing (open, stat, getdents…, close of one directory) into one `readdir` op. */
export function foldListings(ops: Op[]): Op[] {
  const state = new Map<string, ListState>();
  const drop = new Uint8Array(ops.length);
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i];
    const s = state.get(o.path);
    switch (o.kind) {
      case 'open':
        if (o.errno === '') state.set(o.path, { open: i, stats: [], listing: false });
        break;
      case 'stat':
        if (s && !s.listing) s.stats.push(i);
        break;
      case 'readdir':
        if (s?.listing) drop[i] = 1;
        else if (!s) state.set(o.path, { open: -1, stats: [], listing: true });
        else {
          if (s.open >= 0) drop[s.open] = 1;
          for (const j of s.stats) drop[j] = 1;
          s.listing = true;
        }
        break;
      case 'close':
        if (s?.listing) drop[i] = 1;
        state.delete(o.path);
        break;
      default:
        if (s && (o.kind === 'read' || o.kind === 'write')) state.delete(o.path);
    }
  }
  return drop.some((d) => d === 1) ? ops.filter((_, i) => drop[i] === 0) : ops;
}

/** Whether an op moves data (a successful read or write of at least one byte). */
export function isData(o: Op): boolean {
  return (o.kind === 'read' || o.kind === 'write') && o.errno === '' && o.size > 0;
}
