/**
 * The test writer of the Darshan format (tools/darshan-writer.mjs), read back by the importer: the operations
 * it meant to write come back as events (offsets, sizes, order, one case per rank), and its logs pass the
 * same checks as the real ones (src/ingest/darshan/logs.test.ts): DXT totals equal the POSIX counters, the
 * cases are the job's nprocs, and Darshan's access pattern of each counter record equals what the events give.
 */
import { describe, expect, it } from 'vitest';
import { opsForMb, writeDarshanLog } from './darshan-writer.mjs';
import { readDarshanLog } from '../src/ingest/darshan/index';
import { isDarshan } from '../src/ingest/darshan/header';
import { accessKind, lastByte } from '../src/analysis/accessKind';
import { counterFiles } from '../src/analysis/darshan/counterFiles';
import { column, tableOf } from '../src/model/profile';
import type { EventLog } from '../src/model/eventlog';

const sum = (log: EventLog, name: string): number => {
  const t = tableOf(log.profiles![0], 'POSIX')!;
  const c = column(t, name)!;
  let s = 0;
  for (let r = 0; r < t.rank.length; r++) s += c(r);
  return s;
};

/** Σ count and bytes of the events of one call. */
function dxt(log: EventLog, call: string): { n: number; bytes: number } {
  let n = 0;
  let bytes = 0;
  for (let i = 0; i < log.n; i++) {
    if (log.calls[log.pairCall[log.pair[i]]] !== call) continue;
    n++;
    bytes += log.size[i];
  }
  return { n, bytes };
}

describe.each([
  { ranks: 5, ops: 37, size: 65536, fpp: false, dxtVersion: 1 as const, seed: 3 },
  { ranks: 3, ops: 50, size: 1000, fpp: true, dxtVersion: 2 as const, seed: 4 },
])('a written log ($ranks ranks × $ops, size $size, fpp $fpp, DXT version $dxtVersion)', (o) => {
  const bytes = writeDarshanLog(o);
  const log = readDarshanLog('written.darshan', bytes);
  const p = log.profiles![0];

  it('is a Darshan log of format 3.41 whose every module is read, with no warning', () => {
    expect(isDarshan(bytes.subarray(0, 64))).toBe(true);
    expect(p.version).toBe('3.41');
    expect(p.modules.map((m) => [m.name, m.read, m.partial])).toEqual([['POSIX', true, false], ['DXT_POSIX', true, false]]);
    expect(log.files[0].warnings).toEqual([]);
    expect(p.mounts.map((m) => m.type)).toEqual(['lustre', 'xfs']);
  });

  it('gives back the operations written: per rank, its writes then its reads, at the offsets meant', () => {
    expect(log.n).toBe(2 * o.ranks * o.ops);
    expect(log.cases.map((c) => c.rid)).toEqual([...Array(o.ranks).keys()].map(String));
    for (let k = 0; k < o.ranks; k++) {
      const from = log.caseOffsets[k];
      expect(log.caseOffsets[k + 1] - from).toBe(2 * o.ops);
      const base = o.fpp ? 0 : k * o.ops * o.size;
      for (let j = 0; j < 2 * o.ops; j++) {
        const i = from + j;
        const call = log.calls[log.pairCall[log.pair[i]]];
        expect([call, log.offset[i], log.size[i]]).toEqual([j < o.ops ? 'POSIX write' : 'POSIX read', base + (j % o.ops) * o.size, o.size]);
        expect(log.dur[i]).toBeGreaterThan(0);
        if (j > 0) expect(log.start[i]).toBeGreaterThan(log.start[i - 1] + log.dur[i - 1] - 1e-6); // (epoch seconds: µs apart)
      }
    }
  });

  it('passes the checks of the real logs: DXT totals = counters, cases = nprocs', () => {
    expect(dxt(log, 'POSIX write')).toEqual({ n: sum(log, 'POSIX_WRITES'), bytes: sum(log, 'POSIX_BYTES_WRITTEN') });
    expect(dxt(log, 'POSIX read')).toEqual({ n: sum(log, 'POSIX_READS'), bytes: sum(log, 'POSIX_BYTES_READ') });
    expect(log.cases.length).toBe(p.nprocs);
  });

  it("Darshan's access pattern of each record equals what its events give", () => {
    const rows = counterFiles(log).rows;
    expect(rows.length).toBe(o.ranks);
    for (const r of rows) {
      for (const [dir, call] of [['read', 'POSIX read'], ['write', 'POSIX write']] as const) {
        let last = 0;
        const kinds = [0, 0, 0];
        const k = log.cases.findIndex((c) => c.rid === String(r.rank));
        for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
          if (log.calls[log.pairCall[log.pair[i]]] !== call) continue;
          kinds[accessKind(log.offset[i], last)]++;
          last = lastByte(log.offset[i], log.size[i]);
        }
        expect([r.rank, dir, r[dir].consecutive, r[dir].sequential, r[dir].random]).toEqual([r.rank, dir, ...kinds]);
      }
      expect(r.common[0]).toEqual([o.size, 2 * o.ops]);
    }
  });
});

describe('the writer', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const a = writeDarshanLog({ ranks: 2, ops: 20, seed: 7 });
    expect(Buffer.from(writeDarshanLog({ ranks: 2, ops: 20, seed: 7 })).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(writeDarshanLog({ ranks: 2, ops: 20, seed: 8 })).equals(Buffer.from(a))).toBe(false);
  });

  it('sizes a log to about the megabytes asked (within 10 %)', () => {
    const o = { ranks: 4, dxtVersion: 1 as const, size: 65536 };
    const ops = opsForMb(o, 2);
    const bytes = writeDarshanLog({ ...o, ops });
    expect(Math.abs(bytes.length - 2e6) / 2e6).toBeLessThan(0.1);
  });
});
