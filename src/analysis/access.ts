/**
 * Darshan's access-pattern view from an EventLog with offsets (docs/METHOD.md "Access patterns"):
 * per file and per activity, the consecutive / sequential / random split of reads and writes and the
 * 10-bin request-size histogram, and which files are shared by more than one case.
 *
 * The consecutive / sequential / random rule is accessKind.ts's (Darshan's, per process, file and direction;
 * a first request at offset 0 is random). As Drishti reports them: consecutive, sequential = SEQ − CONSEC,
 * random = requests − SEQ.
 * Only successful requests count; requests whose offset is unknown (NaN) count in the histogram and the
 * totals but not in the pattern split (`withOffset` says how many did).
 */
import type { EventLog } from '../model';
import { primeLog } from './primeLog';
import { accessKind, lastByte } from './accessKind';

/** Darshan's request-size bins (upper bounds inclusive): 0–100, 100–1K, …, 1G+. */
export const SIZE_BINS = ['0-100', '100-1K', '1K-10K', '10K-100K', '100K-1M', '1M-4M', '4M-10M', '10M-100M', '100M-1G', '1G+'] as const;
const BIN_MAX = [100, 1024, 10240, 102400, 1048576, 4194304, 10485760, 104857600, 1073741824];

/** The SIZE_BINS index of a request of `bytes` bytes (Darshan's DARSHAN_BUCKET_INC). */
export function sizeBin(bytes: number): number {
  for (let k = 0; k < BIN_MAX.length; k++) if (bytes <= BIN_MAX[k]) return k;
  return BIN_MAX.length;
}

/** Reads and writes: the system calls; aio_pread … are the libaio requests of io_submit lines (docs/FORMATS.md
 * "libaio requests"); the POSIX layer's operations of a Darshan DXT trace (its MPI-IO operations reach the file
 * through those: counted once, as Darshan's POSIX module counts them). */
export const READ_CALLS: ReadonlySet<string> = new Set(['read', 'pread64', 'pread', 'readv', 'preadv', 'preadv2', 'aio_pread', 'aio_preadv', 'POSIX read']);
export const WRITE_CALLS: ReadonlySet<string> = new Set(['write', 'pwrite64', 'pwrite', 'writev', 'pwritev', 'pwritev2', 'aio_pwrite', 'aio_pwritev', 'POSIX write']);

/** One direction (reads or writes) of one file or activity. */
export interface PatternCounts {
  /** Successful requests. */
  requests: number;
  bytes: number;
  /** Requests with a known offset (the pattern split is over these). */
  withOffset: number;
  consecutive: number;
  /** Sequential but not consecutive (Drishti's "sequential"). */
  sequential: number;
  random: number;
  /** Requests per SIZE_BINS bin. */
  sizes: number[];
}

export interface AccessCounts {
  read: PatternCounts;
  write: PatternCounts;
}

export interface FileAccess extends AccessCounts {
  fp: string;
  /** Number of cases with any event on this file (any call). */
  cases: number;
  /** Touched by more than one case. */
  shared: boolean;
}

export interface AccessResult {
  /** Files with at least one successful read or write, in fp order of the log. */
  files: FileAccess[];
  /** Per activity id of `pairAct` (when given): the same counts. */
  activities: AccessCounts[];
  /** Files touched (any call, fp ≠ '') by more than one case / by exactly one. */
  sharedFiles: number;
  privateFiles: number;
}

const emptyPattern = (): PatternCounts => ({ requests: 0, bytes: 0, withOffset: 0, consecutive: 0, sequential: 0, random: 0, sizes: new Array<number>(SIZE_BINS.length).fill(0) });
const emptyCounts = (): AccessCounts => ({ read: emptyPattern(), write: emptyPattern() });

/** Per fp id: the number of cases with an event on it. */
export function casesPerFile(log: EventLog): Uint32Array {
  const count = new Uint32Array(log.paths.length);
  const seenIn = new Int32Array(log.paths.length).fill(-1);
  const { pair, pairFp, caseOffsets, n } = log;
  // one loop over the events, the case boundaries inside it (see passPatterns)
  for (let i = 0, k = -1, next = 0; i < n; i++) {
    while (i === next) next = caseOffsets[++k + 1];
    const fp = pairFp[pair[i]];
    if (seenIn[fp] !== k) {
      seenIn[fp] = k;
      count[fp]++;
    }
  }
  return count;
}

/**
 * Access patterns per file and (with `pairAct`, activity id per pair, -1 = none) per activity.
 * One pass over the events; per case, the last byte per (process, file, direction).
 */
