/**
 * The replay plan (docs/METHOD.md "Replay"): per case the data operations fio replays (its I/O log), the
 * metadata operations the metadata replayer makes, the files to prepare, and what was not replayed.
 */
import type { MetaKind } from './ops';

/** The what-ifs applied before export (docs/METHOD.md "Replay: what-ifs"). */
export interface WhatIfs {
  /** Merge consecutive requests of a file and direction up to this many bytes (0 = off). */
  coalesce: number;
  /** Align every request to this many bytes: its start down, its end up (0 = off). */
  align: number;
  /** `fpp`: every case gets its own file of each shared file; `ssf`: the files each case has alone, of one name
   * pattern, become one shared file; null = as recorded. */
  layout: 'fpp' | 'ssf' | null;
  /** lseek + read/write → pread/pwrite (fio's psync engine for every case). */
  pread: boolean;
  /** Leave out fsync/fdatasync. */
  noSync: boolean;
}

export const NO_WHAT_IFS: WhatIfs = { coalesce: 0, align: 0, layout: null, pread: false, noSync: false };

/** What fio does, one line of a case's I/O log (fio's `fio version 3 iolog`). */
export interface IoLine {
  /** Seconds since the case's first event. */
  t: number;
  path: string;
  kind: 'open' | 'close' | 'read' | 'write' | 'sync' | 'datasync';
  offset: number;
  size: number;
}

export type MetaAction = MetaKind | 'open' | 'close' | 'sync' | 'datasync';

/** When a metadata operation runs relative to the case's fio job. */
export type Phase = 'pre' | 'during' | 'post';

/** One operation of the metadata replayer. */
export interface MetaLine {
  t: number;
  phase: Phase;
  action: MetaAction;
  path: string;
  /** open: `c` create or open read-write, `d` a directory, `r` read-only (expected to fail), `x` exclusive create;
   * truncate: the length; other actions: ''. */
  arg: string;
  /** The call as recorded and its error ('' = succeeded). */
  call: string;
  errno: string;
}

/** `count` byte ranges [start + k·stride, start + k·stride + length), k = 0 … count − 1. */
export type ExtentRun = [number, number, number, number];

/** Per file and direction: what the recording holds (before the what-ifs). */
export interface DirSummary {
  requests: number;
  bytes: number;
  /** The byte ranges the requests cover, merged, as runs [start, length, stride, count] — count ranges of one
   * length, each `stride` after the previous (summary.ts extentRuns); null beyond EXTENT_CAP runs. */
  extents: ExtentRun[] | null;
}

export interface FileSummary {
  read: DirSummary;
  write: DirSummary;
  syncs: number;
}

export interface PlanCase {
  /** Index in the replay (0-based), the rank that runs it under srun/mpirun. */
  index: number;
  id: string;
  cid: string;
  host: string;
  rid: string;
  /** The trace name of its replay: `{traceCid}_{host}_{traceRid}.st`. */
  traceCid: string;
  traceRid: string;
  /** Seconds from the case's first to its last event end. */
  wall: number;
  /** Seconds from the first replayed call's start to the last one's end. */
  span: number;
  /** Seconds in data calls / in metadata calls (NaN: durations unknown). */
  dataBusy: number;
  metaBusy: number;
  engine: 'sync' | 'psync';
  io: IoLine[];
  meta: MetaLine[];
  /** The recording's data per file (original paths). */
  recorded: Record<string, FileSummary>;
  /** What the README says of this case (unknown offsets replayed sequentially, events left out, …). */
  notes: string[];
  /** I/O of this case that strace could not see (null: none seen missing). */
  unseen: string | null;
}

/** A file of the replay: its name under the root, and how run.sh prepares it. */
export interface PlanFile {
  path: string;
  /** Relative name under the replay root: the path without its leading `/`, or `.strace-dfg/N` for a name fio
   * cannot carry (white space, control characters, longer than 200 bytes). */
  name: string;
  prepare: 'dir' | 'file' | null;
  /** Bytes to create a prepared file with. */
  size: number;
}

export interface ReplayPlan {
  cases: PlanCase[];
  files: PlanFile[];
  whatIfs: WhatIfs;
  /** Events of the view left out, by reason (system/runtime files, calls not replayed, …). */
  left: Record<string, number>;
  /** Events replayed (data + metadata). */
  events: number;
}
