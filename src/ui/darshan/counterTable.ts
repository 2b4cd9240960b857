/**
 * Pure logic of the Files view from Darshan's counters (Session.counterFiles): one row per log, module, file
 * and rank, its columns (bytes, operations, Darshan's access pattern, sizes, common access sizes, time),
 * sorting and filtering.
 */
import type { CounterFileRow } from '../../analysis/darshan/counterFiles';
import { dominantBin, pct, SIZE_BIN_LABELS, sizesText } from '../../lib/accessText';
import { formatBytes, formatCount, formatSeconds } from '../../lib/format';
import { byText, nextSort, sortRows, type ColumnDef, type ColumnSort } from '../tables/columns';

export type CounterColumn = 'file' | 'module' | 'rank' | 'fs' | 'bytes' | 'ops' | 'consecutive' | 'sequential' | 'random' | 'size' | 'common' | 'time';

export type CounterColumnDef = ColumnDef<CounterColumn>;

export const COUNTER_COLUMNS: readonly CounterColumnDef[] = [
  { key: 'file', label: 'file', help: "the file (Darshan's name record)", numeric: false },
  { key: 'module', label: 'module', help: 'the Darshan module that counted it (POSIX, MPI-IO, STDIO, H5D, PNETCDF_VAR)', numeric: false },
  { key: 'rank', label: 'rank', help: 'the rank; all = one record reduced over every rank that opened the file', numeric: true },
  { key: 'fs', label: 'fs', help: "the file system type of its mount point (the log's mount table)", numeric: false },
  { key: 'bytes', label: 'bytes', help: 'bytes read and written (binary units)', numeric: true },
  { key: 'ops', label: 'reads · writes', help: 'read · write operations (sorted by their sum)', numeric: true },
  { key: 'consecutive', label: 'consec', help: "POSIX_CONSEC_*: the request starts at the byte after the previous one's last (share of reads and writes)", numeric: true },
  { key: 'sequential', label: 'seq', help: 'POSIX_SEQ_* − POSIX_CONSEC_*: after the previous one, with a gap', numeric: true },
  { key: 'random', label: 'rand', help: 'the rest: at or before the previous one (a first request at offset 0 too)', numeric: true },
  { key: 'size', label: 'size', help: "the most frequent request size (Darshan's bins; MPI-IO, H5D and PnetCDF: each operation's aggregate size)", numeric: false },
  { key: 'common', label: 'common sizes', help: "Darshan's four most common access sizes (POSIX, MPI-IO) × their counts", numeric: false },
  { key: 'time', label: 'time', help: 'seconds in reads, writes and metadata calls (summed over ranks for all)', numeric: true },
];

const ops = (r: CounterFileRow): number => r.read.ops + r.write.ops;
const bytes = (r: CounterFileRow): number => r.read.bytes + r.write.bytes;
const known = (r: CounterFileRow): boolean => r.read.consecutive >= 0 && r.write.consecutive >= 0;
/** A pattern share of reads and writes together (NaN when the module has no pattern or no operation). */
function share(r: CounterFileRow, k: 'consecutive' | 'sequential' | 'random'): number {
  return known(r) && ops(r) > 0 ? (r.read[k] + r.write[k]) / ops(r) : NaN;
}
const sizes = (r: CounterFileRow): number[] => (r.read.sizes.length ? r.read.sizes.map((n, k) => n + (r.write.sizes[k] ?? 0)) : []);
const time = (r: CounterFileRow): number => [r.readTime, r.writeTime, r.metaTime].reduce((a, t) => a + Math.max(0, t), 0);

