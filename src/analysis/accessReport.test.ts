/**
 * The access patterns of real runs. The expected numbers were counted independently of the app's parser:
 * a small python3 script over the raw strace lines, per (case, pid, path, direction) as Darshan keeps them,
 *
 *   rx = re.compile(r'^(\d+) \S+ (pread64|pwrite64)\(\d+<([^>]*)>, .*, (\d+), (\d+)\) = (\d+)')
 *   last = {} per case; lb = last.get((pid, path, dir), 0)
 *   kind = consecutive if off == lb + 1 else sequential if off > lb else random; last[...] = off + ret - 1
 *   size bin: the first of 100, 1024, 10240, … (inclusive) that holds ret
 *
 * over every *.st.gz of e2e/fixtures/ior-ssf-fpp (paths under /scratch/ior) and
 * src/analysis/insights/__fixtures__/small_random (paths under /tmp/insfx).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessReport, addNodeAccess, filesJson, nodeAccess, type CliAccess } from './accessReport';
import { compileMapping } from './mapping';
import { DEFAULT_MAPPING } from './types';
import { loadFixture } from '../testing/mpiFixtures';
import { insightsLog } from '../testing/insightsFixtures';
import { BENCH } from '../testing/insightsBench';
import { loadTraceDir } from '../testing/traceFixtures';
import { fileOffsets } from './time/offsets';

const bins = (bin: number, n: number) => Array.from({ length: 10 }, (_, k) => (k === bin ? n : 0));

describe('access patterns of IOR, shared file vs file per process (e2e/fixtures/ior-ssf-fpp)', () => {
  const log = loadFixture('ior-ssf-fpp');
  const compiled = compileMapping(log, DEFAULT_MAPPING);
  const r = accessReport(log, compiled);

  it('the shared file: 8 ranks, each 6 × 4 KiB from offset rank × 24 KiB: rank 0 starts random (offset 0), the others sequential', () => {
    const ssf = r.files.find((f) => f.fp === '/scratch/ior/ssf')!;
    // python: reads [n, bytes, consec, seq, rand] = [48, 196608, 40, 7, 1], all in bin 1K–10K; writes the same
    const dir = { requests: 48, bytes: 196608, withOffset: 48, consecutive: 40, sequential: 7, random: 1, sizes: bins(2, 48) };
    expect(ssf).toEqual({ fp: '/scratch/ior/ssf', cases: 8, shared: true, read: dir, write: dir });
    expect(r.files[0].fp).toBe('/scratch/ior/ssf'); // most bytes first
  });

  it('file per process: each private, 1 random (offset 0) + 5 consecutive per direction', () => {
    const fpp = r.files.filter((f) => f.fp.startsWith('/scratch/ior/fpp.'));
    expect(fpp.map((f) => f.fp)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => `/scratch/ior/fpp.0000000${k}`));
    // python: reads and writes [6, 24576, 5, 0, 1] per file, bin 1K–10K, 1 case each
    const dir = { requests: 6, bytes: 24576, withOffset: 6, consecutive: 5, sequential: 0, random: 1, sizes: bins(2, 6) };
    for (const f of fpp) expect(f).toEqual({ fp: f.fp, cases: 1, shared: false, read: dir, write: dir });
  });

  it('per activity of the mapping, and as the analysis JSON writes them', () => {
    const pread = r.activities.find((a) => a.id === 'pread64:/scratch/ior')!;
    // the shared file and the 8 private ones together: 96 reads, 80 consecutive, 7 sequential, 9 random
    expect(nodeAccess(pread)).toEqual({ requests: 96, consecutive: 80, sequential: 7, random: 9, sizes: bins(2, 96) });
    const nodes: Record<string, { access?: CliAccess }> = { 'pread64:/scratch/ior': {}, 'close:/scratch/ior': {} };
    addNodeAccess(nodes, r);
    expect(nodes['pread64:/scratch/ior'].access).toEqual(nodeAccess(pread));
    expect(nodes['close:/scratch/ior'].access).toBeUndefined();
    const files = filesJson(r);
    expect(Object.keys(files)[0]).toBe('/scratch/ior/ssf');
    expect(files['/scratch/ior/ssf']).toMatchObject({ cases: 8, shared: true, bytes: 393216, sizes: bins(2, 96) });
    expect(files['/scratch/ior/ssf'].reads).toEqual({ requests: 48, bytes: 196608, with_offset: 48, consecutive: 40, sequential: 7, random: 1, sizes: bins(2, 48) });
    expect(files['/scratch/ior/fpp.00000003'].shared).toBe(false);
  });
});

it('a backward-strided run (insights fixture small_random): every request random but the first', () => {
  const log = insightsLog('small_random');
  const r = accessReport(log, compileMapping(log, DEFAULT_MAPPING));
  const f = r.files.find((x) => x.fp === '/tmp/insfx/small_random/data')!;
  // python: reads and writes [1010, 101000, 0, 1, 1009], 1010 in bin 0–100 (100-byte requests, offsets descending)
  const dir = { requests: 1010, bytes: 101000, withOffset: 1010, consecutive: 0, sequential: 1, random: 1009, sizes: bins(0, 1010) };
  expect(f).toEqual({ fp: f.fp, cases: 1, shared: false, read: dir, write: dir });
});

describe('a trace filtered without lseek (the benchmark run fio-rand-read-nolseek: -e trace=openat,read,close)', () => {
  it('has no pattern for its reads, and says how many cases were traced so (the Files tab, the offsets view)', () => {
    const log = loadTraceDir(join(BENCH, 'fio-rand-read-nolseek'));
    const m = compileMapping(log, DEFAULT_MAPPING);
    const r = accessReport(log, m);
    expect(r.noLseekCases).toBe(1);
    const data = r.files.find((f) => f.fp === '/tmp/bench/fio-rand-read-nolseek/data')!;
    expect(data.read.requests).toBe(3072);
    expect(data.read.withOffset).toBe(0);
    expect(fileOffsets(log, m, log.start[0], data.fp).noLseekCases).toBe(1);
    // the same reads traced with lseek: every position known
    const full = loadTraceDir(join(BENCH, 'fio-rand-read'));
    const rf = accessReport(full, compileMapping(full, DEFAULT_MAPPING));
    expect(rf.noLseekCases).toBe(0);
    expect(rf.files.find((f) => f.fp === '/tmp/bench/fio-rand-read/data')!.read.withOffset).toBe(3072);
  });
});
