/**
 * What a profiling log (Darshan) holds beside its traced operations: per-file, per-rank counters of each
 * I/O module, the job's header and the I/O heatmaps. Carried on the EventLog (`EventLog.profiles`, one per
 * loaded log file) through merges, windows and splits; read by the Files tab, the Summary and the insight
 * rules that need counters (docs/METHOD.md "Insights from Darshan counters").
 */

/** One module's counters: a row per (file, rank) record, a column per counter. */
export interface CounterTable {
  /** 'POSIX', 'MPI-IO', 'STDIO', 'H5F', 'H5D', 'PNETCDF_FILE', 'PNETCDF_VAR', 'LUSTRE'. */
  module: string;
  /** Counter names, the columns of `values` (Darshan's names, e.g. POSIX_BYTES_READ, POSIX_F_READ_TIME). */
  names: readonly string[];
  /** Distinct file names (record names) of the rows. */
  files: readonly string[];
  /** Per row: index into `files`. */
  file: Uint32Array;
  /** Per row: the rank, or −1 for a shared record (one row reduced over every rank that opened the file). */
  rank: Int32Array;
  /** rows × names.length, row by row; −1 where the log's module version lacks the counter. */
  values: Float64Array;
  /** Records are missing: the module ran out of its memory while the job ran. */
  partial: boolean;
}

/** A runtime heatmap: bytes moved per time bin by one rank through one interface. */
export interface Heatmap {
  /** The interface: 'POSIX', 'MPIIO', 'STDIO'. */
  module: string;
  rank: number;
  /** Seconds per bin; bin 0 starts at the job's start. */
  binWidth: number;
  write: Float64Array;
  read: Float64Array;
}

/** A module region of the log and what became of it. */
export interface ProfileModule {
  name: string;
  version: number;
  /** Compressed bytes of its region. */
  bytes: number;
  partial: boolean;
  /** Read into tables, heatmaps or events. */
  read: boolean;
  /** Why it was not read, or what is missing. */
  note: string | null;
}

export interface Profile {
  /** The log file's name. */
  source: string;
  format: 'darshan';
  /** Log format version (e.g. '3.41'). */
  version: string;
  /** The command line (executable and arguments). */
  exe: string;
  nprocs: number;
  jobid: number;
  uid: number;
  /** Job start and end, seconds since 1970. */
  start: number;
  end: number;
  /** The job's `key=value` metadata (e.g. `h` = MPI-IO hints such as `cb_nodes=4`). */
  metadata: Readonly<Record<string, string>>;
  mounts: readonly { path: string; type: string }[];
  modules: readonly ProfileModule[];
  tables: readonly CounterTable[];
  heatmaps: readonly Heatmap[];
  /** Host name of each rank that has a DXT record (rank → host). */
  hosts: Readonly<Record<number, string>>;
  /** The case id of each rank that has events (rank → case id). */
  caseOfRank: Readonly<Record<number, string>>;
  /** Whether the log has a DXT trace (the events of this file). */
  hasDxt: boolean;
}

/** The table of a module, or null. */
export function tableOf(p: Profile, module: string): CounterTable | null {
  return p.tables.find((t) => t.module === module) ?? null;
}

/** A reader of one counter over the rows of a table (−1 / absent counters read as 0 where `zero`). */
export function column(t: CounterTable, name: string): ((row: number) => number) | null {
  const k = t.names.indexOf(name);
  if (k < 0) return null;
  const w = t.names.length;
  return (row: number) => t.values[row * w + k];
}

export function rowsOf(t: CounterTable): number {
  return t.rank.length;
}
