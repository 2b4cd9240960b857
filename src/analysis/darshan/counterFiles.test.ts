/**
 * The Files view of Darshan's counters, checked against the logs themselves: on every log with a complete
 * DXT trace the POSIX rows' operations, bytes and size bins equal what the DXT events of the same file and
 * rank give, and so does the access pattern (consecutive / sequential / random, Darshan's definition:
 * analysis/accessKind.ts) but for one row (REOPENED: Darshan starts its "last byte" again at an open, which
 * DXT does not record); the access report of the events (the Files view of the events) gives the same per file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DARSHAN_FIXTURES, darshanFixture } from '../../testing/darshanFixtures';
import type { EventLog } from '../../model/eventlog';
import { accessKind, lastByte } from '../accessKind';
import { accessReport } from '../accessReport';
import { sizeBin } from '../access';
import { compileMapping } from '../mapping';
import { RAW_MAPPING } from '../types';
import { counterFiles, type CounterPattern } from './counterFiles';

const LOGS = readdirSync(DARSHAN_FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(join(DARSHAN_FIXTURES, d.name)).filter((f) => f.endsWith('.darshan')).map((f) => join(d.name, f)));

type Dir = Pick<CounterPattern, 'ops' | 'bytes' | 'consecutive' | 'sequential' | 'random' | 'sizes'>;
const empty = (): Dir => ({ ops: 0, bytes: 0, consecutive: 0, sequential: 0, random: 0, sizes: new Array<number>(10).fill(0) });

/** Per `file\0rank\0dir`, from the POSIX events: each rank's requests in time order, Darshan's kinds. */
function fromEvents(log: EventLog): Map<string, Dir> {
  const out = new Map<string, Dir>();
  const last = new Map<string, number>();
  for (let k = 0; k < log.cases.length; k++) {
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const call = log.calls[log.pairCall[log.pair[i]]];
      if (call !== 'POSIX read' && call !== 'POSIX write') continue;
      const key = `${log.paths[log.pairFp[log.pair[i]]]}\0${log.pid[i]}\0${call}`;
      let d = out.get(key);
      if (!d) out.set(key, (d = empty()));
      const off = log.offset[i];
      const size = log.size[i];
      const kind = accessKind(off, last.get(key) ?? 0);
      last.set(key, lastByte(off, size));
      d.ops++;
      d.bytes += size;
      d.sizes[sizeBin(size)]++;
      if (kind === 0) d.consecutive++;
      else if (kind === 1) d.sequential++;
      else d.random++;
    }
  }
  return out;
}

/**
 * The one row whose pattern differs: the file was opened again between its second and third read (POSIX_OPENS
 * 2), and Darshan's last byte started again at 0, so its read at 716 (right after the previous one's last
 * byte, 715) counts as sequential, not consecutive; DXT does not record the open.
 */
const REOPENED = new Set(['nonmpi_dxt_anonymized/nonmpi_dxt_anonymized.darshan //798211322 0 read']);

const dxtLogs = LOGS.filter((rel) => darshanFixture(rel).profiles![0].hasDxt && !rel.includes('partial'));