export function counterCell(r: CounterFileRow, c: CounterColumn): string {
  switch (c) {
    case 'file':
      return r.file;
    case 'module':
      return r.module;
    case 'rank':
      return r.rank < 0 ? 'all' : String(r.rank);
    case 'fs':
      return r.fs || '–';
    case 'bytes':
      return formatBytes(bytes(r));
    case 'ops':
      return `${formatCount(r.read.ops)} · ${formatCount(r.write.ops)}`;
    case 'consecutive':
    case 'sequential':
    case 'random':
      return pct(share(r, c));
    case 'size': {
      const b = dominantBin(sizes(r));
      return b >= 0 ? SIZE_BIN_LABELS[b] : '–';
    }
    case 'common':
      return r.common.length ? r.common.map(([s, n]) => `${formatBytes(s)}×${formatCount(n)}`).join(' ') : '–';
    case 'time':
      return r.readTime < 0 && r.writeTime < 0 ? '–' : formatSeconds(time(r));
  }
}

const dirText = (what: string, d: CounterFileRow['read']): string =>
  `${what}: ${formatCount(d.ops)} (${formatBytes(d.bytes)}${d.consecutive >= 0 ? `; ${d.consecutive} consecutive, ${d.sequential} sequential, ${d.random} random` : ''}${d.sizes.length ? `; sizes ${sizesText(d.sizes)}` : ''})`;

/** What a system file is, in a row's tooltip and the toolbar's. */
export const SYSTEM_NOTE =
  "a system file, not the program's: the MPI library's or the OS's (Open MPI's session directory /tmp/ompi.HOST.UID holds, for each MPI_File_open, OMPIO's shared file pointer `FILE_cid-CID-PID.sm`); the graph leaves these out (Mapping: system files)";

/** Tooltip of a row: the counts behind the shares, the log, the opens, the MPI-IO kinds. */
export function counterTitle(r: CounterFileRow): string {
  const lines = [r.file, `${r.module} counters of ${r.log}, ${r.rank < 0 ? 'all ranks' : `rank ${r.rank}`}; ${formatCount(r.opens)} opens`, dirText('reads', r.read), dirText('writes', r.write)];
  if (r.system) lines.splice(1, 0, SYSTEM_NOTE);
  if (r.mpiio) lines.push(`MPI-IO operations: ${r.mpiio.indep} independent, ${r.mpiio.coll} collective, ${r.mpiio.split} split collective, ${r.mpiio.nb} non-blocking`);
  if (r.readTime >= 0) lines.push(`time: read ${formatSeconds(r.readTime)}, write ${formatSeconds(r.writeTime)}, metadata ${formatSeconds(Math.max(0, r.metaTime))}`);
  return lines.join('\n');
}

export type CounterSort = ColumnSort<CounterColumn>;

function key(r: CounterFileRow, c: CounterColumn): number | string {
  switch (c) {
    case 'file':
    case 'module':
    case 'fs':
      return r[c];
    case 'rank':
      return r.rank;
    case 'bytes':
      return bytes(r);
    case 'ops':
      return ops(r);
    case 'consecutive':
    case 'sequential':
    case 'random':
      return share(r, c);
    case 'size':
      return dominantBin(sizes(r));
    case 'common':
      return r.common[0]?.[0] ?? -1;
    case 'time':
      return time(r);
  }
}

/** Sorted copy: the program's rows, then the system files' (each group in the order asked); NaN (no pattern) last
 * whatever the direction; ties by file, module, rank. */
export function sortCounterRows(rows: readonly CounterFileRow[], s: CounterSort): CounterFileRow[] {
  const tie = (a: CounterFileRow, b: CounterFileRow): number => byText(a.file, b.file) || byText(a.module, b.module) || a.rank - b.rank;
  const sorted = sortRows(rows, (r) => key(r, s.column), s.dir, tie);
  return [...sorted.filter((r) => !r.system), ...sorted.filter((r) => r.system)];
}

export function nextCounterSort(cur: CounterSort, column: CounterColumn): CounterSort {
  return nextSort(cur, column, column === 'file' || column === 'module' || column === 'fs' || column === 'rank');
}

/** Rows of one module ('' = all) whose file contains the query (case-insensitive); system files only when `system`. */
export function filterCounterRows(rows: readonly CounterFileRow[], query: string, module: string, system = true): CounterFileRow[] {
  const q = query.trim().toLowerCase();
  return rows.filter((r) => (system || !r.system) && (!module || r.module === module) && (!q || r.file.toLowerCase().includes(q)));
}
