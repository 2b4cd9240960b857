import { describe, expect, it } from 'vitest';
import { EventLogBuilder } from './builder';
import { emptyFileReport, validate, type EventLog, type TimeBase } from './eventlog';
import { splitCasesByPid } from './transform';
import { mergeLogs } from './merge';

/** [pid, call, fp, start, errno] per event; one case per entry of `cases`. */
type Ev = [number, string, string, number, string?];
function build(cases: Record<string, Ev[]>, timeBase: TimeBase = 'clock'): EventLog {
  const b = new EventLogBuilder();
  for (const [id, evs] of Object.entries(cases)) {
    const f = b.addFile(emptyFileReport(`${id}.st`, 'strace'));
    b.beginCase({ id, cid: id[0], host: 'h', rid: '1', pid: null }, f);
    evs.forEach(([pid, call, fp, start, errno], i) => {
      b.push(pid, b.pairOf(b.internCall(call), b.internPath(fp)), b.internErrno(errno ?? ''), start, 0.5, i, i + 1, i % 2 ? NaN : 100 * i + start);
    });
    b.endCase();
  }
  return b.build(timeBase);
}

/** Events as readable rows: case id, pid, call, fp, start, errno. */
function rows(log: EventLog): string[] {
  const out: string[] = [];
  log.cases.forEach((c, k) => {
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const p = log.pair[i];
      out.push(`${c.id} ${log.pid[i]} ${log.calls[log.pairCall[p]]} ${log.paths[log.pairFp[p]]} ${log.start[i]} ${log.errnos[log.errno[i]] || '-'} ${log.size[i]} @${log.offset[i]}`);
    }
  });
  return out;
}

describe('mergeLogs', () => {
  const a = build({ a1: [[1, 'read', '/etc/passwd', 1], [1, 'write', '/dev/pts/0', 2, 'EIO']], a2: [[2, 'close', '', 0]] });
  const b = build({ b1: [[7, 'write', '/dev/pts/0', 5], [7, 'openat', '/tmp/x', 6, 'ENOENT'], [7, 'read', '/etc/passwd', 7]] });

  it('concatenates cases and remaps interned ids, keeping every event', () => {
    const before = [rows(a), rows(b)];
    const m = mergeLogs([a, b]);
    expect(() => validate(m)).not.toThrow();
    expect(rows(m)).toEqual([...rows(a), ...rows(b)]);
    expect(m.n).toBe(6);
    expect(m.cases.map((c) => c.id)).toEqual(['a1', 'a2', 'b1']);
    expect(m.files.map((f) => f.name)).toEqual(['a1.st', 'a2.st', 'b1.st']);
    expect(m.cases.map((c) => m.files[c.file].name)).toEqual(['a1.st', 'a2.st', 'b1.st']);
    // shared strings and pairs are interned once
    expect(m.calls.filter((c) => c === 'write').length).toBe(1);
    expect(m.pairCall.length).toBe(4); // read /etc/passwd, write /dev/pts/0, close '', openat /tmp/x
    expect([rows(a), rows(b)]).toEqual(before); // inputs untouched
  });
  it('renames colliding case ids with #2, #3', () => {
    const m = mergeLogs([a, a, a]);
    expect(m.cases.map((c) => c.id)).toEqual(['a1', 'a2', 'a1#2', 'a2#2', 'a1#3', 'a2#3']);
    expect(() => validate(m)).not.toThrow();
  });
  it('warns when time bases differ (epoch wins over clock), ignoring empty logs', () => {
    const e = build({ e1: [[1, 'read', '/a', 1.7e9]] }, 'epoch');
    const m = mergeLogs([a, e, build({}, 'none')]);
    expect(m.timeBase).toBe('epoch');
    expect(m.files[0].warnings.join()).toMatch(/different time bases \(clock, epoch\)/);
    expect(a.files[0].warnings).toEqual([]);
    expect(mergeLogs([a, build({}, 'none')]).timeBase).toBe('clock');
    expect(mergeLogs([a, build({}, 'none')]).files[0].warnings).toEqual([]);
  });
  it('merges nothing into a valid empty log', () => {
    const m = mergeLogs([]);
    expect(() => validate(m)).not.toThrow();
    expect([m.n, m.cases.length, m.timeBase]).toEqual([0, 0, 'none']);
  });
});

describe('splitCasesByPid', () => {
  it('splits multi-pid cases into <case>_<pid> (first appearance order), single-pid cases keep their id', () => {
    const log = build({
      t: [[10, 'read', '/a', 1], [11, 'read', '/b', 2], [10, 'write', '/c', 3], [12, 'read', '/d', 3], [11, 'close', '', 4]],
      s: [[5, 'read', '/a', 1], [5, 'read', '/a', 2]],
      e: [],
    });
    const sp = splitCasesByPid(log);
    expect(() => validate(sp)).not.toThrow();
    expect(sp.cases.map((c) => [c.id, c.pid])).toEqual([['t_10', 10], ['t_11', 11], ['t_12', 12], ['s', 5], ['e', null]]);
    expect(rows(sp)).toEqual([
      't_10 10 read /a 1 - 0 @1',
      't_10 10 write /c 3 - 2 @203',
      't_11 11 read /b 2 - 1 @NaN',
      't_11 11 close  4 - 4 @404',
      't_12 12 read /d 3 - 3 @NaN',
      's 5 read /a 1 - 0 @1',
      's 5 read /a 2 - 1 @NaN',
    ]);
    expect(sp.cases.map((c) => c.cid)).toEqual(['t', 't', 't', 's', 'e']);
    expect(sp.n).toBe(log.n);
    expect(rows(log)[0]).toBe('t 10 read /a 1 - 0 @1'); // input untouched
  });
});

describe('case id collisions', () => {
  it('mergeLogs: a renamed id never collides with a real one (x, x, x#2)', () => {
    const m = mergeLogs([build({ x: [[1, 'read', '/a', 1]] }), build({ x: [[1, 'read', '/a', 1]] }), build({ 'x#2': [[1, 'read', '/a', 1]] })]);
    validate(m);
    expect(m.cases.map((c) => c.id)).toEqual(['x', 'x#2', 'x#2#2']);
  });
  it('splitCasesByPid: <case>_<pid> never collides with another case id (x split by pid 1 vs case x_1)', () => {
    const sp = splitCasesByPid(build({ x: [[1, 'read', '/a', 1], [2, 'read', '/a', 2]], x_1: [[5, 'read', '/a', 1]] }));
    validate(sp);
    expect(sp.cases.map((c) => c.id)).toEqual(['x_1#2', 'x_2', 'x_1']);
  });
});
