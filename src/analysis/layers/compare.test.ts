import { expect, test } from 'vitest';
import { mergeLogs } from '../../model';
import { parsedStackFixtures, programTruth, stackFixtures } from '../../testing/stackFixtures';
import { compare } from '../compare/compare';
import { toCompareJson } from '../compare/json';
import { resolvePartition } from '../partition';
import { DEFAULT_MAPPING } from '../types';

const log = mergeLogs(parsedStackFixtures([...stackFixtures('mpi-ompio'), ...stackFixtures('mpi-romio')].map((f) => f.name)));

test('OMPIO against ROMIO per layer and per call site: the collective writes of the same bytes in 1 call vs 4', () => {
  const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:ompio', 'cid:romio'));
  const site = res.sites!.find((r) => r.id.startsWith('write_collective '))!;
  // OMPIO's two-phase collective: rank 0 writes the ranks' blocks in one call; ROMIO: each rank its own
  expect(Array.from(site.green.count).sort()).toEqual([0, 0, 0, 1]);
  expect(Array.from(site.red.count)).toEqual([1, 1, 1, 1]);
  const block = Number(programTruth('mpi-ompio/mpi_prog.txt').find((r) => r[2] === 'write_collective')![5]);
  expect(site.mean.bytes).toEqual({ green: block, red: block });
  // Cliff's delta: 12 of the 16 (green, red) pairs have red larger, none green: 0.75
  expect(site.tests.count!.effect).toBeCloseTo(0.75, 12);
  // the layer rows: MPI-IO on both sides; every count of every side sums to the events of the layer
  const mpiio = res.layers!.find((r) => r.id === 'mpiio')!;
  expect(mpiio.side).toBe('both');
  const activityCalls = res.activities.reduce((a, r) => a + r.green.totalCount + r.red.totalCount, 0);
  expect(res.layers!.reduce((a, r) => a + r.green.totalCount + r.red.totalCount, 0)).toBe(activityCalls);
  // in the JSON, beside the activities
  const json = toCompareJson(res);
  expect(Object.keys(json.layers!)).toContain('mpiio');
  expect(json.sites![site.id].green.count).toEqual(Array.from(site.green.count));
});

test('no stacks, no layer rows', () => {
  const plain = { ...log, stack: null, stacks: null };
  const res = compare(plain, DEFAULT_MAPPING, resolvePartition(plain, 'cid:ompio', 'cid:romio'));
  expect(res.layers).toBeUndefined();
  expect(toCompareJson(res)).not.toHaveProperty('layers');
});
