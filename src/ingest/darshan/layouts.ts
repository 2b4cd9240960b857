/**
 * The counter records of Darshan's counter modules, as each module version lays them out (docs/FORMATS.md
 * "Darshan logs"). A record is: record id (u64), rank (i64, −1 = shared: reduced over all ranks),
 * [the id of the file record, u64, for H5D from version 2 and PNETCDF_VAR], the integer counters (i64),
 * then the floating-point counters (f64). Each layout lists the names of its counters in record order;
 * counters a version lacks read as −1 (Darshan's own convention for "not recorded").
 */

const SIZES = ['0_100', '100_1K', '1K_10K', '10K_100K', '100K_1M', '1M_4M', '4M_10M', '10M_100M', '100M_1G', '1G_PLUS'];
const buckets = (p: string): string[] => SIZES.map((s) => `${p}_${s}`);
const four = (f: (i: number) => string): string[] => [1, 2, 3, 4].map(f);
const accessDims = (p: string): string[] => [1, 2, 3, 4].flatMap((i) => dims(p, i));
const ranks = (p: string): string[] => [`${p}_FASTEST_RANK`, `${p}_FASTEST_RANK_BYTES`, `${p}_SLOWEST_RANK`, `${p}_SLOWEST_RANK_BYTES`];
const fRanks = (p: string): string[] => [`${p}_F_FASTEST_RANK_TIME`, `${p}_F_SLOWEST_RANK_TIME`, `${p}_F_VARIANCE_RANK_TIME`, `${p}_F_VARIANCE_RANK_BYTES`];
/** The eight first/last timestamps and five times of the POSIX-like modules (version 3 order). */
const stamps = (p: string): string[] => ['OPEN_START', 'READ_START', 'WRITE_START', 'CLOSE_START', 'OPEN_END', 'READ_END', 'WRITE_END', 'CLOSE_END'].map((s) => `${p}_F_${s}_TIMESTAMP`);
const times = (p: string): string[] => ['READ_TIME', 'WRITE_TIME', 'META_TIME', 'MAX_READ_TIME', 'MAX_WRITE_TIME'].map((s) => `${p}_F_${s}`);
/** The timestamps before CLOSE_START and OPEN_END existed (their place is empty: −1). */
const oldStamps = (p: string): (string | null)[] => stamps(p).filter((s) => !/CLOSE_START|OPEN_END/.test(s));

// ---- POSIX ----
const POSIX_TAIL = [
  'MODE', 'BYTES_READ', 'BYTES_WRITTEN', 'MAX_BYTE_READ', 'MAX_BYTE_WRITTEN', 'CONSEC_READS', 'CONSEC_WRITES',
  'SEQ_READS', 'SEQ_WRITES', 'RW_SWITCHES', 'MEM_NOT_ALIGNED', 'MEM_ALIGNMENT', 'FILE_NOT_ALIGNED', 'FILE_ALIGNMENT',
  'MAX_READ_TIME_SIZE', 'MAX_WRITE_TIME_SIZE',
].map((s) => `POSIX_${s}`).concat(buckets('POSIX_SIZE_READ'), buckets('POSIX_SIZE_WRITE'),
  four((i) => `POSIX_STRIDE${i}_STRIDE`), four((i) => `POSIX_STRIDE${i}_COUNT`),
  four((i) => `POSIX_ACCESS${i}_ACCESS`), four((i) => `POSIX_ACCESS${i}_COUNT`), ranks('POSIX'));
const POSIX_OPS3 = ['OPENS', 'READS', 'WRITES', 'SEEKS', 'STATS', 'MMAPS', 'FSYNCS', 'FDSYNCS'].map((s) => `POSIX_${s}`);
const POSIX_INTS4 = ['POSIX_OPENS', 'POSIX_FILENOS', 'POSIX_DUPS', ...POSIX_OPS3.slice(1),
  'POSIX_RENAME_SOURCES', 'POSIX_RENAME_TARGETS', 'POSIX_RENAMED_FROM', ...POSIX_TAIL];
