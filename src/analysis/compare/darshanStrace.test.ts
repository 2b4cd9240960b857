/**
 * A Darshan log and strace traces of the same kind of run, compared green vs red (issue #31; docs/METHOD.md
 * "Operations: where strace and Darshan meet"): green = Darshan's mpi-io-test log (32 ranks, each writing then
 * reading 4 × 16 MiB of one shared file with independent MPI-IO), red = a real strace run of the same pattern
 * (__fixtures__/darshan-vs-strace: 4 Open MPI ranks, 4 × 1 MiB). With the call-name meeting point (`--ops`,
 * view key ops=1) both sides' writes and reads of the shared file are one activity each, and its numbers per
 * case are each side's own truth: the Darshan log's POSIX counters per rank, the count of pwrite64/pread64
 * lines on the file in each trace's text; the MPI-IO layer, which strace cannot see, stays green only.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CompareJson } from './json';
import { runCli } from '../../testing/cliRun';
import { DARSHAN_FIXTURES, darshanFixture } from '../../testing/darshanFixtures';
import { column, tableOf } from '../../model/profile';

const LOG = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const STRACE = join(__dirname, '__fixtures__', 'darshan-vs-strace');
const ARGS = ['--green', 'cid:mpi-io-test', '--red', 'cid:mpi-io-test-like', '--rewrite', 're:.*/test\\.out$=>test.out', '--json', '--jobs', '1', join(DARSHAN_FIXTURES, LOG), STRACE];

/** Per trace (in case order): the pwrite64 / pread64 lines on test.out and their byte counts, from the text. */
function straceTruth(call: 'pwrite64' | 'pread64'): { count: number[]; bytes: number[] } {
  const count: number[] = [];
  const bytes: number[] = [];
  for (const f of readdirSync(STRACE).filter((x) => x.endsWith('.st.gz')).sort()) {
    const re = new RegExp(`^\\d+ +\\S+ ${call}\\(\\d+</scratch/mpi_io_test/test\\.out>, .* = (\\d+) <`);
    const hits = gunzipSync(readFileSync(join(STRACE, f))).toString('utf8').split('\n').map((l) => re.exec(l)).filter((m) => m !== null);
    count.push(hits.length);
    bytes.push(hits.reduce((a, m) => a + Number(m![1]), 0));
  }
  return { count, bytes };
}

/** Per rank (0…31): the log's POSIX counter of the shared file. */
function darshanTruth(name: string): number[] {
  const p = darshanFixture(LOG).profiles![0];
  const t = tableOf(p, 'POSIX')!;
  const c = column(t, name)!;
  const out = new Array<number>(32).fill(0);
  for (let r = 0; r < t.rank.length; r++) if (t.files[t.file[r]].endsWith('/test.out')) out[t.rank[r]] += c(r);
  return out;
}

async function compareJson(...extra: string[]): Promise<CompareJson> {
  const r = await runCli('compare', ...extra, ...ARGS);
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as CompareJson;
}

describe('Darshan log (green) vs strace traces (red) of an mpi-io-test-like run', () => {
  it('without --ops the two tools name their calls apart: no activity of the shared file on both sides', async () => {
    const doc = await compareJson();
    const both = Object.entries(doc.activities).filter(([a, row]) => a.endsWith(':test.out') && row.side === 'both');
    expect(both).toEqual([]);
    expect(doc.activities['POSIX write:test.out'].side).toBe('green');
    expect(doc.activities['pwrite64:test.out'].side).toBe('red');
  });

  it("with --ops: write and read of the shared file on both sides, each side's numbers its own truth", async () => {
    const doc = await compareJson('--ops');
    expect(Object.values(doc.cases).filter((c) => c.side === 'green')).toHaveLength(32);
    expect(Object.values(doc.cases).filter((c) => c.side === 'red')).toHaveLength(4);
    for (const [op, call, dir] of [['write', 'pwrite64', 'WRITE'], ['read', 'pread64', 'READ']] as const) {
      const row = doc.activities[`${op}:test.out`];
      expect(row.side).toBe('both');
      const truth = straceTruth(call);
      expect(truth.count).toEqual([4, 4, 4, 4]);
      expect(row.red.count).toEqual(truth.count);
      expect(row.red.bytes).toEqual(truth.bytes);
      expect(row.green.count).toEqual(darshanTruth(`POSIX_${dir}S`));
      expect(row.green.bytes).toEqual(darshanTruth(dir === 'READ' ? 'POSIX_BYTES_READ' : 'POSIX_BYTES_WRITTEN'));
      // the MPI-IO layer: Darshan's DXT sees it, strace cannot
      expect(doc.activities[`MPIIO ${op}:test.out`].side).toBe('green');
    }
  });

  it('the view key ops=1 is the same option (a link gives the same comparison)', async () => {
    const a = await compareJson('--ops');
    const b = await compareJson('--view', '#ops=1');
    expect(Object.keys(b.activities).sort()).toEqual(Object.keys(a.activities).sort());
    expect(b.activities['write:test.out'].green.count).toEqual(a.activities['write:test.out'].green.count);
  });
});
