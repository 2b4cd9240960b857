/**
 * Drishti's counter rules on the real Darshan logs (src/ingest/darshan/__fixtures__): a labelled set — each
 * label from the log's README (how the program did its I/O) — of codes that MUST fire and codes that MUST
 * NOT, checked through runInsights (the CLI's `insights` path).
 */
import { describe, expect, test } from 'vitest';
import { darshanFixture } from '../../../testing/darshanFixtures';
import { runInsights } from '../index';

const codes = (rel: string): Map<string, string> => new Map(runInsights(darshanFixture(rel)).findings.map((f) => [f.code, f.level]));

interface Label {
  log: string;
  why: string;
  must: Record<string, string>;
  mustNot: string[];
}

const MPI_IO_TEST = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';
const LABELS: Label[] = [
  { log: MPI_IO_TEST, why: 'README: mpi-io-test, coll = 0 (independent, blocking MPI_File_write_at/read_at), 128 ops each way on one node',
    must: { M06: 'WARN', M07: 'WARN' }, mustNot: ['M02', 'M03', 'M04', 'M05', 'M08', 'M09', 'M10', 'M01'] },
  { log: 'release_logs/mpi-io-test-x86_64-3.4.7.darshan', why: 'README: mpi-io-test with default parameters (independent, blocking), 4 processes',
    must: { M06: 'WARN', M07: 'WARN' }, mustNot: ['M01', 'M04', 'M05', 'M09'] },
  { log: 'release_logs/mpi-io-test-ppc64-3.0.0.darshan', why: 'as above, Darshan 3.0.0 on ppc64 (big-endian, MPI-IO module version 1)',
    must: { M06: 'WARN', M07: 'WARN' }, mustNot: ['M01', 'M04', 'M05'] },
  { log: 'e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan', why: 'README: E3SM-IO writes through PnetCDF (collective MPI-IO), 512 processes',
    must: { M05: 'OK', M04: 'OK' }, mustNot: ['M01', 'M02', 'M03', 'S01'] },
  { log: 'ior_pnetcdf_hdf5/shane_ior-HDF5_id438090-438090_11-9-41522-17417065676046418211_1.darshan', why: 'README: IOR through HDF5 (default: independent), 4 processes',
    must: { M06: 'WARN', M07: 'WARN' }, mustNot: ['M01', 'M02', 'M03', 'M04', 'M05'] },
  { log: 'apmpi/darshan-apmpi-2nodes-64mpi.darshan', why: 'README: MILC on 128 ranks; its only file I/O is through STDIO (no POSIX or MPI-IO module data)',
    must: { S01: 'HIGH', M01: 'WARN' }, mustNot: ['M06', 'M07'] },
  { log: 'stdio_no_posix/laytonjb_test1_id28730_6-7-43012-2131301613401632697_1.darshan', why: 'README: STDIO module active, POSIX not; one process (no MPI job)',
    must: { S01: 'HIGH' }, mustNot: ['M01', 'M06', 'M07'] },
  { log: 'partial_data_stdio/partial_data_stdio.darshan', why: 'README: more than 1024 files opened with fopen(): the data goes through STDIO',
    must: { S01: 'HIGH' }, mustNot: ['M01'] },
  { log: 'nonmpi_dxt_anonymized/nonmpi_dxt_anonymized.darshan', why: 'README: a single non-MPI process',
    must: {}, mustNot: ['M01', 'M02', 'M03', 'M06', 'M07'] },
  { log: 'dlio_logs/snyder_python3_id3116902-2110483_12-19-66980-15861026832475351160_1.darshan', why: 'README: DLIO benchmark, independent single processes (no MPI)',
    must: {}, mustNot: ['M01', 'M06', 'M07'] },
];

describe('Drishti counter rules on labelled Darshan logs', () => {
  test.each(LABELS)('$log', ({ log, must, mustNot }) => {
    const got = codes(log);
    for (const [code, level] of Object.entries(must)) expect([code, got.get(code)]).toEqual([code, level]);
    for (const code of mustNot) expect([code, got.get(code)]).toEqual([code, undefined]);
  });

  test('every finding from counters names its source', () => {
    const log = darshanFixture(MPI_IO_TEST);
    const mine = runInsights(log).findings.filter((f) => /^[MS]\d\d$/.test(f.code));
    expect(mine.length).toBeGreaterThan(0);
    for (const f of mine) expect(f.details[0]).toMatch(/^source: Darshan counters of /);
  });

  test('no log fires the aggregator rules: the hints in Darshan metadata are its own log-writing hints', () => {
    for (const l of LABELS) for (const c of ['M08', 'M09', 'M10']) expect(codes(l.log).has(c)).toBe(false);
  });

  test('a log without DXT gets P05/P06 from the size buckets (E3SM-IO: 100 % of requests below 1 MiB)', () => {
    const got = codes('e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan');
    expect(got.get('P05')).toBe('HIGH');
    expect(got.get('P06')).toBe('HIGH');
  });
});