const POSIX_FLOATS = [...stamps('POSIX'), ...times('POSIX'), ...fRanks('POSIX')];
const POSIX_FLOATS2 = [...oldStamps('POSIX'), ...times('POSIX'), ...fRanks('POSIX')];

// ---- MPI-IO ----
const MPIIO_INTS = ['INDEP_OPENS', 'COLL_OPENS', 'INDEP_READS', 'INDEP_WRITES', 'COLL_READS', 'COLL_WRITES',
  'SPLIT_READS', 'SPLIT_WRITES', 'NB_READS', 'NB_WRITES', 'SYNCS', 'HINTS', 'VIEWS', 'MODE', 'BYTES_READ',
  'BYTES_WRITTEN', 'RW_SWITCHES', 'MAX_READ_TIME_SIZE', 'MAX_WRITE_TIME_SIZE'].map((s) => `MPIIO_${s}`)
  .concat(buckets('MPIIO_SIZE_READ_AGG'), buckets('MPIIO_SIZE_WRITE_AGG'), four((i) => `MPIIO_ACCESS${i}_ACCESS`),
    four((i) => `MPIIO_ACCESS${i}_COUNT`), ranks('MPIIO'));
const MPIIO_FLOATS = [...stamps('MPIIO'), ...times('MPIIO'), ...fRanks('MPIIO')];
const MPIIO_FLOATS2 = [...oldStamps('MPIIO'), ...times('MPIIO'), ...fRanks('MPIIO')];

// ---- STDIO ----
const STDIO_INTS = ['OPENS', 'FDOPENS', 'READS', 'WRITES', 'SEEKS', 'FLUSHES', 'BYTES_WRITTEN', 'BYTES_READ',
  'MAX_BYTE_READ', 'MAX_BYTE_WRITTEN'].map((s) => `STDIO_${s}`).concat(ranks('STDIO'));
const STDIO_FLOATS = ['META_TIME', 'WRITE_TIME', 'READ_TIME', 'OPEN_START_TIMESTAMP', 'CLOSE_START_TIMESTAMP',
  'WRITE_START_TIMESTAMP', 'READ_START_TIMESTAMP', 'OPEN_END_TIMESTAMP', 'CLOSE_END_TIMESTAMP', 'WRITE_END_TIMESTAMP',
  'READ_END_TIMESTAMP'].map((s) => `STDIO_F_${s}`).concat(fRanks('STDIO'));

// ---- HDF5 ----
const H5F_INTS = ['H5F_OPENS', 'H5F_FLUSHES', 'H5F_USE_MPIIO'];
const H5F_FLOATS = ['H5F_F_OPEN_START_TIMESTAMP', 'H5F_F_CLOSE_START_TIMESTAMP', 'H5F_F_OPEN_END_TIMESTAMP', 'H5F_F_CLOSE_END_TIMESTAMP', 'H5F_F_META_TIME'];
const dims = (p: string, i: number): string[] => [`${p}_ACCESS${i}_ACCESS`, ...[1, 2, 3, 4, 5].map((d) => `${p}_ACCESS${i}_LENGTH_D${d}`), ...[1, 2, 3, 4, 5].map((d) => `${p}_ACCESS${i}_STRIDE_D${d}`)];
const H5D_INTS = ['OPENS', 'READS', 'WRITES', 'FLUSHES', 'BYTES_READ', 'BYTES_WRITTEN', 'RW_SWITCHES', 'REGULAR_HYPERSLAB_SELECTS',
  'IRREGULAR_HYPERSLAB_SELECTS', 'POINT_SELECTS', 'MAX_READ_TIME_SIZE', 'MAX_WRITE_TIME_SIZE'].map((s) => `H5D_${s}`)
  .concat(buckets('H5D_SIZE_READ_AGG'), buckets('H5D_SIZE_WRITE_AGG'), ...accessDims('H5D'),
    four((i) => `H5D_ACCESS${i}_COUNT`), ['H5D_DATASPACE_NDIMS', 'H5D_DATASPACE_NPOINTS', 'H5D_DATATYPE_SIZE'],
    [1, 2, 3, 4, 5].map((d) => `H5D_CHUNK_SIZE_D${d}`), ['H5D_USE_MPIIO_COLLECTIVE', 'H5D_USE_DEPRECATED'], ranks('H5D'));
