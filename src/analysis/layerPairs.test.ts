import { describe, expect, test } from 'vitest';
import { darshanFixture } from '../testing/darshanFixtures';
import { pairLayers } from './layerPairs';

describe('MPI-IO operations linked to the POSIX operations inside them', () => {
  test('mpi-io-test (32 ranks, 4 independent 16 MiB writes and reads each): every MPI-IO op holds its POSIX op of the same size', () => {
    const log = darshanFixture('mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan');
    const p = pairLayers(log);
    expect(p.upper.length).toBe(256);
    let bytes = 0;
    for (let k = 0; k < p.upper.length; k++) {
      const i = p.upper[k];
      const inner = [...p.lower.subarray(p.from[k], p.from[k + 1])];
      expect(inner.length).toBeGreaterThan(0);
      for (const j of inner) expect(log.pid[j]).toBe(log.pid[i]); // same rank
      const sum = inner.reduce((a, j) => a + log.size[j], 0);
      expect(sum).toBe(log.size[i]); // ROMIO passes an independent 16 MiB request down whole
      bytes += sum;
    }
    expect(bytes).toBe(2 * 2147483648);
  });

  test('a log without layers pairs nothing', () => {
    const log = darshanFixture('empty_log/empty_log.darshan');
    expect(pairLayers(log).upper.length).toBe(0);
  });
});
