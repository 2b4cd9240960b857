/**
 * Pure logic of the Files view: one row per file read or written (Session.access), the columns of the CLI's
 * Files table (bytes, cases, shared, consecutive / sequential / random shares, the most frequent request
 * size), sorting and filtering.
 */
import type { FileAccess } from '../../analysis/access';
import { dominantBin, patternShares, pct, SIZE_BIN_LABELS, sizesText, sumPatterns, type PatternLike } from '../../lib/accessText';
import { formatBytes, formatCount } from '../../lib/format';
import { byText, nextSort, sortRows, type ColumnDef, type ColumnSort } from './columns';

export type FilesColumn = 'fp' | 'bytes' | 'requests' | 'cases' | 'shared' | 'consecutive' | 'sequential' | 'random' | 'size';

export interface FileRow {
  fp: string;
  bytes: number;
  /** Reads and writes (successful, with a size). */
  reads: number;
  writes: number;
  cases: number;
  shared: boolean;
  /** Reads and writes together. */
  pattern: PatternLike;
  /** Requests with a known offset; the shares (NaN without one). */
  n: number;
  consecutive: number;
  sequential: number;
  random: number;
  /** The most frequent request-size bin (-1: none). */
  bin: number;
  source: FileAccess;
}

export type FilesColumnDef = ColumnDef<FilesColumn>;

export const FILE_COLUMNS: readonly FilesColumnDef[] = [
  { key: 'fp', label: 'file', help: 'the file (fd path)', numeric: false },
  { key: 'bytes', label: 'bytes', help: 'bytes read and written (binary units)', numeric: true },
  { key: 'requests', label: 'reads · writes', help: 'successful reads · writes (sorted by their sum)', numeric: true },
  { key: 'cases', label: 'cases', help: 'cases with any event on the file', numeric: true },
  { key: 'shared', label: 'shared', help: 'shared: touched by more than one case; private: by one', numeric: false },
  { key: 'consecutive', label: 'consec', help: 'consecutive: the request starts at the byte after the previous one (same process, same direction)', numeric: true },
  { key: 'sequential', label: 'seq', help: 'sequential: the request starts after the previous one, with a gap', numeric: true },
  { key: 'random', label: 'rand', help: 'random: the request starts at or before the end of the previous one (a first request at offset 0 too, as in Darshan)', numeric: true },
  { key: 'size', label: 'size', help: "the most frequent request size (Darshan's bins: 0–100, 100–1K, …, 1G+ bytes)", numeric: false },
];

export function fileRows(files: readonly FileAccess[]): FileRow[] {
  return files.map((f) => {
    const pattern = sumPatterns(f.read, f.write);
    const s = patternShares(pattern);
    return {
      fp: f.fp,
      bytes: f.read.bytes + f.write.bytes,
      reads: f.read.requests,
      writes: f.write.requests,
      cases: f.cases,
      shared: f.shared,
      pattern,
      n: s.n,
      consecutive: s.consecutive,
      sequential: s.sequential,
      random: s.random,
      bin: dominantBin(pattern.sizes),
      source: f,
    };
  });
}

export function fileCell(r: FileRow, c: FilesColumn): string {
  switch (c) {
    case 'fp':
      return r.fp;
    case 'bytes':
      return formatBytes(r.bytes);
    case 'requests':
      return `${formatCount(r.reads)} · ${formatCount(r.writes)}`;
    case 'cases':
      return formatCount(r.cases);
    case 'shared':
      return r.shared ? 'shared' : 'private';
    case 'consecutive':
    case 'sequential':
    case 'random':
      return pct(r[c]);
    case 'size':
      return r.bin >= 0 ? SIZE_BIN_LABELS[r.bin] : '–';
  }
}

const dirText = (what: string, p: FileAccess['read']): string =>
  p.requests === 0
    ? `${what}: none`
    : `${what}: ${p.requests} (${formatBytes(p.bytes)}; ${p.withOffset ? `${p.consecutive} consecutive, ${p.sequential} sequential, ${p.random} random` : 'no known offsets'}; sizes ${sizesText(p.sizes)})`;

/** Tooltip of a row's cells: the exact counts behind the shares. */
export function fileTitle(r: FileRow, c: FilesColumn, noLseek = false): string {
  if (c === 'consecutive' || c === 'sequential' || c === 'random') {
    if (r.n) return `${r.pattern[c]} of ${r.n} reads and writes with a known offset`;
    return noLseek ? 'offsets unknown — trace lseek: traced with -e trace=… without lseek, the positions of read and write are unknown' : 'no read or write of this file has a known offset';
  }
  if (c === 'size') return `request sizes: ${sizesText(r.pattern.sizes)}`;
  if (c === 'shared') return `${r.cases} case${r.cases === 1 ? '' : 's'} touch this file`;
  return `${r.fp}\n${dirText('reads', r.source.read)}\n${dirText('writes', r.source.write)}`;
}

export type FilesSort = ColumnSort<FilesColumn>;

function key(r: FileRow, c: FilesColumn): number | string {
  switch (c) {
    case 'fp':
      return r.fp;
    case 'requests':
      return r.reads + r.writes;
    case 'shared':
      return r.shared ? 1 : 0;
    case 'size':
      return r.bin;
    default:
      return r[c];
  }
}

/** Sorted copy: NaN shares (no known offset) last whatever the direction; ties by path. */
export function sortFiles(rows: readonly FileRow[], spec: FilesSort): FileRow[] {
  return sortRows(rows, (r) => key(r, spec.column), spec.dir, (a, b) => byText(a.fp, b.fp));
}

/** Same column flips the direction; a new one starts descending (the path ascending). */
export function nextFilesSort(cur: FilesSort, column: FilesColumn): FilesSort {
  return nextSort(cur, column, column === 'fp');
}

/** Case-insensitive substring filter over the path; `sharedOnly` keeps the shared files. */
export function filterFiles(rows: readonly FileRow[], query: string, sharedOnly = false): FileRow[] {
  const q = query.trim().toLowerCase();
  return rows.filter((r) => (!sharedOnly || r.shared) && (!q || r.fp.toLowerCase().includes(q)));
}
