/**
 * Every real Darshan log of the fixtures (src/ingest/darshan/__fixtures__/README.md), checked against the
 * log itself: DXT totals equal the POSIX / MPI-IO counters, ranks equal nprocs, heatmaps equal counters.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate, type EventLog } from '../../model/eventlog';
import { column, tableOf, type CounterTable, type Profile } from '../../model/profile';
import { bytesSource } from '../source';
import { identify, isIdentified } from '../registry';
import { readDarshanLog } from './index';

const DIR = join(__dirname, '__fixtures__');
const LOGS = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(DIR, d.name)).filter((f) => f.endsWith('.darshan')).map((f) => join(d.name, f)));
const load = (rel: string): EventLog => readDarshanLog(rel, new Uint8Array(readFileSync(join(DIR, rel))));
const profile = (log: EventLog): Profile => log.profiles![0];

function sum(t: CounterTable | null, name: string, rows?: (r: number) => boolean): number {
  if (!t) return 0;
  const c = column(t, name)!;
  let s = 0;
  for (let r = 0; r < t.rank.length; r++) if (!rows || rows(r)) s += c(r);
  return s;
}

/** Count and bytes of the events whose call starts with `prefix` (e.g. 'POSIX write', 'MPIIO read'). */
function dxt(log: EventLog, prefix: string): { n: number; bytes: number } {
  let n = 0;
  let bytes = 0;
  for (let i = 0; i < log.n; i++) {
    if (log.calls[log.pairCall[log.pair[i]]].startsWith(prefix)) {
      n++;
      bytes += log.size[i];
    }
  }
  return { n, bytes };
}

describe('every log of the collection', () => {
  test('there are 78 logs', () => expect(LOGS.length).toBe(78));

  test.each(LOGS)('%s loads and is a valid log, sniffed by its header', async (rel) => {
    const bytes = new Uint8Array(readFileSync(join(DIR, rel)));
    const id = await identify(bytesSource('renamed.bin', bytes));
    expect(isIdentified(id) && id.importer.id).toBe('darshan');
    const log = load(rel);
    validate(log);
    const p = profile(log);
    expect(p.nprocs).toBeGreaterThan(0);
    expect(p.end).toBeGreaterThanOrEqual(p.start);
    // every module region is either read or named with the reason
    for (const m of p.modules) expect(m.read || (m.note ?? '').length > 0).toBe(true);
    for (const m of p.modules.filter((x) => !x.read)) expect(log.files[0].warnings.some((w) => w.startsWith(`module ${m.name}: not read`))).toBe(true);
  });
});

describe('DXT totals equal the counters of the same log', () => {
  const withDxt = LOGS.filter((rel) => profile(load(rel)).hasDxt);
  test('the DXT logs', () => expect(withDxt.length).toBe(15));
  test.each(withDxt.filter((r) => !r.includes('partial')))('%s', (rel) => {
    const log = load(rel);
    const p = profile(log);
    const posix = tableOf(p, 'POSIX');
    // DXT traces every file Darshan's POSIX module records; the POSIX counters of files without a DXT
    // record (none in these logs) would be excluded here
    expect(dxt(log, 'POSIX write')).toEqual({ n: sum(posix, 'POSIX_WRITES'), bytes: sum(posix, 'POSIX_BYTES_WRITTEN') });
    expect(dxt(log, 'POSIX read')).toEqual({ n: sum(posix, 'POSIX_READS'), bytes: sum(posix, 'POSIX_BYTES_READ') });
    const mpi = tableOf(p, 'MPI-IO');
    if (p.modules.some((m) => m.name === 'DXT_MPIIO')) {
      const ops = (d: 'WRITES' | 'READS'): number => ['INDEP', 'COLL', 'SPLIT', 'NB'].reduce((a, k) => a + sum(mpi, `MPIIO_${k}_${d}`), 0);
      expect(dxt(log, 'MPIIO write')).toEqual({ n: ops('WRITES'), bytes: sum(mpi, 'MPIIO_BYTES_WRITTEN') });
      expect(dxt(log, 'MPIIO read')).toEqual({ n: ops('READS'), bytes: sum(mpi, 'MPIIO_BYTES_READ') });
    }
  });

  test('partial DXT: fewer operations than the counters, and the module is named as partial', () => {
    const log = load('partial_data_dxt/partial_data_dxt.darshan');
    const p = profile(log);
    expect(p.modules.filter((m) => m.partial).map((m) => m.name)).toEqual(['DXT_POSIX', 'DXT_MPIIO']);
    expect(log.files[0].warnings.filter((w) => w.includes('partial data')).length).toBe(2);
    // the README: 1,000,000 one-byte reads (`-b 1 -r -i 1000000`), more than DXT's buffer holds
    expect(sum(tableOf(p, 'POSIX'), 'POSIX_READS')).toBe(1_000_000);
    expect(dxt(log, 'POSIX read').n).toBe(65536);
    expect(dxt(log, 'MPIIO read').n).toBe(65529);
  });

  test('mpi-io-test (README: 32 procs, 4 iterations of 16 MiB blocks, independent): 2 GiB each way', () => {
    const log = load('mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan');
    expect(dxt(log, 'MPIIO write').bytes).toBe(2147483648);
    expect(dxt(log, 'MPIIO read').bytes).toBe(2147483648);
    expect(dxt(log, 'MPIIO write').n).toBe(32 * 4);
    // independent I/O: the counters say every MPI-IO write was independent, so the calls are plain
    expect(log.calls.filter((c) => c.startsWith('MPIIO')).sort()).toEqual(['MPIIO read', 'MPIIO write']);
    expect(log.layerNames).toEqual(['POSIX', 'MPIIO']);
    let mpi = 0;
    for (let i = 0; i < log.n; i++) if (log.calls[log.pairCall[log.pair[i]]].startsWith('MPIIO')) mpi += log.layer![i];
    expect(mpi).toBe(256);
  });
});

