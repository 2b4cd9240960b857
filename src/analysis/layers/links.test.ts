/**
 * The layer links' two sources: OTF2's I/O handles (the parent column; src/cli/otf2.test.ts checks them
 * against the writer's list) and, for Darshan DXT (no handles), time containment on each rank.
 */
import { describe, expect, test } from 'vitest';
import { mergeLogs } from '../../model/merge';
import { darshanFixture, darshanLogs, darshanModules } from '../../testing/darshanFixtures';
import { otf2Fixture } from '../../testing/otf2Fixtures';
import { pairLayers } from '../layerPairs';
import { layerInfo } from './classify';
import { layerLinks } from './links';

const MPI_IO_TEST = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const all = (n: number) => new Int32Array(n);

describe('layer links', () => {
  test('Darshan DXT: POSIX operations linked to the MPI-IO operation holding them on their rank (time: no handles)', () => {
    const log = darshanFixture(MPI_IO_TEST);
    const l = layerLinks(log, all(log.pairCall.length), layerInfo(log)!)!;
    expect(l.sources).toEqual(['time']);
    // the same lower operations as the containment pairs, each linked once
    const p = pairLayers(log);
    const lower = new Set(p.lower);
    expect(l.layers.POSIX.linked).toBe(lower.size);
    expect(l.layers.POSIX.unmatched).toBe(0);
    const bytes = l.rows.reduce((s, r) => s + r.bytes, 0);
    expect(bytes).toBe(2 * 2147483648); // 32 ranks × (4 writes + 4 reads) × 16 MiB, passed down whole
    expect(l.rows.every((r) => r.upperLayer === 'MPIIO' && r.lowerLayer === 'POSIX')).toBe(true);
    expect(new Set(l.rows.map((r) => `${r.upperCall} -> ${r.lowerCall}`))).toEqual(new Set(['MPIIO write -> POSIX write', 'MPIIO read -> POSIX read']));
  });

  test('the mapping hides a lower event: not counted; a log without layers or links: none', () => {
    const log = darshanFixture(MPI_IO_TEST);
    const hidden = new Int32Array(log.pairCall.length).map((_, k) => (log.calls[log.pairCall[k]] === 'POSIX read' ? -1 : 0));
    const l = layerLinks(log, hidden, layerInfo(log)!)!;
    expect(l.rows.map((r) => r.lowerCall)).toEqual(['POSIX write']);
    const empty = darshanFixture('empty_log/empty_log.darshan');
    const info = layerInfo(empty);
    expect(info ? layerLinks(empty, all(empty.pairCall.length), info) : null).toBeNull();
  });

  test('an OTF2 trace and a Darshan log merged: each case linked by its own source', async () => {
    const otf2 = await otf2Fixture('handles');
    const darshan = darshanFixture(MPI_IO_TEST);
    const merged = mergeLogs([otf2, darshan]);
    const l = layerLinks(merged, all(merged.pairCall.length), layerInfo(merged)!)!;
    expect(l.sources).toEqual(['handles', 'time']);
    const alone = layerLinks(darshan, all(darshan.pairCall.length), layerInfo(darshan)!)!;
    const first = layerLinks(otf2, all(otf2.pairCall.length), layerInfo(otf2)!)!;
    expect(l.rows.length).toBe(alone.rows.length + first.rows.length);
    expect(l.layers.POSIX.linked).toBe(alone.layers.POSIX.linked + first.layers.POSIX.linked);
    expect(l.layers.POSIX.unmatched).toBe(1);
  });
});

describe('a log that traces one layer only: nothing to link, and the layer named', () => {
  /** Every Darshan log of the fixtures with a DXT trace, and the DXT modules its own header lists. */
  const dxtLogs = darshanLogs().flatMap((rel) => {
    const dxt = darshanModules(rel).filter((n) => n.startsWith('DXT_'));
    return dxt.length ? [{ rel, dxt }] : [];
  });

  test('the fixtures hold logs of DXT_POSIX alone (a non-MPI program, the HDF5 diagonal writes) and of both', () => {
    expect(dxtLogs.filter((l) => l.dxt.join() === 'DXT_POSIX').length).toBeGreaterThanOrEqual(5);
    expect(dxtLogs.filter((l) => l.dxt.length === 2).length).toBeGreaterThanOrEqual(5);
  });

  test.each(dxtLogs)('$rel: POSIX named when its header lists DXT_POSIX alone; else links and no single layer', ({ rel, dxt }) => {
    const log = darshanFixture(rel);
    const l = layerLinks(log, all(log.pairCall.length), layerInfo(log)!)!;
    expect(l.sources).toEqual(['time']);
    if (dxt.join() === 'DXT_POSIX') {
      expect(l.rows).toEqual([]);
      expect(l.onlyLayer).toBe('POSIX');
    } else {
      expect(l.rows.length).toBeGreaterThan(0);
      expect(l.onlyLayer).toBeNull();
    }
  });

  test('no link but two layers (the mapping hides every POSIX call of an MPI-IO run): no single layer claimed', () => {
    const log = darshanFixture(MPI_IO_TEST);
    const hidden = new Int32Array(log.pairCall.length).map((_, k) => (log.calls[log.pairCall[k]].startsWith('POSIX') ? -1 : 0));
    const l = layerLinks(log, hidden, layerInfo(log)!)!;
    expect(l.rows).toEqual([]);
    expect(l.onlyLayer).toBeNull();
  });
});
