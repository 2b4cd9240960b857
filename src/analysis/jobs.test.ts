import { describe, expect, test } from 'vitest';
import { darshanFixture } from '../testing/darshanFixtures';
import { jobLine, jobRows } from './jobs';

describe('job header of Darshan logs', () => {
  test('mpi-io-test 3.4.7: 4 processes, modules, mounts, no DXT', () => {
    const [j] = jobRows(darshanFixture('release_logs/mpi-io-test-x86_64-3.4.7.darshan'));
    expect(j.nprocs).toBe(4);
    expect(j.ranks_with_records).toBe(1); // rank 0's STDIO record (its output); the shared file's records are reduced (rank −1)
    expect(j.modules.map((m) => m.name)).toEqual(['POSIX', 'MPI-IO', 'LUSTRE', 'STDIO', 'APMPI', 'HEATMAP']);
    expect(j.modules.find((m) => m.name === 'APMPI')!.read).toBe(false);
    expect(j.dxt).toBe(false);
    expect(jobLine(j)).toMatch(/^Darshan 3\.41 log .*: .*mpi-io-test .* — 4 processes, job \d+, started 2025-.*; modules POSIX, MPI-IO, LUSTRE, STDIO, APMPI \(not read\), HEATMAP; \d+ mount points; no DXT trace/);
  });

  test('inactive ranks: 20 of 40 ranks have STDIO records', () => {
    const [j] = jobRows(darshanFixture('runtime_heatmap_inactive_ranks/treddy_runtime_heatmap_inactive_ranks.darshan'));
    expect([j.nprocs, j.ranks_with_records]).toEqual([40, 20]);
  });

  test('a strace log has no jobs', () => expect(jobRows(null)).toEqual([]));
});
