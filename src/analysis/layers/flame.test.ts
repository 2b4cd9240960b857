import { describe, expect, test } from 'vitest';
import { mergeLogs } from '../../model';
import { parsedStackFixtures, programTruth, stackFixtures } from '../../testing/stackFixtures';
import { compileMapping } from '../mapping';
import { resolvePartition } from '../partition';
import { DEFAULT_MAPPING, RAW_MAPPING } from '../types';
import { flameGraph, foldedStacks, type FlameNode } from './flame';

const find = (n: FlameNode, path: string[]): FlameNode | undefined => {
  let cur: FlameNode | undefined = n;
  for (const p of path) cur = cur?.children.find((c) => c.name === p);
  return cur;
};
const total = (n: FlameNode): number => n.value[0] + n.value[1];

describe('the flame graph of the I/O stacks', () => {
  const [log] = parsedStackFixtures(['c/c_all.st']);
  const m = { ...RAW_MAPPING, depth: 0 };
  const compiled = compileMapping(log, m);
  const t = programTruth('c/c_all_prog.txt');

  test('bytes: every node weighs what is under it; the program\'s write_stdio holds the stdio file\'s bytes', () => {
    const g = flameGraph(log, compiled, { weight: 'bytes', activity: 'write:/tmp/layers-fx/c/stdio.dat' })!;
    expect(total(g.root)).toBe(Number(t.find((r) => r[0] === 'write_stdio')![3]));
    const check = (n: FlameNode): void => {
      if (n.children.length) expect(n.children.reduce((a, c) => a + total(c), 0)).toBeLessThanOrEqual(total(n) + 1e-9);
      n.children.forEach(check);
    };
    check(g.root);
    // root → _start → __libc_start_main → … → main → write_stdio → fwrite / fclose → … → write
    const main = find(g.root, ['_start', '__libc_start_main', '__libc_init_first', 'main'])!;
    expect(main.layer).toBe('app');
    const ws = find(main, ['write_stdio'])!;
    expect(total(ws)).toBe(total(g.root));
    expect(ws.children.map((c) => c.name).sort()).toEqual(['_IO_fclose', '_IO_fwrite']);
    expect(find(ws, ['_IO_fwrite'])!.layer).toBe('stdio');
    // the leaves are system calls
    const leaf = (n: FlameNode): FlameNode => (n.children.length ? leaf(n.children[0]) : n);
    expect(leaf(ws)).toMatchObject({ name: 'write', bin: '', layer: '' });
  });

  test('calls and time, every activity; the folded form sums to the total', () => {
    // every mapped event (the mapping leaves the calls without a file out)
    let mapped = 0;
    let sum = 0;
    for (let i = 0; i < log.n; i++) {
      if (compiled.pairAct[log.pair[i]] < 0) continue;
      mapped++;
      if (log.dur[i] === log.dur[i]) sum += log.dur[i];
    }
    const g = flameGraph(log, compiled, { weight: 'calls' })!;
    expect(total(g.root)).toBe(mapped);
    const folded = foldedStacks(g);
    expect(folded.reduce((a, l) => a + Number(l.split(' ').pop()), 0)).toBe(mapped);
    expect(folded.some((l) => /^_start;__libc_start_main;__libc_init_first;main;write_direct;__write;write \d+$/.test(l))).toBe(true);
    const time = flameGraph(log, compiled, { weight: 'time' })!;
    expect(total(time.root)).toBeCloseTo(sum, 9);
    expect(flameGraph(log, compiled, { activity: 'no such activity' })!.root.value).toEqual([0, 0]);
  });

  test('differential: OMPIO against ROMIO, per case; folded with two columns', () => {
    const mpi = mergeLogs(parsedStackFixtures([...stackFixtures('mpi-ompio'), ...stackFixtures('mpi-romio')].map((f) => f.name)));
    const c = compileMapping(mpi, DEFAULT_MAPPING);
    const g = flameGraph(mpi, c, { weight: 'bytes', activity: 'pwrite64:/tmp/layers-fx', partition: resolvePartition(mpi, 'cid:ompio', 'cid:romio') })!;
    expect(g.cases).toEqual([4, 4]);
    expect(g.perCase).toBe(true);
    // both write their 2 blocks of 256 KiB per rank: 512 KiB a case on each side
    const block = Number(programTruth('mpi-ompio/mpi_prog.txt').find((r) => r[2] === 'write_collective')![5]);
    expect(g.root.value).toEqual([2 * block, 2 * block]);
    // under write_collective: OMPIO's fcoll/fbtl frames on the green side only, ROMIO's ADIOI on the red
    const wc = find(g.root, ['_start', '__libc_start_main', '__libc_init_first', 'main', 'write_collective', 'PMPI_File_write_at_all'])!;
    const omp = wc.children.find((n) => n.name === 'mca_io_ompio_file_write_at_all')!;
    const rom = wc.children.find((n) => n.name === 'mca_io_romio321_file_write_at_all')!;
    expect(omp.value).toEqual([block, 0]);
    expect(rom.value).toEqual([0, block]);
    expect(omp.layer).toBe('mpiio');
    expect(foldedStacks(g).every((l) => / \d+ \d+$/.test(l))).toBe(true);
  });

  test('no stacks: no flame graph', () => {
    expect(flameGraph({ ...log, stack: null, stacks: null }, compiled)).toBeNull();
  });
});
