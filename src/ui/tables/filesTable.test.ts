import { describe, expect, it } from 'vitest';
import type { FileAccess, PatternCounts } from '../../analysis/access';
import { fileCell, fileRows, fileTitle, filterFiles, nextFilesSort, sortFiles } from './filesTable';

const p = (over: Partial<PatternCounts> = {}): PatternCounts => ({ requests: 0, bytes: 0, withOffset: 0, consecutive: 0, sequential: 0, random: 0, sizes: new Array<number>(10).fill(0), ...over });
const f = (fp: string, cases: number, read: Partial<PatternCounts>, write: Partial<PatternCounts> = {}): FileAccess => ({ fp, cases, shared: cases > 1, read: p(read), write: p(write) });
const sz = (bin: number, n: number) => Array.from({ length: 10 }, (_, k) => (k === bin ? n : 0));

// as the ior-ssf-fpp run: a shared file written and read in 4 KiB blocks by 8 ranks, a private one, a pipe
const FILES = [
  f('/scratch/ior/ssf', 8, { requests: 48, bytes: 196608, withOffset: 48, consecutive: 40, sequential: 7, random: 1, sizes: sz(2, 48) }, { requests: 48, bytes: 196608, withOffset: 48, consecutive: 40, sequential: 7, random: 1, sizes: sz(2, 48) }),
  f('/scratch/ior/fpp.00000000', 1, { requests: 6, bytes: 24576, withOffset: 6, consecutive: 5, random: 1, sizes: sz(2, 6) }),
  f('pipe:[42]', 1, { requests: 3, bytes: 30, sizes: sz(0, 3) }),
];

describe('files table', () => {
  const rows = fileRows(FILES);
  it('has the columns of the CLI: bytes, cases, shared, shares of the pattern, dominant size', () => {
    const ssf = rows[0];
    expect(['fp', 'bytes', 'requests', 'cases', 'shared', 'consecutive', 'sequential', 'random', 'size'].map((c) => fileCell(ssf, c as never))).toEqual([
      '/scratch/ior/ssf', '384 KiB', '48 · 48', '8', 'shared', '83%', '15%', '2%', '1K–10K',
    ]);
    expect(fileCell(rows[1], 'shared')).toBe('private');
    expect(fileCell(rows[2], 'random')).toBe('–'); // no known offset
    expect(fileTitle(ssf, 'consecutive')).toBe('80 of 96 reads and writes with a known offset');
    expect(fileTitle(rows[2], 'fp')).toBe('pipe:[42]\nreads: 3 (30 B; no known offsets; sizes 0–100 3)\nwrites: none');
  });
  it('sorts (NaN shares last), filters by path and by shared', () => {
    expect(sortFiles(rows, { column: 'random', dir: 'desc' }).map((r) => r.fp)).toEqual(['/scratch/ior/fpp.00000000', '/scratch/ior/ssf', 'pipe:[42]']);
    expect(sortFiles(rows, { column: 'random', dir: 'asc' }).map((r) => r.fp)).toEqual(['/scratch/ior/ssf', '/scratch/ior/fpp.00000000', 'pipe:[42]']);
    expect(sortFiles(rows, { column: 'fp', dir: 'asc' }).map((r) => r.fp)[0]).toBe('/scratch/ior/fpp.00000000');
    expect(nextFilesSort({ column: 'bytes', dir: 'desc' }, 'bytes')).toEqual({ column: 'bytes', dir: 'asc' });
    expect(nextFilesSort({ column: 'bytes', dir: 'desc' }, 'fp')).toEqual({ column: 'fp', dir: 'asc' });
    expect(filterFiles(rows, 'FPP').map((r) => r.fp)).toEqual(['/scratch/ior/fpp.00000000']);
    expect(filterFiles(rows, '', true).map((r) => r.fp)).toEqual(['/scratch/ior/ssf']);
  });
});
