/**
 * The compressed pattern (DIOS's nested loops) of real runs against what the programs did: io-ranks.c (its own
 * account, __fixtures__/accounts.json) and the IOR-like Open MPI runs of e2e/fixtures (ior-like.c: every rank 6 ×
 * 4 KiB pwrite, fsync, 6 × 4 KiB pread; the shared file at rank × 24 KiB, or one file per rank, fpp.%08d).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTraceDir } from '../../testing/traceFixtures';
import { patternReport } from './patternReport';
import { compress, patternText, type PatternOp } from './pattern';
import { fileTemplate, fitLine } from './ranks';

const FX = join(import.meta.dirname, '__fixtures__');
const E2E = join(import.meta.dirname, '../../../e2e/fixtures');

describe('pattern compression', () => {
  it('nests loops: a block repeated with a constant offset shift', () => {
    const op = (call: string, offset: number, size = 4096): PatternOp => ({ kind: 'op', call, file: 0, size, offset });
    const ops: PatternOp[] = [];
    for (let s = 0; s < 3; s++) {
      for (let i = 0; i < 4; i++) ops.push(op('pwrite64', s * 65536 + i * 4096));
      ops.push({ kind: 'op', call: 'fsync', file: 0, size: NaN, offset: NaN });
    }
    expect(patternText(compress(ops), 1)).toBe('3 × [4 × [pwrite64 4 KiB @ +4 KiB] @ +64 KiB; fsync]');
  });

  it('io-ranks (normal): the program\'s phases as loops, the shared file\'s offsets as 1 MiB·rank, no IOR (two files per rank)', () => {
    const r = patternReport(loadTraceDir(join(FX, 'normal')));
    expect(r.groups.length).toBe(1);
    const g = r.groups[0];
    expect(g.ranks).toEqual([0, 1, 2, 3]);
    expect(g.files).toContain('/scratch/replay/shared');
    expect(g.files).toContain('/scratch/replay/rank.{rank}/data');
    const f = (p: string): string => `f${g.files.indexOf(p)}`;
    const shared = f('/scratch/replay/shared');
    const own = f('/scratch/replay/rank.{rank}/data');
    // the account: 16 × 64 KiB per file and direction, the shared file at rank × 1 MiB (16 blocks), fsync, fdatasync
    expect(g.text).toContain(`16 × [write ${shared} 64 KiB @ +64 KiB] from 1 MiB·rank; fsync ${shared}; 16 × [pwrite64 ${own} 64 KiB @ +64 KiB]; fdatasync ${own}; 16 × [read ${shared} 64 KiB @ +64 KiB] from 1 MiB·rank; 16 × [pread64 ${own} 64 KiB @ +64 KiB]`);
    expect(g.text).toMatch(/^mkdir f0; 4 × \[openat f\*; close f\*; newfstatat f\*\]; access f\d; rename f\d; unlink f\d; getdents64 f0; /);
    expect(g.exact).toBe(true);
    expect(g.ior).toBeNull();
    expect(g.noIor).toBe('2 files per rank (IOR: one)');
    expect(g.calls).toBe(r.cases[0].calls);
    expect(r.cases[0].text).toContain(`16 × [write ${shared} 64 KiB @ +64 KiB]; fsync`);
    expect(r.cases[1].text).toContain(`16 × [write ${shared} 64 KiB @ +64 KiB] from 1 MiB; fsync`);
  });

  it('IOR-like runs: an IOR command line that is the program\'s parameters (6 × 4 KiB per rank, shared at rank × 24 KiB or one file each)', () => {
    const r = patternReport(loadTraceDir(join(E2E, 'ior-ssf-fpp')));
    const by = Object.fromEntries(r.groups.map((g) => [g.files[0], g]));
    expect(by['/scratch/ior/ssf'].text).toBe('6 × [pwrite64 4 KiB @ +4 KiB] from 24 KiB·rank; fsync; 6 × [pread64 4 KiB @ +4 KiB] from 24 KiB·rank');
    expect(by['/scratch/ior/ssf'].ior?.command).toBe('mpirun -np 8 ior -a POSIX -w -r -e -t 4k -b 24k -s 1 -o /scratch/ior/ssf');
    expect(by['/scratch/ior/fpp.{rank:08}'].ior?.command).toBe('mpirun -np 8 ior -a POSIX -F -w -r -e -t 4k -b 24k -s 1 -o /scratch/ior/fpp');
    expect(by['/scratch/ior/fpp.{rank:08}'].ior?.notes).toEqual([]);
  });

  it('no IOR command where the fit is not exact: ranks of another shape (the phases run\'s stragglers)', () => {
    const r = patternReport(loadTraceDir(join(E2E, 'phases')));
    // rank 1 reads its file 4 times, rank 3 writes 64 blocks: groups of their own; the other 4 ranks are not 0…N−1
    expect(r.groups.map((g) => g.ranks)).toEqual([[0, 2, 4, 5], [1], [3]]);
    expect(r.groups.every((g) => g.ior === null)).toBe(true);
    expect(r.groups[1].text).toBe('32 × [write 64 KiB @ +64 KiB]; 4 × [32 × [read 64 KiB @ +64 KiB] @ +0 B]');
  });

  it('fits a·rank + b exactly or says it does not; file names as templates of the rank', () => {
    expect(fitLine([0, 1, 2, 3], [4096, 4096 + 65536, 4096 + 2 * 65536, 4096 + 3 * 65536])).toEqual({ a: 65536, b: 4096, exact: true });
    expect(fitLine([0, 1, 2], [0, 65536, 65537]).exact).toBe(false);
    expect(fileTemplate(['/s/fpp.00000000', '/s/fpp.00000001'], [0, 1])).toBe('/s/fpp.{rank:08}');
    expect(fileTemplate(['/s/r0/f.0', '/s/r1/f.0'], [0, 1])).toBe('/s/r{rank}/f.0');
    expect(fileTemplate(['/s/a', '/s/b'], [0, 1])).toBeNull();
  });
});
