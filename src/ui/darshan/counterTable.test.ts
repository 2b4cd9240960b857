/** The Darshan counters' Files view: the program's files before the system files (Open MPI's session directory). */
import { describe, expect, it } from 'vitest';
import type { CounterFileRow } from '../../analysis/darshan/counterFiles';
import { counterTitle, filterCounterRows, sortCounterRows } from './counterTable';

const dir = (bytes: number): CounterFileRow['read'] => ({ ops: 1, bytes, consecutive: 0, sequential: 0, random: 1, sizes: [] });
const row = (file: string, bytes: number, system: boolean): CounterFileRow => ({
  log: 'a.darshan', module: 'POSIX', file, rank: 0, fs: '', system, opens: 1, read: dir(bytes), write: dir(0), common: [], readTime: -1, writeTime: -1, metaTime: -1, mpiio: null,
});

const SM = '/tmp/ompi.sn362.28751/jf.47773/1/test.out_cid-1-33371.sm';
const rows = [row('<STDOUT>', 41, false), row(SM, 80, true), row('/data/out', 1 << 20, false), row('/data/small', 10, false)];

describe('counter rows of system files', () => {
  it('are listed after the program\'s whatever the sort, and marked in the tooltip', () => {
    expect(sortCounterRows(rows, { column: 'bytes', dir: 'desc' }).map((r) => r.file)).toEqual(['/data/out', '<STDOUT>', '/data/small', SM]);
    expect(sortCounterRows(rows, { column: 'bytes', dir: 'asc' }).map((r) => r.file)).toEqual(['/data/small', '<STDOUT>', '/data/out', SM]);
    expect(counterTitle(rows[1]).split('\n')[1]).toMatch(/^a system file, not the program's/);
    expect(counterTitle(rows[0])).not.toMatch(/system file/);
  });
  it('are left out only when asked', () => {
    expect(filterCounterRows(rows, '', '').length).toBe(4);
    expect(filterCounterRows(rows, '', '', false).map((r) => r.file)).toEqual(['<STDOUT>', '/data/out', '/data/small']);
  });
});
