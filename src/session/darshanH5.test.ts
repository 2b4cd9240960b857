/**
 * A .darshan converted to the native .h5 (what `strace-dfg convert` and the app's HDF5 export write) and
 * reopened keeps the Files tab's counters and the counter rules' findings (docs/FORMATS.md "The native
 * layout": /profiles), on a DXT log and on a log without DXT.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadH5wasm, writeNativeHdf5 } from '../ingest/hdf5/index';
import { bytesSource } from '../ingest/source';
import { DARSHAN_FIXTURES } from '../testing/darshanFixtures';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, parseView } from './view';

const MPIIO = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const E3SM = 'e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan';
const dir = mkdtempSync(join(tmpdir(), 'darshan-h5-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a converted .darshan reopened keeps the Files tab counters and the counter rules', async () => {
  const opened = async (name: string, bytes: Uint8Array) => {
    const s = new Session();
    const sum = await s.load(noCtx(), [bytesSource(name, bytes)]);
    expect(sum.errors).toEqual([]);
    await s.analyze(noCtx(), analyzeParams(parseView('v=1')));
    return s;
  };
  for (const rel of [MPIIO, E3SM]) {
    const a = await opened('job.darshan', new Uint8Array(readFileSync(join(DARSHAN_FIXTURES, rel))));
    const path = join(dir, 'job.h5');
    writeNativeHdf5(await loadH5wasm(), a.log!, path);
    const b = await opened('job.h5', new Uint8Array(readFileSync(path)));
    const files = await a.counterFiles(noCtx());
    expect(files.logs.length).toBeGreaterThan(0);
    expect(await b.counterFiles(noCtx())).toEqual(files);
    const codes = (r: Awaited<ReturnType<Session['insights']>>) => r.findings.map((f) => [f.code, f.message]);
    const ia = codes(await a.insights(noCtx()));
    expect(ia.some(([c]) => /^[PM]\d/.test(String(c)))).toBe(true);
    expect(codes(await b.insights(noCtx()))).toEqual(ia);
  }
});