describe('counter rows', () => {
  test('14 logs with a complete DXT trace', () => expect(dxtLogs.length).toBe(14));

  test.each(dxtLogs)('%s: the POSIX rows equal what its DXT events give', (rel) => {
    const log = darshanFixture(rel);
    const rows = counterFiles(log).rows.filter((r) => r.module === 'POSIX');
    expect(rows.length).toBeGreaterThan(0);
    const ev = fromEvents(log);
    const ranks = [...new Set(log.pid)];
    const reopened: string[] = [];
    let checked = 0;
    for (const r of rows) {
      for (const [dir, call] of [['read', 'POSIX read'], ['write', 'POSIX write']] as const) {
        // a shared record (rank −1) is the sum over every rank
        const want = empty();
        for (const rank of r.rank >= 0 ? [r.rank] : ranks) {
          const d = ev.get(`${r.file}\0${rank}\0${call}`);
          if (!d) continue;
          for (const k of ['ops', 'bytes', 'consecutive', 'sequential', 'random'] as const) want[k] += d[k];
          d.sizes.forEach((n, b) => (want.sizes[b] += n));
        }
        const got = r[dir];
        expect({ file: r.file, rank: r.rank, dir, ops: got.ops, bytes: got.bytes, sizes: got.sizes }).toEqual({ file: r.file, rank: r.rank, dir, ops: want.ops, bytes: want.bytes, sizes: want.sizes });
        if (REOPENED.has(`${rel} ${r.file} ${r.rank} ${dir}`)) {
          expect(r.opens).toBeGreaterThan(1);
          reopened.push(`${r.file} ${r.rank} ${dir}`);
          continue;
        }
        expect({ file: r.file, rank: r.rank, dir, consecutive: got.consecutive, sequential: got.sequential, random: got.random })
          .toEqual({ file: r.file, rank: r.rank, dir, consecutive: want.consecutive, sequential: want.sequential, random: want.random });
        checked += got.ops;
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(reopened.length).toBe([...REOPENED].filter((k) => k.startsWith(`${rel} `)).length);
  });

  test.each(dxtLogs)("%s: the events' Files view (access report) equals the counters per file", (rel) => {
    const log = darshanFixture(rel);
    const files = accessReport(log, compileMapping(log, RAW_MAPPING)).files;
    const rows = counterFiles(log).rows.filter((r) => r.module === 'POSIX');
    for (const f of files) {
      const mine = rows.filter((r) => r.file === f.fp);
      const sum = (dir: 'read' | 'write', k: 'ops' | 'bytes' | 'consecutive' | 'sequential' | 'random'): number => mine.reduce((a, r) => a + r[dir][k], 0);
      const once = !mine.some((r) => ['read', 'write'].some((d) => REOPENED.has(`${rel} ${r.file} ${r.rank} ${d}`)));
      for (const dir of ['read', 'write'] as const) {
        const e = f[dir];
        expect([f.fp, dir, e.requests, e.bytes]).toEqual([f.fp, dir, sum(dir, 'ops'), sum(dir, 'bytes')]);
        if (once) expect([f.fp, dir, e.consecutive, e.sequential, e.random]).toEqual([f.fp, dir, sum(dir, 'consecutive'), sum(dir, 'sequential'), sum(dir, 'random')]);
      }
    }
    expect(files.length).toBe(new Set(rows.filter((r) => r.read.ops + r.write.ops > 0).map((r) => r.file)).size);
  });
});

describe('system files', () => {
  test("mpi-io-test: Open MPI's 32 shared-file-pointer segments in its session directory are system files, the program's are not", () => {
    const rows = counterFiles(darshanFixture('mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan')).rows;
    const system = rows.filter((r) => r.system);
    expect(system.length).toBe(32);
    expect(system.every((r) => /^\/tmp\/ompi\.sn362\.28751\/jf\.47773\/1\/test\.out_cid-1-\d+\.sm$/.test(r.file) && r.module === 'POSIX')).toBe(true);
    expect(new Set(rows.filter((r) => !r.system).map((r) => r.file))).toEqual(new Set(['/yellow/users/treddy/mpi_io_rough_work/test.out', '/yellow/users/treddy/mpi_io_rough_work/test.out.locktest.0', '<STDOUT>']));
  });
});

describe('every log', () => {
  test.each(LOGS)('%s: rows from its counter tables, most bytes first', (rel) => {
    const log = darshanFixture(rel);
    const rep = counterFiles(log);
    const p = log.profiles![0];
    const expected = p.tables.filter((t) => ['POSIX', 'MPI-IO', 'STDIO', 'H5D', 'PNETCDF_VAR'].includes(t.module)).reduce((a, t) => a + t.rank.length, 0);
    expect(rep.rows.length).toBe(expected);
    for (let i = 1; i < rep.rows.length; i++) {
      const b = (k: number) => rep.rows[k].read.bytes + rep.rows[k].write.bytes;
      expect(b(i - 1)).toBeGreaterThanOrEqual(b(i));
    }
    for (const r of rep.rows) {
      expect(r.read.ops).toBeGreaterThanOrEqual(0);
      if (r.module === 'POSIX' && r.read.consecutive >= 0) expect(r.read.consecutive + r.read.sequential + r.read.random).toBe(r.read.ops);
      if (r.module === 'MPI-IO') expect(r.mpiio!.indep + r.mpiio!.coll + r.mpiio!.split + r.mpiio!.nb).toBe(r.read.ops + r.write.ops);
    }
  });

  test('mpi-io-test: one row per rank of the shared file, 16 MiB accesses, its file system type from the mount table', () => {
    const rep = counterFiles(darshanFixture('mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan'));
    const posix = rep.rows.filter((r) => r.module === 'POSIX' && r.file.endsWith('test.out'));
    expect(posix.map((r) => r.rank).sort((a, b) => a - b)).toEqual([...Array(32).keys()]);
    for (const r of posix) {
      expect(r.common[0][0]).toBe(16777216);
      expect(r.fs).not.toBe('');
    }
    const mpi = rep.rows.filter((r) => r.module === 'MPI-IO' && r.file.endsWith('test.out'));
    expect(mpi.length).toBe(32);
  });
});
