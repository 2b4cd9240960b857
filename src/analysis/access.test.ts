import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventLogBuilder, emptyFileReport, type EventLog } from '../model';
import { traceFileLog } from '../testing/traceDir';
import { SIZE_BINS, accessPatterns, sizeBin } from './access';

/** [case, pid, call, fp, offset, size, errno?] */
type Ev = [string, number, string, string, number, number, string?];
function build(evs: Ev[]): EventLog {
  const b = new EventLogBuilder();
  const byCase = new Map<string, Ev[]>();
  for (const e of evs) byCase.set(e[0], [...(byCase.get(e[0]) ?? []), e]);
  for (const [id, list] of byCase) {
    b.beginCase({ id, cid: '', host: '', rid: '', pid: null }, b.addFile(emptyFileReport(`${id}.st`, 'strace')));
    list.forEach(([, pid, call, fp, off, size, err], i) => b.push(pid, b.pairOf(b.internCall(call), b.internPath(fp)), b.internErrno(err ?? ''), i, 0.001, size, i + 1, off));
    b.endCase();
  }
  return b.build('clock');
}

describe('Darshan request-size bins', () => {
  it('upper bounds are inclusive, as DARSHAN_BUCKET_INC', () => {
    const at = [0, 100, 101, 1024, 1025, 10240, 10241, 102400, 102401, 1048576, 1048577, 4194304, 4194305, 10485760, 10485761, 104857600, 104857601, 2 ** 30, 2 ** 30 + 1];
    expect(at.map(sizeBin)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9]);
    expect(SIZE_BINS.length).toBe(10);
  });
});

describe('access patterns', () => {
  const log = build([
    // pid 1 reads /f: 0 (Darshan: neither, last byte starts at 0 → random), 100 (consecutive), 300 (sequential),
    // 10 (random), unknown offset, a failing read (ignored)
    ['a', 1, 'read', '/f', 0, 100], ['a', 1, 'read', '/f', 100, 100], ['a', 1, 'pread64', '/f', 300, 50], ['a', 1, 'read', '/f', 10, 10],
    ['a', 1, 'read', '/f', NaN, 5], ['a', 1, 'read', '/f', 15, 0, 'EIO'],
    // writes have their own last byte (starting at 0): 1 and 2 are both consecutive
    ['a', 1, 'write', '/f', 1, 1], ['a', 1, 'write', '/f', 2, 4096],
    // another process of the case has its own state: 5 is sequential for it
    ['a', 2, 'read', '/f', 5, 1025],
    // other calls do not count; /g is touched by case a only
    ['a', 1, 'lseek', '/f', 0, NaN], ['a', 1, 'fstat', '/g', NaN, NaN],
    // case b: fresh state
    ['b', 1, 'read', '/f', 100, 2 ** 30 + 1], ['b', 1, 'openat', '/h', 0, NaN],
  ]);

  it('per file: consecutive / sequential / random, sizes, totals; shared vs private', () => {
    const r = accessPatterns(log);
    expect(r.files.map((f) => f.fp)).toEqual(['/f']);
    const f = r.files[0];
    expect(f.read).toEqual({ requests: 7, bytes: 100 + 100 + 50 + 10 + 5 + 1025 + 2 ** 30 + 1, withOffset: 6, consecutive: 1, sequential: 3, random: 2, sizes: [5, 0, 1, 0, 0, 0, 0, 0, 0, 1] });
    expect(f.write).toEqual({ requests: 2, bytes: 4097, withOffset: 2, consecutive: 2, sequential: 0, random: 0, sizes: [1, 0, 1, 0, 0, 0, 0, 0, 0, 0] });
    expect([f.cases, f.shared]).toEqual([2, true]);
    expect([r.sharedFiles, r.privateFiles]).toEqual([1, 2]); // /f shared; /g and /h private
  });

  it('processes of one case interleaving on one file keep their own last byte', () => {
    // pid 1: 0 (random: last starts at 0), 100 (consecutive to its 99); pid 2: 0 (random), 50 (consecutive to its 49)
    const two = build([['c', 1, 'read', '/f', 0, 100], ['c', 2, 'read', '/f', 0, 50], ['c', 1, 'read', '/f', 100, 10], ['c', 2, 'read', '/f', 50, 10], ['c', 3, 'read', '/f', 60, 1]]);
    const f = accessPatterns(two).files[0];
    // pid 3 at 60: sequential for it (its own last byte is 0), although pid 2 just ended at 59
    expect([f.read.consecutive, f.read.sequential, f.read.random]).toEqual([2, 1, 2]);
  });

  it('per activity through a pair → activity table', () => {
    // activity 0 = read-like calls, 1 = write, others none
    const pairAct = Int32Array.from(log.pairCall, (c) => (log.calls[c] === 'write' ? 1 : /read/.test(log.calls[c]) ? 0 : -1));
    const r = accessPatterns(log, pairAct, 2);
    expect(r.activities[0].read.requests).toBe(7);
    expect(r.activities[0].write.requests).toBe(0);
    expect(r.activities[1].write).toEqual(r.files[0].write);
  });
});

it('a real trace: requests and bytes equal the successful reads and writes of the text', () => {
  const name = 'offsets.st';
  const path = join(__dirname, '../ingest/strace/__fixtures__', name);
  const text = readFileSync(path, 'latin1');
  const r = accessPatterns(traceFileLog(path));
  const a = r.files.find((f) => f.fp.endsWith('/offsets/a.dat'))!;
  let reads = 0;
  let bytes = 0;
  for (const m of text.matchAll(/ (read|pread64|readv|preadv)\(\d+<[^>]*\/offsets\/a\.dat>.*\) = (\d+)/g)) {
    reads++;
    bytes += Number(m[2]);
  }
  expect(a.read.requests).toBe(reads);
  expect(a.read.bytes).toBe(bytes);
  expect(a.read.withOffset).toBe(reads); // every read of the program has a known offset
  expect(a.read.consecutive + a.read.sequential + a.read.random).toBe(reads);
  expect(a.write.withOffset).toBe(a.write.requests - 2); // the two O_APPEND writes
});