const H5D_FLOATS = [...stamps('H5D'), ...times('H5D'), ...fRanks('H5D')];

// ---- PnetCDF ----
const PNC_FILE_INTS = ['CREATES', 'OPENS', 'REDEFS', 'INDEP_WAITS', 'COLL_WAITS', 'SYNCS', 'BYTES_READ', 'BYTES_WRITTEN', 'WAIT_FAILURES'].map((s) => `PNETCDF_FILE_${s}`);
const PNC_FILE_FLOATS = ['OPEN_START_TIMESTAMP', 'CLOSE_START_TIMESTAMP', 'WAIT_START_TIMESTAMP', 'OPEN_END_TIMESTAMP', 'CLOSE_END_TIMESTAMP',
  'WAIT_END_TIMESTAMP', 'META_TIME', 'WAIT_TIME'].map((s) => `PNETCDF_FILE_F_${s}`);
const kinds = (op: string, set: string[]): string[] => set.map((k) => `PNETCDF_VAR_${op}_${k}`);
const PNC_VAR_INTS = ['OPENS', 'INDEP_READS', 'INDEP_WRITES', 'COLL_READS', 'COLL_WRITES', 'NB_READS', 'NB_WRITES', 'BYTES_READ',
  'BYTES_WRITTEN', 'RW_SWITCHES'].map((s) => `PNETCDF_VAR_${s}`).concat(
  kinds('PUT', ['VAR', 'VAR1', 'VARA', 'VARS', 'VARM', 'VARN', 'VARD']), kinds('GET', ['VAR', 'VAR1', 'VARA', 'VARS', 'VARM', 'VARN', 'VARD']),
  kinds('IPUT', ['VAR', 'VAR1', 'VARA', 'VARS', 'VARM', 'VARN']), kinds('IGET', ['VAR', 'VAR1', 'VARA', 'VARS', 'VARM', 'VARN']),
  kinds('BPUT', ['VAR', 'VAR1', 'VARA', 'VARS', 'VARM', 'VARN']), ['PNETCDF_VAR_MAX_READ_TIME_SIZE', 'PNETCDF_VAR_MAX_WRITE_TIME_SIZE'],
  buckets('PNETCDF_VAR_SIZE_READ_AGG'), buckets('PNETCDF_VAR_SIZE_WRITE_AGG'), ...accessDims('PNETCDF_VAR'),
  four((i) => `PNETCDF_VAR_ACCESS${i}_COUNT`), ['PNETCDF_VAR_NDIMS', 'PNETCDF_VAR_NPOINTS', 'PNETCDF_VAR_DATATYPE_SIZE', 'PNETCDF_VAR_IS_RECORD_VAR'],
  ranks('PNETCDF_VAR'));
const PNC_VAR_FLOATS = [...stamps('PNETCDF_VAR'), ...times('PNETCDF_VAR'), ...fRanks('PNETCDF_VAR')];

/** How one version of a module lays out its record; `null` marks a slot read and not kept. */
export interface Layout {
  fileRecId: boolean;
  ints: readonly (string | null)[];
  floats: readonly (string | null)[];
  /** Integer slots added into a counter instead of stored (PNETCDF_FILE ≤ 2: opens were two counters). */
  sums?: Readonly<Record<number, string>>;
  /** Version 1 of POSIX carried four STDIO counters: a record with fopens (slot 6) > 0 is skipped, as Darshan does. */
  skipIfSlot?: number;
}

