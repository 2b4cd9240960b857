/**
 * The source of each finding on Darshan logs (source.ts; docs/METHOD.md "Insights from Darshan counters"):
 * on a DXT log every finding names exactly one source — the counters for the counter rules, the DXT trace
 * for the rules of events; a log without DXT gets no strace note about offsets or durations in the CLI, and
 * its own list of what cannot be observed. strace traces get no source line.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../testing/cliRun';
import { DARSHAN_FIXTURES, darshanFixture } from '../../testing/darshanFixtures';
import { traceDirLogGz } from '../../testing/traceDir';
import { runInsights } from './index';

const MPIIO = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const E3SM = 'e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan';
const sources = (details: readonly string[]): string[] => details.filter((d) => d.startsWith('source: '));

describe('the source of the findings', () => {
  it('a DXT log: one source line per finding, the DXT trace for the rules of events', () => {
    const r = runInsights(darshanFixture(MPIIO));
    expect(r.findings.length).toBeGreaterThan(3);
    const fromDxt = r.findings.filter((f) => !/^([SM]\d\d|P07)$/.test(f.code)); // (P07: memory alignment, from the counters only)
    expect(fromDxt.length).toBeGreaterThan(0);
    for (const f of r.findings) expect([f.code, sources(f.details).length]).toEqual([f.code, 1]);
    for (const f of fromDxt) expect([f.code, sources(f.details)[0]]).toEqual([f.code, `source: DXT trace of ${MPIIO.replace(/^.*\//, '')}`]);
    for (const f of r.findings.filter((x) => /^M0\d$/.test(x.code))) expect(sources(f.details)[0]).toMatch(/^source: Darshan counters of /);
    expect(r.countersOnly).toBe(false);
  });

  it('strace traces: no source line', () => {
    const dir = join(__dirname, '..', '..', '..', 'e2e', 'fixtures', 'ior-mpiio');
    const r = runInsights(traceDirLogGz(dir).log);
    expect(r.findings.length).toBeGreaterThan(0);
    for (const f of r.findings) expect(sources(f.details)).toEqual([]);
    expect(r.unobservable.map((u) => u.code)).toContain('M01');
  });

  it("the CLI on a log without DXT: no strace note on offsets or durations, the Darshan logs' own unobservable list", async () => {
    const out = await runCli('insights', join(DARSHAN_FIXTURES, E3SM));
    expect(out.code).toBe(0);
    expect(out.out).not.toMatch(/no file offsets|no durations|trace with -T/);
    expect(out.out).toContain('(Darshan logs without a DXT trace: the rules read their counters;');
    expect(out.out).toMatch(/Not observable from these Darshan logs \(docs\/METHOD\.md "Insights"\):\n {2}M08–M10: The cb_nodes hint/);
    const json = JSON.parse((await runCli('insights', '--json', join(DARSHAN_FIXTURES, E3SM))).out) as { unobservable: { code: string }[] };
    expect(json.unobservable.map((u) => u.code)).toEqual(['M08', 'M09', 'M10']);
  });
});
