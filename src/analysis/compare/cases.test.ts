import { describe, expect, it } from 'vitest';
import { tinyLog } from '../../testing/tinyLog';
import { DEFAULT_MAPPING } from '../types';
import { caseMeasures } from './cases';
import { compare } from './compare';

describe('case measures by hand', () => {
  it('traced time is the union of the calls of all pids; wall runs to the last end', () => {
    const log = tinyLog([
      {
        file: 'a_h1_1.st',
        events: [
          // pid 1: [10, 12) and [13, 13.5); pid 2 overlaps: [11, 12.5) → union [10, 12.5) ∪ [13, 13.5) = 3 s
          ['read', '/d/f', 10, 2, 100, 1],
          ['write', '/d/g', 11, 1.5, 40, 2],
          ['openat', '/d/h', 12.8, NaN, NaN, 1, 'ENOENT'],
          ['pwrite64', '/d/g', 13, 0.5, 60, 1],
          ['close', '/d/g', 14, NaN, NaN, 2],
        ],
      },
    ]);
    const m = caseMeasures(log);
    expect(m.wall[0]).toBe(4); // 10 → 14 (an event without dur ends at its start)
    expect(m.traced[0]).toBe(3);
    expect(m.coverage[0]).toBe(0.75);
    expect(m.events[0]).toBe(5);
    expect(m.bytesRead[0]).toBe(100);
    expect(m.bytesWritten[0]).toBe(100);
    expect(m.failures[0]).toBe(1);
  });

  it('without durations there is no traced time and no coverage', () => {
    const log = tinyLog([{ file: 'a_h1_1.st', events: [['read', '/d/f', 1, NaN, 5], ['read', '/d/f', 3, NaN, 5]] }]);
    const m = caseMeasures(log);
    expect(m.wall[0]).toBe(2);
    expect(m.traced[0]).toBeNaN();
    expect(m.coverage[0]).toBeNaN();
  });
});

describe('compare on small hand-made logs', () => {
  const ev = (n: number, fp: string, dur: number): [string, string, number, number, number][] => Array.from({ length: n }, (_, i) => ['write', fp, i, dur, 10]);
  const log = tinyLog([
    { file: 'g_h1_1.st', events: ev(3, '/x/a', 0.1) },
    { file: 'g_h1_2.st', events: ev(3, '/x/a', 0.1) },
    { file: 'r_h1_1.st', events: [...ev(5, '/x/a', 0.2), ['read', '/y/b', 9, 0.1, 4]] },
    { file: 'r_h2_2.st', events: [...ev(6, '/x/a', 0.2), ['read', '/y/b', 9, 0.1, 4]] },
    { file: 'u_h3_1.st', events: ev(50, '/x/a', 1) },
  ]);

  it('an element absent on one side is a row with zeros on that side; unassigned cases are left out', () => {
    const res = compare(log, DEFAULT_MAPPING, { green: ['g_h1_1', 'g_h1_2'], red: ['r_h1_1', 'r_h2_2'] });
    const b = res.activities.find((r) => r.id === 'read:/y/b')!;
    expect(b.side).toBe('red');
    expect(Array.from(b.green.count)).toEqual([0, 0]);
    expect(Array.from(b.red.count)).toEqual([1, 1]);
    expect(b.green.cases).toBe(0);
    expect(b.ratio.count).toBeNull();
    expect(b.diff.count).toBe(1);
    // green [0, 0] vs red [1, 1]: ties → asymptotic; U = 0, effect 1
    expect(b.tests.count).toMatchObject({ u: 0, effect: 1, method: 'asymptotic' });
    const a = res.activities.find((r) => r.id === 'write:/x/a')!;
    expect(Array.from(a.green.count)).toEqual([3, 3]);
    expect(Array.from(a.red.count)).toEqual([5, 6]);
    expect(a.green.totalCount).toBe(6); // the 50 events of the unassigned case do not count
    expect(a.green.meanDur).toBeCloseTo(0.1, 6);
    expect(a.red.meanDur).toBeCloseTo(0.2, 6);
    expect(a.ratio.count).toBeCloseTo(5.5 / 3, 12);
    expect(a.red.dr).toBeCloseTo(50, 4);
    expect(res.cases.find((c) => c.id === 'u_h3_1')!.side).toBeNull();
    // edge ● → write:/x/a: once per case on both sides → identical samples, p = 1
    const e = res.edges.find((r) => r.id === '● -> write:/x/a')!;
    expect(e.tests.count).toMatchObject({ p: 1, effect: 0 });
    expect(res.testable).toBe(true);
    expect(res.hosts).toBe(2);
  });

  it('a side of one case: rows and arrays, but no test (nulls) and a note saying why', () => {
    const res = compare(log, DEFAULT_MAPPING, { green: ['g_h1_1'], red: ['r_h1_1', 'r_h2_2'] });
    expect(res.testable).toBe(false);
    expect(res.note).toMatch(/no tests: 1 green and 2 red cases/);
    const a = res.activities.find((r) => r.id === 'write:/x/a')!;
    expect(Array.from(a.green.count)).toEqual([3]);
    expect(a.tests.count).toEqual({ u: null, p: null, effect: null, q: null, method: null });
    expect(res.caseTests.wall.p).toBeNull();
    expect(res.top.every((t) => t.q === null)).toBe(true);
  });
});
