/**
 * The Files view of Darshan's counters (docs/METHOD.md "Darshan's counters per file"): per loaded log, module,
 * file and rank (rank −1: a shared record, reduced over every rank that opened the file) the operations and
 * bytes, the access pattern and request sizes as Darshan counted them, its four most common access sizes,
 * the time spent and, for MPI-IO, how the operations were made. Straight from the counter tables
 * (EventLog.profiles), so a log without a DXT trace has its Files view too; not filtered by the view (the
 * counters are the whole job's).
 */
import type { EventLog } from '../../model/eventlog';
import { tableOf, type CounterTable, type Profile } from '../../model/profile';
import { isSystemPath } from '../systemFiles';

/** Darshan's 10 request-size bins, as the counters name them (POSIX_SIZE_READ_0_100 …). */
const BINS = ['0_100', '100_1K', '1K_10K', '10K_100K', '100K_1M', '1M_4M', '4M_10M', '10M_100M', '100M_1G', '1G_PLUS'];

/** One direction of a row: operations and bytes; the pattern and sizes where the module counts them. */
export interface CounterPattern {
  ops: number;
  bytes: number;
  /** Darshan's CONSEC (starts right after the previous request's last byte), SEQ − CONSEC (after it, with a
   * gap) and the rest (random): POSIX only, else −1. */
  consecutive: number;
  sequential: number;
  random: number;
  /** Requests per size bin (10 bins; MPI-IO, H5D and PnetCDF count the aggregate size of each operation); [] when the module has none. */
  sizes: number[];
}

export interface CounterFileRow {
  /** The log (its file name), the module (POSIX, MPI-IO, STDIO, H5D, PNETCDF_VAR), the file's name record. */
  log: string;
  module: string;
  file: string;
  /** The rank, or −1 for a shared record (all ranks). */
  rank: number;
  /** The file system type of the mount the file lies under (the log's mount table), or ''. */
  fs: string;
  /** A system file (systemFiles.ts isSystemPath), not the program's: in Darshan logs mostly Open MPI's own files in
   * its session directory, /tmp/ompi.HOST.UID/… (OMPIO's shared file pointer, `<file>_cid-<cid>-<pid>.sm`, for each
   * MPI_File_open); the graph hides them (mapping "system files"), the Files views mark them and list them last. */
  system: boolean;
  /** Opens (POSIX: open/creat/…; MPI-IO: independent + collective; STDIO: fopen/fdopen; H5D, PNETCDF_VAR: their opens). */
  opens: number;
  read: CounterPattern;
  write: CounterPattern;
  /** The four most common access sizes (POSIX, MPI-IO), most frequent first: [size, count]. */
  common: [number, number][];
  /** Seconds in reads, writes and metadata calls (summed over ranks for a shared record); −1 where not counted. */
  readTime: number;
  writeTime: number;
  metaTime: number;
  /** MPI-IO: operations (reads + writes) that were independent, collective, split collective, non-blocking. */
  mpiio: { indep: number; coll: number; split: number; nb: number } | null;
}

export interface CounterFilesReport {
  /** Most bytes first (then by file, module, rank). */
  rows: CounterFileRow[];
  /** The logs with counter tables and the modules that have rows. */
  logs: string[];
  modules: string[];
  /** `module of LOG` for each partial module: some records are missing. */
  partial: string[];
}

/** Counter-name prefix of each module shown (the other tables, H5F, PNETCDF_FILE, LUSTRE, carry no I/O sizes). */
const PREFIX: Readonly<Record<string, string>> = { POSIX: 'POSIX', 'MPI-IO': 'MPIIO', STDIO: 'STDIO', H5D: 'H5D', PNETCDF_VAR: 'PNETCDF_VAR' };

/** The file system type of the longest mount point that prefixes `path` (Darshan's own rule). */
function fsOf(p: Profile, path: string): string {
  let best = '';
  let len = -1;
  for (const m of p.mounts) {
    const dir = m.path.endsWith('/') ? m.path : `${m.path}/`;
    if ((path === m.path || path.startsWith(dir)) && m.path.length > len) {
      best = m.type;
      len = m.path.length;
    }
  }
  return best;
}

