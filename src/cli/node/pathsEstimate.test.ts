/**
 * Millions of distinct paths: the CLI estimates them from slices of the files before loading, and a load
 * that will not fit stops with one line (docs/ARCHITECTURE.md "Loads"). Real traces made with strace
 * (src/session/__fixtures__/many-paths): an mdtest-like shell loop creating 12,000 files (a new path every
 * few calls) and dd copying byte by byte (two paths, the same bytes of trace); the heap is made small with
 * STRACE_DFG_HEAP_MB.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStraceBytes } from '../../ingest/strace/index';
import { identify, isIdentified, type Identified } from '../../ingest/registry';
import { estimatePaths, QUICK_BYTES, QUICK_MARGIN, traceSizes } from '../../ingest/estimate';
import { fsSource } from './fsSource';
import { makeManyPathsTraces } from '../../testing/manyPaths';
import { writeLatePathsTrace } from '../../testing/latePaths';
import { main } from '../run';

const tmp = mkdtempSync(join(tmpdir(), 'strace-dfg-paths-'));
let MANY = '';
let FEW = '';
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(() => {
  ({ many: MANY, few: FEW } = makeManyPathsTraces(tmp));
});

async function item(path: string): Promise<Identified> {
  const id = await identify(fsSource(path, path, statSync(path).size));
  if (!isIdentified(id)) throw new Error('not a trace');
  return id;
}

async function run(env: string | undefined, ...argv: string[]): Promise<{ code: number; err: string }> {
  const old = process.env.STRACE_DFG_HEAP_MB;
  if (env === undefined) delete process.env.STRACE_DFG_HEAP_MB;
  else process.env.STRACE_DFG_HEAP_MB = env;
  let err = '';
  try {
    const code = await main(argv, { stdout: { write: () => true }, stderr: { write: (s: string) => (err += s) } });
    return { code, err };
  } finally {
    if (old === undefined) delete process.env.STRACE_DFG_HEAP_MB;
    else process.env.STRACE_DFG_HEAP_MB = old;
  }
}

describe('distinct paths estimated before a load', () => {
  it('from 8 slices of an mdtest-like trace: within 30 % of the paths the whole trace holds', async () => {
    expect(statSync(MANY).size).toBeGreaterThan(2 << 20); // the sample is a part of the file
    const truth = parseStraceBytes('m', new Uint8Array(readFileSync(MANY))).paths.length - 1;
    expect(truth).toBeGreaterThan(12_000);
    const est = await estimatePaths([await item(MANY)]);
    expect(est.sampledBytes).toBeLessThanOrEqual(1 << 20);
    expect(Math.abs(est.paths - truth) / truth).toBeLessThan(0.3);
    // the same amount of trace over two files: few paths
    expect(statSync(FEW).size).toBeGreaterThan(2 << 20);
    const few = await estimatePaths([await item(FEW)]);
    expect(few.paths).toBeLessThan(100);
  });

  it('with a heap budget: a quick look for a load far under it, the full sample for one near or over it', async () => {
    const few = await estimatePaths([await item(FEW)], undefined, 1 << 30);
    expect(few.quick).toBe(true);
    expect(few.sampledBytes).toBeLessThanOrEqual(QUICK_BYTES);
    expect(few.paths).toBeLessThan(100);
    // the mdtest-like trace: its quick look is not 10× under 64 MiB, so it is sampled in full, as without a budget
    const full = await estimatePaths([await item(MANY)]);
    const many = await estimatePaths([await item(MANY)], undefined, 64 << 20);
    expect(many.quick).toBeUndefined();
    expect(many).toEqual(full);
    // the quick look itself sees the many paths: 11,639 of the 12,000+ here (it only has to be within its margin)
    const look = await estimatePaths([await item(MANY)], undefined, 2 ** 50);
    expect(look.quick).toBe(true);
    expect(look.paths).toBeGreaterThan(12_000 / 2);
    expect(look.paths).toBeLessThan(12_000 * QUICK_MARGIN);
  });

  it('a load that will not fit stops with one line before reading; one that fits in the same heap loads', async () => {
    const r = await run('3', 'analyze', join(tmp, 'many'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^strace-dfg: this load holds about [\d,]+ distinct paths \(estimated from 8 slices of 1 file\), which need about [\d.]+ MiB of heap, more than its budget of 2\.10 MiB \(70 % of the 3\.00 MiB heap of Node\.js here\): keep only the paths you need with --filter SUBSTR \(applied while reading, so the others take no memory\), read fewer files .*NODE_OPTIONS=--max-old-space-size=\d+\)\n$/);
    const ok = await run('3', 'analyze', join(tmp, 'few'));
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
  }, 60_000);

  it('a gzip file counts its decompressed bytes, measured on its head (#33.8): stopped as the plain trace is', async () => {
    mkdirSync(join(tmp, 'manygz'));
    const gz = join(tmp, 'manygz', 'mdtest_node1_0.st.gz');
    writeFileSync(gz, gzipSync(readFileSync(MANY)));
    expect(4 * statSync(gz).size).toBeLessThan(0.7 * 5 * 1024 * 1024); // its compressed size alone would fit the budget
    const [size] = await traceSizes([await item(gz)]);
    expect(Math.abs(size - statSync(MANY).size) / statSync(MANY).size).toBeLessThan(0.25);
    const r = await run('5', 'analyze', gz);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^strace-dfg: this load holds about [\d,]+ distinct paths \(estimated from 1 slice of 1 file\), which need about [\d.]+ MiB of heap, more than its budget of 3\.50 MiB/);
  }, 60_000);

  it('distinct paths that start after the first MiB are seen by the slices spread over the file', async () => {
    const late = join(tmp, 'late', 'mdtest_node1_0.st');
    mkdirSync(join(tmp, 'late'));
    writeLatePathsTrace(late, { paths: 20_000, headBytes: 3e6 });
    const head = parseStraceBytes('h', new Uint8Array(readFileSync(late)).subarray(0, 1 << 20)).paths.length - 1;
    expect(head).toBeLessThan(10); // what the head alone shows
    const est = await estimatePaths([await item(late)]);
    expect(est.slices).toBe(8);
    // stat and unlink meet each path again far from its create: counted again (at most 2.5 times)
    expect(est.paths).toBeGreaterThan(20_000 * 0.7);
    expect(est.paths).toBeLessThan(20_000 * 3);
    // under a path filter, only the paths it keeps
    const kept = await estimatePaths([await item(late)], (fp) => fp.endsWith('.conf'));
    expect(kept.paths).toBeLessThan(10);
  });

  it('--filter is applied while reading when the load fits only so (noted), else the stop line says so', async () => {
    const r = await run('3', 'analyze', '--filter', 'no-such-dir', join(tmp, 'many'));
    expect(r.err).toMatch(/^strace-dfg: about [\d,]+ distinct paths would not fit in the heap budget of 2\.10 MiB: --filter is applied while reading \(about 0 paths kept; the events of the others are counted as filtered\)\n/);
    const all = await run('3', 'analyze', '--filter', '/', join(tmp, 'many'));
    expect(all.code).toBe(2);
    expect(all.err).toMatch(/^strace-dfg: even with --filter, this load holds about/);
  }, 60_000);
});
