/**
 * Darshan profiles (counters, job header, heatmaps) in the native .h5 (docs/FORMATS.md "The native layout"):
 * real logs of the collection round trip exactly (profiles, events, layers); h5py reads the counters and
 * heatmaps back to the log's own sums; a broken profile is named. (A .darshan converted and reopened in a
 * Session: src/session/darshanH5.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { column, type Profile } from '../../model/profile';
import { darshanFixture } from '../../testing/darshanFixtures';
import { referenceValues } from '../../testing/refdata';
import { nativeH5Files } from '../../testing/nativeH5';
import { digest } from '../../testing/straceTestkit';
import { readHdf5Log, writeNativeHdf5 } from './index';

const MPIIO = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const E3SM = 'e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan';
const LOGS = [MPIIO, E3SM, 'partial_data_stdio/partial_data_stdio.darshan', 'release_logs/mpi-io-test-ppc64-3.1.3.darshan',
  'ior_pnetcdf_hdf5/shane_ior-PNETCDF_id438100-438100_11-9-41525-10280033558448664385_1.darshan'];

const files = nativeH5Files('h5profiles-');
const roundTrip = files.roundTrip;

const sum = (p: Profile, module: string, name: string): number => {
  const t = p.tables.find((x) => x.module === module)!;
  const c = column(t, name)!;
  let s = 0;
  for (let r = 0; r < t.rank.length; r++) s += c(r);
  return s;
};

describe('Darshan profiles in the native .h5', () => {
  it.each(LOGS)('%s: profiles, events and layers round trip exactly', (rel) => {
    const log = darshanFixture(rel);
    expect(log.profiles![0].tables.length).toBeGreaterThan(0);
    const back = roundTrip(log, `${rel.replace(/\W/g, '_')}.h5`);
    expect(back.profiles).toEqual(log.profiles);
    for (const k of ['start', 'dur', 'size', 'offset', 'pid', 'pair'] as const) expect(back[k]).toEqual(log[k]);
    expect(back.layer).toEqual(log.layer);
    expect(back.layerNames).toEqual(log.layerNames);
    expect(back.cases).toEqual(log.cases);
  });

  it('h5py reads the counters and heatmaps back to the sums of the log itself', () => {
    const log = darshanFixture(E3SM);
    const path = files.path('for-h5py.h5');
    writeNativeHdf5(files.h5, log, path);
    const counters = ['POSIX_BYTES_WRITTEN', 'POSIX_BYTES_READ', 'POSIX_WRITES', 'MPIIO_BYTES_WRITTEN', 'MPIIO_COLL_WRITES'];
    type Got = { exe: string; nprocs: number; tables: Record<string, { rows: number; files: number; sums: Record<string, number> }>; heatmaps: Record<string, { write: number; read: number }> }[];
    const got = referenceValues(import.meta.url).get<Got>('profiles of e3sm_io_heatmap_only', 'tools/refdata/h5py_profiles.py', { stdin: { counters }, files: [{ path, madeFrom: digest(log) }] });
    const p = log.profiles![0];
    expect(got).toHaveLength(1);
    expect([got[0].exe, got[0].nprocs]).toEqual([p.exe, p.nprocs]);
    for (const t of p.tables) {
      expect([t.module, got[0].tables[t.module].rows, got[0].tables[t.module].files]).toEqual([t.module, t.rank.length, t.files.length]);
      for (const c of counters) if (t.names.includes(c)) expect([c, got[0].tables[t.module].sums[c]]).toEqual([c, sum(p, t.module, c)]);
    }
    // the log's heatmap totals equal its byte counters (src/ingest/darshan/logs.test.ts): so do h5py's
    expect(got[0].heatmaps.POSIX.write).toBeCloseTo(sum(p, 'POSIX', 'POSIX_BYTES_WRITTEN'), -3);
    expect(Object.keys(got[0].heatmaps).sort()).toEqual([...new Set(p.heatmaps.map((h) => h.module))].sort());
  });

  it('a broken profile header is named', () => {
    const log = darshanFixture(E3SM);
    const bad = { ...log, profiles: [{ ...log.profiles![0], nprocs: 'many' as unknown as number }] };
    const path = files.path('bad.h5');
    writeNativeHdf5(files.h5, bad, path);
    expect(() => readHdf5Log(files.h5, path, 'bad.h5')).toThrow("bad.h5: broken strace-dfg event log: profile 0: 'nprocs' is not a number");
  });
});