function tableRows(p: Profile, t: CounterTable, out: CounterFileRow[]): void {
  const pre = PREFIX[t.module];
  const w = t.names.length;
  const at = new Map(t.names.map((n, k) => [n, k]));
  const fs = t.files.map((f) => fsOf(p, f));
  for (let r = 0; r < t.rank.length; r++) {
    const base = r * w;
    /** The counter, or −1 when this module version lacks it. */
    const v = (name: string): number => {
      const k = at.get(name);
      return k === undefined ? -1 : t.values[base + k];
    };
    const sum = (...names: string[]): number => names.reduce((a, n) => a + Math.max(0, v(n)), 0);
    const dir = (d: 'READ' | 'WRITE'): CounterPattern => {
      const s = d === 'READ' ? 'READS' : 'WRITES';
      const ops = pre === 'MPIIO' ? sum(`MPIIO_INDEP_${s}`, `MPIIO_COLL_${s}`, `MPIIO_SPLIT_${s}`, `MPIIO_NB_${s}`)
        : pre === 'PNETCDF_VAR' ? sum(`PNETCDF_VAR_INDEP_${s}`, `PNETCDF_VAR_COLL_${s}`, `PNETCDF_VAR_NB_${s}`) : Math.max(0, v(`${pre}_${s}`));
      const bytes = Math.max(0, v(`${pre}_BYTES_${d === 'READ' ? 'READ' : 'WRITTEN'}`));
      const consec = pre === 'POSIX' ? v(`POSIX_CONSEC_${s}`) : -1;
      const seq = pre === 'POSIX' ? v(`POSIX_SEQ_${s}`) : -1;
      const bin = pre === 'POSIX' ? `POSIX_SIZE_${d}_` : `${pre}_SIZE_${d}_AGG_`;
      const sizes = at.has(`${bin}${BINS[0]}`) ? BINS.map((b) => Math.max(0, v(bin + b))) : [];
      const known = consec >= 0 && seq >= 0;
      return { ops, bytes, consecutive: known ? consec : -1, sequential: known ? seq - consec : -1, random: known ? ops - seq : -1, sizes };
    };
    const common: [number, number][] = [];
    if (pre === 'POSIX' || pre === 'MPIIO') {
      for (let i = 1; i <= 4; i++) {
        const n = v(`${pre}_ACCESS${i}_COUNT`);
        if (n > 0) common.push([v(`${pre}_ACCESS${i}_ACCESS`), n]);
      }
      common.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    }
    out.push({
      log: p.source, module: t.module, file: t.files[t.file[r]], rank: t.rank[r], fs: fs[t.file[r]], system: isSystemPath(t.files[t.file[r]]),
      opens: pre === 'MPIIO' ? sum('MPIIO_INDEP_OPENS', 'MPIIO_COLL_OPENS') : pre === 'STDIO' ? sum('STDIO_OPENS', 'STDIO_FDOPENS') : Math.max(0, v(`${pre}_OPENS`)),
      read: dir('READ'), write: dir('WRITE'), common,
      readTime: v(`${pre}_F_READ_TIME`), writeTime: v(`${pre}_F_WRITE_TIME`), metaTime: v(`${pre}_F_META_TIME`),
      mpiio: pre === 'MPIIO' ? { indep: sum('MPIIO_INDEP_READS', 'MPIIO_INDEP_WRITES'), coll: sum('MPIIO_COLL_READS', 'MPIIO_COLL_WRITES'), split: sum('MPIIO_SPLIT_READS', 'MPIIO_SPLIT_WRITES'), nb: sum('MPIIO_NB_READS', 'MPIIO_NB_WRITES') } : null,
    });
  }
}

const rowBytes = (r: CounterFileRow): number => r.read.bytes + r.write.bytes;

/** The counter rows of every Darshan log in `log` (none for strace traces). */
export function counterFiles(log: EventLog | null): CounterFilesReport {
  const rows: CounterFileRow[] = [];
  const logs: string[] = [];
  const partial: string[] = [];
  for (const p of log?.profiles ?? []) {
    let any = false;
    for (const module of Object.keys(PREFIX)) {
      const t = tableOf(p, module);
      if (!t) continue;
      any = true;
      if (t.partial) partial.push(`${module} of ${p.source}`);
      tableRows(p, t, rows);
    }
    if (any) logs.push(p.source);
  }
  rows.sort((a, b) => rowBytes(b) - rowBytes(a) || cmp(a.file, b.file) || cmp(a.module, b.module) || a.rank - b.rank || cmp(a.log, b.log));
  const modules = Object.keys(PREFIX).filter((m) => rows.some((r) => r.module === m));
  return { rows, logs, modules, partial };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One direction of `darshan_files[]` (docs/FORMATS.md "CLI JSON output"); the pattern counts are null where the module has none. */
export interface CounterPatternJson {
  ops: number;
  bytes: number;
  consecutive: number | null;
  sequential: number | null;
  random: number | null;
  sizes: number[] | null;
}

/** `darshan_files[]`: a counter row in the analysis JSON. */
export interface CounterFileJson {
  log: string;
  module: string;
  file: string;
  /** −1 = a shared record (all ranks). */
  rank: number;
  fs: string;
  opens: number;
  reads: CounterPatternJson;
  writes: CounterPatternJson;
  /** The four most common access sizes: [size, count]. */
  common_sizes: [number, number][];
  read_time: number | null;
  write_time: number | null;
  meta_time: number | null;
  mpiio: CounterFileRow['mpiio'];
}

const dirJson = (d: CounterPattern): CounterPatternJson => ({
  ops: d.ops, bytes: d.bytes,
  consecutive: d.consecutive >= 0 ? d.consecutive : null, sequential: d.consecutive >= 0 ? d.sequential : null, random: d.consecutive >= 0 ? d.random : null,
  sizes: d.sizes.length ? d.sizes.slice() : null,
});
const t = (v: number): number | null => (v >= 0 ? v : null);

export function counterFilesJson(r: CounterFilesReport): CounterFileJson[] {
  return r.rows.map((x) => ({
    log: x.log, module: x.module, file: x.file, rank: x.rank, fs: x.fs, opens: x.opens, reads: dirJson(x.read), writes: dirJson(x.write),
    common_sizes: x.common.map(([s, n]) => [s, n]), read_time: t(x.readTime), write_time: t(x.writeTime), meta_time: t(x.metaTime), mpiio: x.mpiio && { ...x.mpiio },
  }));
}
