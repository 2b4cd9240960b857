/**
 * Millions of distinct paths: the CLI estimates them from the head of the files before loading, and a load
 * that will not fit stops with one line (docs/ARCHITECTURE.md "Loads"). Real traces made here with strace:
 * an mdtest-like shell loop creating 12,000 files (a new path every few calls) and dd copying byte by byte
 * (two paths, the same bytes of trace); the heap is made small with STRACE_DFG_HEAP_MB.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStraceBytes } from '../ingest/strace/index';
import { identify, isIdentified, type Identified } from '../ingest/registry';
import { estimatePaths } from '../session/estimate';
import { fsSource } from './fsSource';
import { makeManyPathsTraces } from '../testing/manyPaths';
import { main } from './run';

const tmp = mkdtempSync(join(tmpdir(), 'strace-dfg-paths-'));
let MANY = '';
let FEW = '';
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(() => {
  ({ many: MANY, few: FEW } = makeManyPathsTraces(tmp));
}, 120_000);

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
  it('from the first MiB of an mdtest-like trace: within 30 % of the paths the whole trace holds', async () => {
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

  it('a load that will not fit stops with one line before reading; one that fits in the same heap loads', async () => {
    const r = await run('3', 'analyze', join(tmp, 'many'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^strace-dfg: this load holds about [\d,]+ distinct paths \(estimated from the first MiB of 1 file\), which need about [\d.]+ MiB of heap, more than the 3\.00 MiB Node\.js has here: read fewer files .*NODE_OPTIONS=--max-old-space-size=\d+\)\n$/);
    const ok = await run('3', 'analyze', join(tmp, 'few'));
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
  }, 60_000);
});