export function accessPatterns(log: EventLog, pairAct?: Int32Array, activities = 0): AccessResult {
  if (!primed) prime();
  const dir = new Int8Array(log.pairCall.length); // 1 read, 2 write, 0 neither
  for (let p = 0; p < dir.length; p++) {
    const c = log.calls[log.pairCall[p]];
    dir[p] = READ_CALLS.has(c) ? 1 : WRITE_CALLS.has(c) ? 2 : 0;
  }
  const F = log.paths.length;
  const byFp: (AccessCounts | undefined)[] = new Array<AccessCounts | undefined>(F);
  const byAct = Array.from({ length: activities }, emptyCounts);
  // `last` per (process, file, direction) of the current case: a slot per (file, direction) holds the first
  // process seen on it in this case; other processes of the same file and direction (threads) use `more`
  const slotCase = new Int32Array(2 * F).fill(-1);
  const slotPid = new Int32Array(2 * F);
  const slotLast = new Float64Array(2 * F);
  passPatterns(log, dir, byFp, byAct, pairAct, activities, slotCase, slotPid, slotLast);
  const cases = casesPerFile(log);
  const files: FileAccess[] = [];
  for (let fp = 0; fp < F; fp++) {
    const c = byFp[fp];
    if (c !== undefined) files.push({ fp: log.paths[fp], cases: cases[fp], shared: cases[fp] > 1, ...c });
  }
  let sharedFiles = 0;
  let privateFiles = 0;
  for (let fp = 1; fp < cases.length; fp++) {
    if (cases[fp] > 1) sharedFiles++;
    else if (cases[fp] === 1) privateFiles++;
  }
  return { files, activities: byAct, sharedFiles, privateFiles };
}

let primed = false;

/** Runs accessPatterns three times on the prime log (primeLog.ts) before the first real one: passPatterns'
 * case-boundary code at the first event ran without type feedback, so the loop optimised during the first
 * case was thrown away at the second boundary and compiled again. Reads activity 0, writes 1, the rest none. */
function prime(): void {
  primed = true;
  const log = primeLog();
  const pairAct = Int32Array.from(log.pairCall, (c) => (log.calls[c] === 'read' ? 0 : log.calls[c] === 'write' ? 1 : -1));
  for (let r = 0; r < 3; r++) accessPatterns(log, pairAct, 2);
}

/**
 * accessPatterns' pass over the events. One loop with the case boundaries inside it and nothing after it, and
 * `add` counting every kind on every request: V8 optimises this loop while the first case runs (on-stack
 * replacement), and code the first events had not run (the next case, a kind not met yet, what followed
 * the loop) had no type feedback then, which threw the optimised code away (3 compiles of the function).
 */
function passPatterns(
  log: EventLog,
  dir: Int8Array,
  byFp: (AccessCounts | undefined)[],
  byAct: AccessCounts[],
  pairAct: Int32Array | undefined,
  activities: number,
  slotCase: Int32Array,
  slotPid: Int32Array,
  slotLast: Float64Array,
): void {
  const more = new Map<number, number>();
  const { pair, errno, offset, pid, pairFp, caseOffsets, n } = log;
  const sizes = log.size;
  for (let i = 0, k = -1, next = 0; i < n; i++) {
    if (i === next) {
      while (i === next) next = caseOffsets[++k + 1];
      more.clear();
    }
    const p = pair[i];
    const d = dir[p];
    if (d === 0 || errno[i] !== 0) continue;
    const size = sizes[i];
    if (!(size >= 0)) continue;
    const fp = pairFp[p];
    let fc = byFp[fp];
    if (fc === undefined) byFp[fp] = fc = emptyCounts();
    const a = pairAct !== undefined && pairAct[p] >= 0 && pairAct[p] < activities ? byAct[pairAct[p]] : undefined;
    const off = offset[i];
    let kind = -1; // 0 consecutive, 1 sequential, 2 random
    if (off >= 0) {
      const s = 2 * fp + (d - 1);
      const who = pid[i];
      let lb: number;
      if (slotCase[s] !== k) {
        slotCase[s] = k;
        slotPid[s] = who;
        lb = 0;
        slotLast[s] = lastByte(off, size);
      } else if (slotPid[s] === who) {
        lb = slotLast[s];
        slotLast[s] = lastByte(off, size);
      } else {
        // pids < 2^22, slots < 2^30: the key is exact
        const key = s * 4194304 + (who & 0x3fffff);
        lb = more.get(key) ?? 0;
        more.set(key, lastByte(off, size));
      }
      kind = accessKind(off, lb);
    }
    const bin = sizeBin(size);
    add(d === 1 ? fc.read : fc.write, size, bin, kind);
    if (a !== undefined) add(d === 1 ? a.read : a.write, size, bin, kind);
  }
}

/** Counts a request of `kind` (-1: offset unknown, 0 consecutive, 1 sequential, 2 random): every counter is
 * added to, 0 or 1 (no branch that the first requests might not take: see passPatterns). */
function add(c: PatternCounts, size: number, bin: number, kind: number): void {
  c.requests++;
  c.bytes += size;
  c.sizes[bin]++;
  c.withOffset += kind >= 0 ? 1 : 0;
  c.consecutive += kind === 0 ? 1 : 0;
  c.sequential += kind === 1 ? 1 : 0;
  c.random += kind === 2 ? 1 : 0;
}