export interface CounterModuleSpec {
  /** Today's counter names: integers then floats (the table's column order). */
  names: readonly string[];
  /** The integer counters among `names` (the first `ints` of them). */
  ints: number;
  layouts: Readonly<Record<number, Layout>>;
}

const spec = (ints: string[], floats: string[], layouts: Record<number, Layout>): CounterModuleSpec => ({ names: [...ints, ...floats], ints: ints.length, layouts });
const L = (ints: readonly (string | null)[], floats: readonly (string | null)[], extra: Partial<Layout> = {}): Layout => ({ fileRecId: false, ints, floats, ...extra });

const POSIX_INTS3 = [...POSIX_OPS3, ...POSIX_TAIL];
const POSIX_INTS1 = [...POSIX_OPS3.slice(0, 6), null, null, null, null, ...POSIX_OPS3.slice(6), ...POSIX_TAIL];

/** The counter modules read into tables, by today's module name. */
export const COUNTER_MODULES: Readonly<Record<string, CounterModuleSpec>> = {
  POSIX: spec(POSIX_INTS4, POSIX_FLOATS, {
    1: L(POSIX_INTS1, POSIX_FLOATS2, { skipIfSlot: 6 }),
    2: L(POSIX_INTS3, POSIX_FLOATS2),
    3: L(POSIX_INTS3, POSIX_FLOATS),
    4: L(POSIX_INTS4, POSIX_FLOATS),
  }),
  'MPI-IO': spec(MPIIO_INTS, MPIIO_FLOATS, { 1: L(MPIIO_INTS, MPIIO_FLOATS2), 2: L(MPIIO_INTS, MPIIO_FLOATS2), 3: L(MPIIO_INTS, MPIIO_FLOATS) }),
  STDIO: spec(STDIO_INTS, STDIO_FLOATS, { 1: L(STDIO_INTS.filter((s) => s !== 'STDIO_FDOPENS'), STDIO_FLOATS), 2: L(STDIO_INTS, STDIO_FLOATS) }),
  H5F: spec(H5F_INTS, H5F_FLOATS, {
    1: L(['H5F_OPENS'], ['H5F_F_OPEN_START_TIMESTAMP', 'H5F_F_CLOSE_END_TIMESTAMP']),
    2: L(['H5F_OPENS'], H5F_FLOATS.slice(0, 4)),
    3: L(H5F_INTS, H5F_FLOATS),
  }),
  H5D: spec(H5D_INTS, H5D_FLOATS, { 1: L(H5D_INTS, H5D_FLOATS), 2: L(H5D_INTS, H5D_FLOATS, { fileRecId: true }) }),
  PNETCDF_FILE: spec(PNC_FILE_INTS, PNC_FILE_FLOATS, {
    1: L([null, null], ['PNETCDF_FILE_F_OPEN_START_TIMESTAMP', 'PNETCDF_FILE_F_CLOSE_END_TIMESTAMP'], { sums: { 0: 'PNETCDF_FILE_OPENS', 1: 'PNETCDF_FILE_OPENS' } }),
    2: L([null, null], ['PNETCDF_FILE_F_OPEN_START_TIMESTAMP', 'PNETCDF_FILE_F_CLOSE_START_TIMESTAMP', 'PNETCDF_FILE_F_OPEN_END_TIMESTAMP', 'PNETCDF_FILE_F_CLOSE_END_TIMESTAMP'], { sums: { 0: 'PNETCDF_FILE_OPENS', 1: 'PNETCDF_FILE_OPENS' } }),
    3: L(PNC_FILE_INTS, PNC_FILE_FLOATS),
  }),
  PNETCDF_VAR: spec(PNC_VAR_INTS, PNC_VAR_FLOATS, { 1: L(PNC_VAR_INTS, PNC_VAR_FLOATS, { fileRecId: true }) }),
};

/** Bytes of one record of this layout. */
export function recordBytes(l: Layout): number {
  return 16 + (l.fileRecId ? 8 : 0) + 8 * (l.ints.length + l.floats.length);
}
