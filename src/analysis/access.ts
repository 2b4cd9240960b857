/**
 * Darshan's access-pattern view from an EventLog with offsets (docs/METHOD.md "Access patterns"):
 * per file and per activity, the consecutive / sequential / random split of reads and writes and the
 * 10-bin request-size histogram, and which files are shared by more than one case.
 *
 * As Darshan's POSIX module: per process and file, `last` = the last byte of the previous read (writes
 * apart), starting at 0; a request at `offset` is sequential when offset > last and consecutive when
 * offset = last + 1. As Drishti reports them: consecutive, sequential = SEQ − CONSEC, random = requests − SEQ.
 * Only successful requests count; requests whose offset is unknown (NaN) count in the histogram and the
 * totals but not in the pattern split (`withOffset` says how many did).
 */
import type { EventLog } from '../model';

/** Darshan's request-size bins (upper bounds inclusive): 0–100, 100–1K, …, 1G+. */
export const SIZE_BINS = ['0-100', '100-1K', '1K-10K', '10K-100K', '100K-1M', '1M-4M', '4M-10M', '10M-100M', '100M-1G', '1G+'] as const;
const BIN_MAX = [100, 1024, 10240, 102400, 1048576, 4194304, 10485760, 104857600, 1073741824];

/** The SIZE_BINS index of a request of `bytes` bytes (Darshan's DARSHAN_BUCKET_INC). */
export function sizeBin(bytes: number): number {
  for (let k = 0; k < BIN_MAX.length; k++) if (bytes <= BIN_MAX[k]) return k;
  return BIN_MAX.length;
}

export const READ_CALLS: ReadonlySet<string> = new Set(['read', 'pread64', 'pread', 'readv', 'preadv', 'preadv2']);
export const WRITE_CALLS: ReadonlySet<string> = new Set(['write', 'pwrite64', 'pwrite', 'writev', 'pwritev', 'pwritev2']);

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
  for (let k = 0; k < log.cases.length; k++) {
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const fp = log.pairFp[log.pair[i]];
      if (seenIn[fp] !== k) {
        seenIn[fp] = k;
        count[fp]++;
      }
    }
  }
  return count;
}

/**
 * Access patterns per file and (with `pairAct`, activity id per pair, -1 = none) per activity.
 * One pass over the events, one map entry per (process, file, direction) of the current case.
 */
export function accessPatterns(log: EventLog, pairAct?: Int32Array, activities = 0): AccessResult {
  const dir = new Int8Array(log.pairCall.length); // 1 read, 2 write, 0 neither
  for (let p = 0; p < dir.length; p++) {
    const c = log.calls[log.pairCall[p]];
    dir[p] = READ_CALLS.has(c) ? 1 : WRITE_CALLS.has(c) ? 2 : 0;
  }
  const byFp = new Map<number, AccessCounts>();
  const byAct = Array.from({ length: activities }, emptyCounts);
  const last = new Map<number, number>();
  for (let k = 0; k < log.cases.length; k++) {
    last.clear();
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const p = log.pair[i];
      const d = dir[p];
      if (d === 0 || log.errno[i] !== 0) continue;
      const size = log.size[i];
      if (!(size >= 0)) continue;
      const fp = log.pairFp[p];
      let fc = byFp.get(fp);
      if (fc === undefined) byFp.set(fp, (fc = emptyCounts()));
      const a = pairAct !== undefined && pairAct[p] >= 0 && pairAct[p] < activities ? byAct[pairAct[p]] : undefined;
      const off = log.offset[i];
      let kind = -1; // 0 consecutive, 1 sequential, 2 random
      if (off >= 0) {
        // per process, file and direction (pids < 2^22, fp ids < 2^29)
        const key = (fp * 4194304 + (log.pid[i] & 0x3fffff)) * 2 + (d - 1);
        const lb = last.get(key) ?? 0;
        kind = off === lb + 1 ? 0 : off > lb ? 1 : 2;
        last.set(key, off + size - 1);
      }
      const bin = sizeBin(size);
      add(d === 1 ? fc.read : fc.write, size, bin, kind);
      if (a !== undefined) add(d === 1 ? a.read : a.write, size, bin, kind);
    }
  }
  const cases = casesPerFile(log);
  const files: FileAccess[] = [...byFp.keys()].sort((x, y) => x - y).map((fp) => ({ fp: log.paths[fp], cases: cases[fp], shared: cases[fp] > 1, ...byFp.get(fp)! }));
  let sharedFiles = 0;
  let privateFiles = 0;
  for (let fp = 1; fp < cases.length; fp++) {
    if (cases[fp] > 1) sharedFiles++;
    else if (cases[fp] === 1) privateFiles++;
  }
  return { files, activities: byAct, sharedFiles, privateFiles };
}

function add(c: PatternCounts, size: number, bin: number, kind: number): void {
  c.requests++;
  c.bytes += size;
  c.sizes[bin]++;
  if (kind < 0) return;
  c.withOffset++;
  if (kind === 0) c.consecutive++;
  else if (kind === 1) c.sequential++;
  else c.random++;
}
