/**
 * Offset over time on real traces (insights fixtures, __fixtures__/README.md there): 1,010 `pwrite`s of
 * 100 B at descending offsets then 1,010 `pread`s (small_random), 8 MiB written then read in 1 MiB
 * `write` / `read` calls (large_sequential). Offsets are checked against the offset argument of each
 * `pwrite64` line of the raw trace; the access pattern against the program's known order.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadTraceDir } from '../../testing/traceFixtures';
import { compileMapping } from '../mapping';
import { DEFAULT_MAPPING } from '../types';
import { fileOffsets } from './offsets';
import { runSpan } from './span';

const FX = join(__dirname, '..', 'insights', '__fixtures__');
const rawLines = (dir: string): string[] =>
  readdirSync(join(FX, dir)).flatMap((f) => {
    const b = readFileSync(join(FX, dir, f));
    return (f.endsWith('.gz') ? gunzipSync(b) : b).toString('latin1').split('\n');
  });

describe('file offsets', () => {
  it('small_random: the pwrite offsets of the raw trace, in order; descending writes are random', () => {
    const log = loadTraceDir(join(FX, 'small_random'));
    const m = compileMapping(log, DEFAULT_MAPPING);
    const t0 = runSpan(log).t0;
    const path = '/tmp/insfx/small_random/data';
    const list = fileOffsets(log, m, t0, null);
    expect(list.path).toBeNull();
    expect(list.start.length).toBe(0);
    const f = list.files.find((x) => x.path === path)!;
    expect([f.reads, f.writes, f.bytes, f.cases]).toEqual([1010, 1010, 2020 * 100, 1]);
    const d = fileOffsets(log, m, t0, path);
    expect(d.path).toBe(path);
    expect(d.total).toBe(2020);
    expect(d.stride).toBe(1);
    const want = rawLines('small_random')
      .map((l) => /pwrite64\(\d+<\/tmp\/insfx\/small_random\/data>, .*, (\d+), (\d+)\) = (\d+) </.exec(l))
      .filter((x): x is RegExpExecArray => x !== null)
      .map((x) => [Number(x[2]), Number(x[1])]);
    expect(want).toHaveLength(1010);
    const writes: number[][] = [];
    for (let i = 0; i < d.start.length; i++) if (d.isWrite[i]) writes.push([d.offset[i], d.size[i]]);
    expect(writes).toEqual(want);
    // the first write lands beyond offset 0 (sequential), every later one before the previous one
    expect(d.write).toEqual({ consecutive: 0, sequential: 1, random: 1009 });
    expect(d.read.consecutive + d.read.sequential + d.read.random).toBe(1010);
    // times since the run start, increasing within the case
    for (let i = 1; i < d.start.length; i++) expect(d.start[i]).toBeGreaterThanOrEqual(d.start[i - 1]);
    expect(d.start[0]).toBeGreaterThan(0);
  });

  it('large_sequential: 8 × 1 MiB written and read back by read/write: consecutive at 1, … 7 MiB (the first, at 0, random as in Darshan)', () => {
    const log = loadTraceDir(join(FX, 'large_sequential'));
    const m = compileMapping(log, DEFAULT_MAPPING);
    const d = fileOffsets(log, m, runSpan(log).t0, '/tmp/insfx/large_sequential/data');
    // the Files table's counts (accessKind.ts): per process, a first request at offset 0 is random
    expect(d.write).toEqual({ consecutive: 7, sequential: 0, random: 1 });
    expect(d.read).toEqual({ consecutive: 7, sequential: 0, random: 1 });
    const mib = 1 << 20;
    const at = (w: number): number[] => Array.from(d.offset).filter((_, i) => d.isWrite[i] === w);
    expect(at(1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => k * mib));
    expect(at(0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => k * mib));
    // two processes of one case (sh -c "io write …; io read …")
    expect(new Set(d.pid).size).toBe(2);
  });

  it('an unknown file or a file without known offsets gives only the list', () => {
    const log = loadTraceDir(join(FX, 'large_sequential'));
    const m = compileMapping(log, DEFAULT_MAPPING);
    const d = fileOffsets(log, m, 0, '/no/such/file');
    expect(d.path).toBeNull();
    expect(d.files.length).toBeGreaterThan(0);
  });
});