describe('ranks and cases', () => {
  test.each(LOGS.filter((rel) => profile(load(rel)).hasDxt))('%s: one case per rank with DXT records, named {exe}_{host}_{rank}', (rel) => {
    const log = load(rel);
    const p = profile(log);
    const ranks = new Set<number>();
    for (let i = 0; i < log.n; i++) ranks.add(log.pid[i]);
    expect(log.cases.length).toBe(ranks.size);
    for (const c of log.cases) expect(c.id).toBe(`${c.cid}_${c.host}_${c.rid}`);
    // every rank wrote or read a file in these runs: the cases are the job's ranks
    const nonShared = new Set(tableOf(p, 'POSIX')!.rank);
    if (!nonShared.has(-1) || log.cases.length > 1) expect(log.cases.length).toBe(p.nprocs);
  });

  test('the diagonal HDF5 runs: 10 ranks on one host', () => {
    const log = load('hdf5_diagonal_write_only/hdf5_diagonal_write_half_ranks_dxt.darshan');
    expect(log.cases.map((c) => c.rid)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(new Set(log.cases.map((c) => c.host)).size).toBe(1);
    expect(log.cases[0].cid).toBe('python');
  });
});

describe('heatmaps equal the counters', () => {
  const withHeatmaps = LOGS.filter((rel) => profile(load(rel)).heatmaps.length > 0 && !rel.startsWith('e3sm') && !rel.startsWith('ior_daos'));
  test.each(withHeatmaps)('%s', (rel) => {
    const p = profile(load(rel));
    const total = (mod: string, dir: 'write' | 'read'): number => p.heatmaps.filter((h) => h.module === mod).reduce((a, h) => a + h[dir].reduce((x, y) => x + y, 0), 0);
    for (const [mod, table, prefix] of [['POSIX', 'POSIX', 'POSIX'], ['MPIIO', 'MPI-IO', 'MPIIO'], ['STDIO', 'STDIO', 'STDIO']] as const) {
      if (!p.heatmaps.some((h) => h.module === mod)) continue;
      expect(total(mod, 'write')).toBe(sum(tableOf(p, table), `${prefix}_BYTES_WRITTEN`));
      expect(total(mod, 'read')).toBe(sum(tableOf(p, table), `${prefix}_BYTES_READ`));
    }
  });

  test('E3SM-IO (512 ranks, a development build of Darshan): within 0.01 % of the counters', () => {
    const p = profile(load('e3sm_io_heatmaps_and_dxt/e3sm_io_heatmap_only.darshan'));
    expect(p.heatmaps.length).toBe(3 * 512);
    const w = p.heatmaps.filter((h) => h.module === 'POSIX').reduce((a, h) => a + h.write.reduce((x, y) => x + y, 0), 0);
    const c = sum(tableOf(p, 'POSIX'), 'POSIX_BYTES_WRITTEN');
    expect(Math.abs(w - c) / c).toBeLessThan(1e-4);
  });

  test('inactive ranks (README: 20 of 40 ranks print through STDIO)', () => {
    const p = profile(load('runtime_heatmap_inactive_ranks/treddy_runtime_heatmap_inactive_ranks.darshan'));
    expect(p.nprocs).toBe(40);
    expect(new Set(tableOf(p, 'STDIO')!.rank).size).toBe(20);
    expect(p.heatmaps.filter((h) => h.write.some((b) => b > 0)).length).toBe(20);
  });
});

describe('formats and edge cases', () => {
  test('ppc64 logs (big-endian) read the same counters as the x86_64 logs of the same release', () => {
    for (const v of ['3.0.0', '3.1.0', '3.1.6', '3.1.8']) {
      const be = profile(load(`release_logs/mpi-io-test-ppc64-${v}.darshan`));
      const le = profile(load(`release_logs/mpi-io-test-x86_64-${v}.darshan`));
      for (const n of ['POSIX_WRITES', 'POSIX_BYTES_WRITTEN', 'POSIX_READS', 'POSIX_BYTES_READ']) expect(sum(tableOf(be, 'POSIX'), n)).toBe(sum(tableOf(le, 'POSIX'), n));
      expect(be.nprocs).toBe(4);
    }
  });

  test('old module versions: counters they lack are −1, the rest in place (POSIX 1 and 3, MPI-IO 1)', () => {
    const p = profile(load('release_logs/mpi-io-test-x86_64-3.0.0.darshan'));
    const t = tableOf(p, 'POSIX')!;
    expect(p.modules.find((m) => m.name === 'POSIX')!.version).toBe(1);
    expect(column(t, 'POSIX_FILENOS')!(0)).toBe(-1);
    expect(column(t, 'POSIX_F_CLOSE_START_TIMESTAMP')!(0)).toBe(-1);
    expect(column(t, 'POSIX_OPENS')!(0)).toBeGreaterThan(0);
    expect(column(t, 'POSIX_BYTES_WRITTEN')!(0)).toBe(64 * 1024 * 1024);
    expect(column(t, 'POSIX_F_WRITE_TIME')!(0)).toBeGreaterThan(0);
  });

  test('PnetCDF and HDF5 IOR runs (README: identical runs, 4 processes)', () => {
    const nc = profile(load('ior_pnetcdf_hdf5/shane_ior-PNETCDF_id438100-438100_11-9-41525-10280033558448664385_1.darshan'));
    const h5 = profile(load('ior_pnetcdf_hdf5/shane_ior-HDF5_id438090-438090_11-9-41522-17417065676046418211_1.darshan'));
    expect(nc.tables.map((t) => t.module).sort()).toEqual(['MPI-IO', 'PNETCDF_FILE', 'PNETCDF_VAR', 'POSIX', 'STDIO']);
    expect(h5.tables.map((t) => t.module).sort()).toEqual(['H5D', 'H5F', 'MPI-IO', 'POSIX', 'STDIO']);
    expect(sum(tableOf(nc, 'PNETCDF_VAR'), 'PNETCDF_VAR_BYTES_WRITTEN')).toBe(4 * 1024 * 1024);
    expect(sum(tableOf(h5, 'H5D'), 'H5D_BYTES_WRITTEN')).toBe(4 * 1024 * 1024);
  });

  test('the empty log: job data only, no events, no error', () => {
    const log = load('empty_log/empty_log.darshan');
    expect(log.n).toBe(0);
    expect(log.cases).toEqual([]);
    expect(profile(log).modules).toEqual([]);
    expect(profile(log).exe).toBe('./mpi-io-test');
    expect(log.files[0].warnings.join(' ')).toContain('DXT_ENABLE_IO_TRACE=1');
  });

  test('modules this reader does not use are named one line each, the rest loads', () => {
    const log = load('ior_daos/snyder_ior-DFS_id4681120-53379_5-8-15060-3270540599978592154_1.darshan');
    const lines = log.files[0].warnings.filter((w) => w.includes('not read'));
    expect(lines).toEqual(['module DFS: not read (DAOS file system counters: strace-dfg does not use it)', 'module DAOS: not read (DAOS object counters: strace-dfg does not use it)']);
    expect(profile(log).tables.length).toBe(2);
  });

  test('partial STDIO (README: more than 1024 fopen()ed files): the module is named as partial', () => {
    const log = load('partial_data_stdio/partial_data_stdio.darshan');
    const p = profile(log);
    expect(tableOf(p, 'STDIO')!.partial).toBe(true);
    expect(tableOf(p, 'STDIO')!.rank.length).toBeGreaterThan(1000);
    expect(log.files[0].warnings).toContain('module STDIO: partial data — Darshan ran out of memory for it while the job ran, so some of its records are missing');
  });

  test('job header: nprocs, exe, mounts, MPI-IO hints metadata', () => {
    const p = profile(load('release_logs/mpi-io-test-x86_64-3.4.7.darshan'));
    expect(p.nprocs).toBe(4);
    expect(p.exe).toMatch(/mpi-io-test/);
    expect(p.mounts.length).toBeGreaterThan(0);
    expect(p.end - p.start).toBeGreaterThanOrEqual(0);
  });
});
