/**
 * Darshan logs through a Session as the app and the CLI use it: a log without a DXT trace (no events) is
 * analysed all the same — the empty graph says why, the overview draws the log's runtime heatmap (its totals
 * = the log's heatmap records, which equal its counters: src/ingest/darshan/logs.test.ts), the Files view of
 * the counters, the job header and the counters in the analysis JSON; a DXT log's overview is its events'.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource } from '../ingest/source';
import { DARSHAN_FIXTURES } from '../testing/darshanFixtures';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, parseView } from './view';

const E3SM = 'e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan';
const INACTIVE = 'runtime_heatmap_inactive_ranks/treddy_runtime_heatmap_inactive_ranks.darshan';
const MPIIO = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const source = (rel: string) => bytesSource(rel.replace(/^.*\//, ''), new Uint8Array(readFileSync(join(DARSHAN_FIXTURES, rel))));

async function loaded(...rels: string[]): Promise<Session> {
  const s = new Session();
  const sum = await s.load(noCtx(), rels.map(source));
  expect(sum.errors).toEqual([]);
  await s.analyze(noCtx(), analyzeParams(parseView('v=1')));
  return s;
}

/** Σ of a log's heatmap bins of an interface (both directions, or one). */
function heatTotal(s: Session, module: string, dir?: 'read' | 'write'): number {
  let t = 0;
  for (const p of s.log!.profiles!) for (const h of p.heatmaps) if (h.module === module) for (const d of dir ? [dir] : (['read', 'write'] as const)) t += h[d].reduce((a, b) => a + b, 0);
  return t;
}

describe('a Darshan log without a DXT trace', () => {
  it('has no cases, and the summary says why the graph is empty', async () => {
    const s = await loaded(E3SM);
    const sum = (await s.summary(noCtx()))!;
    expect([sum.cases, sum.events]).toEqual([0, 0]);
    expect(sum.emptyGraph).toBe("No events: this log has no DXT trace — enable DXT_ENABLE_IO_TRACE=1 when the job runs to record one. Darshan's counters still give the Files view, the insights and the overview (its runtime heatmap).");
    expect(sum.jobs!.map((j) => [j.nprocs, j.dxt, j.mounts.length])).toEqual([[512, false, 34]]);
  });

  it("the overview is its runtime heatmap: a row per rank, Darshan's bins, the totals of its records", async () => {
    const s = await loaded(E3SM);
    const o = await s.timeOverview(noCtx(), { metric: 'busy' });
    expect(o.heatmap!.modules).toEqual(['POSIX', 'MPIIO', 'STDIO']);
    expect(o.heatmap!.module).toBe('POSIX');
    expect(o.overview.rows).toBe(512);
    const h0 = s.log!.profiles![0].heatmaps[0];
    expect(o.overview.bins).toBe(h0.write.length);
    expect(o.overview.width).toBeCloseTo(h0.binWidth, 9);
    const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);
    expect(sum(o.overview.rowSum)).toBe(heatTotal(s, 'POSIX'));
    expect(sum(o.overview.binSum)).toBe(heatTotal(s, 'POSIX'));
    for (const [module, direction] of [['MPIIO', 'write'], ['STDIO', 'read'], ['POSIX', 'read']] as const) {
      const x = await s.timeOverview(noCtx(), { metric: 'bytes', heatmap: { module, direction } });
      expect([x.heatmap!.module, x.heatmap!.direction]).toEqual([module, direction]);
      expect(sum(x.overview.rowSum)).toBe(heatTotal(s, module, direction));
    }
  });

  it('inactive ranks keep their (empty) rows; two logs share one grid, bytes kept', async () => {
    const one = await loaded(INACTIVE);
    const o = await one.timeOverview(noCtx(), { metric: 'bytes' });
    expect(o.heatmap!.modules).toEqual(['STDIO']); // (its only heatmaps)
    const p = one.log!.profiles![0];
    expect(o.overview.rows).toBe(p.heatmaps.filter((h) => h.module === o.heatmap!.module).length);
    expect([...o.overview.rowSum].filter((v) => v > 0).length).toBe(p.heatmaps.filter((h) => h.module === o.heatmap!.module && (h.write.some((b) => b > 0) || h.read.some((b) => b > 0))).length);
    const two = await loaded(INACTIVE, E3SM);
    const t = await two.timeOverview(noCtx(), { metric: 'bytes', bins: 100, heatmap: { module: 'STDIO' } });
    expect(t.overview.bins).toBe(100);
    expect(t.overview.rows).toBe(o.overview.rows + 512);
    const total = t.overview.rowSum.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    expect(Math.abs(total - heatTotal(two, 'STDIO')) / total).toBeLessThan(1e-12);
    expect(t.rowLabels[0]).toMatch(/^treddy_runtime_heatmap_inactive_ranks\.darshan rank 0$/);
  });

  it("the Files view of its counters, and the analysis JSON's jobs and darshan_files", async () => {
    const s = await loaded(E3SM);
    const files = await s.counterFiles(noCtx());
    expect(files.logs).toEqual(['e3sm_io_heatmap_only.darshan']);
    expect(files.modules).toEqual(['POSIX', 'MPI-IO', 'STDIO']);
    const json = JSON.parse((await s.exportJson(noCtx())).join(''));
    expect(json.events).toBe(0);
    expect(json.jobs[0].nprocs).toBe(512);
    expect(json.darshan_files.length).toBe(files.rows.length);
    const mpi = json.darshan_files.find((r: { module: string }) => r.module === 'MPI-IO');
    expect(mpi.rank).toBe(-1);
    expect(mpi.writes.ops).toBe(mpi.mpiio.indep + mpi.mpiio.coll + mpi.mpiio.split + mpi.mpiio.nb);
    expect(mpi.reads.consecutive).toBeNull();
  });
});

describe('a Darshan log with a DXT trace', () => {
  it('its overview is of its events, and its Files view of the events counts the POSIX operations', async () => {
    const s = await loaded(MPIIO);
    const o = await s.timeOverview(noCtx(), { metric: 'bytes' });
    expect(o.heatmap).toBeUndefined();
    expect(o.overview.rows).toBe(32);
    expect((await s.summary(noCtx()))!.emptyGraph).toBeUndefined();
    const access = await s.access(noCtx());
    // the shared file and each rank's Open MPI shared-memory file
    expect(access.files.length).toBe(33);
    expect(access.files[0].fp).toBe('/yellow/users/treddy/mpi_io_rough_work/test.out');
    expect(access.hasOffsets).toBe(true);
  });
});
