/**
 * Darshan logs dropped in the app (store → worker handlers over a Session with the UI's caps, in this
 * thread): a log without a DXT trace is loaded and analysed (no cases, the empty graph's reason, the
 * heatmap overview, whose interface can be changed), and the app's analysis JSON equals
 * `strace-dfg analyze --json` of the same log, with and without DXT.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_TRACE_LIMITS } from '../session/session';
import { runCli } from '../testing/cliRun';
import { DARSHAN_FIXTURES } from '../testing/darshanFixtures';
import type { LoadInput } from '../worker/protocol';
import { createAppStore } from './appStore';
import { InThread } from '../testing/inThreadClient';

const E3SM = 'e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan';
const MPIIO = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const dropped = (rel: string): LoadInput[] => [{ file: new File([readFileSync(join(DARSHAN_FIXTURES, rel))], rel.replace(/^.*\//, '')) }];

/** `strace-dfg analyze --json LOG`, run in the log's folder (the app names a dropped file by its name). */
async function cli(rel: string): Promise<string> {
  const cwd = process.cwd();
  process.chdir(join(DARSHAN_FIXTURES, rel.replace(/\/[^/]*$/, '')));
  try {
    const r = await runCli('analyze', '--json', rel.replace(/^.*\//, ''));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^(strace-dfg: warning .*\n)*$/);
    return r.out;
  } finally {
    process.chdir(cwd);
  }
}

describe('a Darshan log without a DXT trace in the app', () => {
  it('is analysed: no cases, the reason of the empty graph, the heatmap overview', async () => {
    const store = createAppStore(new InThread({ limits: UI_TRACE_LIMITS }));
    await store.getState().loadFiles(dropped(E3SM));
    const s = store.getState();
    expect(s.status).toBe('ready');
    expect(s.banner).toBeNull();
    expect(s.result!.nodes).toEqual([]);
    expect(s.summary!.emptyGraph).toMatch(/^No events: this log has no DXT trace — enable DXT_ENABLE_IO_TRACE=1/);
    expect(s.overview!.heatmap!.module).toBe('POSIX');
    await store.getState().setOverview({ overviewHeatmap: { module: 'MPIIO', direction: 'write' } });
    expect([store.getState().overview!.heatmap!.module, store.getState().overview!.heatmap!.direction]).toEqual(['MPIIO', 'write']);
  });
});

describe("the app's analysis JSON = strace-dfg analyze --json", () => {
  it.each([E3SM, MPIIO])('%s', async (rel) => {
    const store = createAppStore(new InThread({ limits: UI_TRACE_LIMITS }));
    await store.getState().loadFiles(dropped(rel));
    expect(store.getState().status).toBe('ready');
    const app = (await store.getState().exportJson()).join('');
    const doc = JSON.parse(app);
    expect(doc.jobs.length).toBe(1);
    expect(doc.darshan_files.length).toBeGreaterThan(0);
    expect(await cli(rel)).toBe(app + '\n');
  });
});
