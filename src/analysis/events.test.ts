import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { activityEvents, edgeCases } from './events';
import { CASES } from './__fixtures__/handLog';
import { compileMapping } from './mapping';
import { syntheticLog } from '../testing/syntheticLog';
import { tinyLog } from '../testing/tinyLog';
import { DEFAULT_MAPPING, END, START } from './types';

const log = tinyLog(CASES);
const m = compileMapping(log, DEFAULT_MAPPING);

describe('activityEvents', () => {
  it('returns the events of one activity with their case index, in log order', () => {
    const e = activityEvents(log, m, 'read:/usr/lib');
    expect(Array.from(e.caseIdx)).toEqual([0, 0, 1, 1]);
    expect(Array.from(e.start)).toEqual([0, 3, 1, 4]);
    expect(Array.from(e.dur)).toEqual([1, 2, 1, 0]);
    expect(Array.from(e.size)).toEqual([100, 0, 300, 0]);
    expect(Array.from(e.pid)).toEqual([100, 100, 100, 100]);
    expect(Array.from(e.pair).map((p) => log.paths[log.pairFp[p]])).toEqual(['/usr/lib/libc.so.6', '/usr/lib/libm.so', '/usr/lib/libc.so.6', '/usr/lib/libc.so.6']);
  });
  it('is empty for an unknown activity', () => {
    expect(activityEvents(log, m, 'nope').start.length).toBe(0);
    expect(activityEvents(log, m, 'nope', 3).start.length).toBe(0);
  });
  it('takes the known count as a hint: the same events with it, and a wrong one is noticed', () => {
    const ref = activityEvents(log, m, 'read:/usr/lib');
    for (const count of [4, 0, 3, 5, 100]) {
      const e = activityEvents(log, m, 'read:/usr/lib', count);
      expect(Array.from(e.start)).toEqual(Array.from(ref.start));
      expect(Array.from(e.caseIdx)).toEqual(Array.from(ref.caseIdx));
    }
  });
});

describe('edgeCases', () => {
  it('lists the cases of an edge with per-case transition counts (● and ■ allowed)', () => {
    expect(edgeCases(log, m, 'read:/etc/passwd', 'read:/etc/passwd')).toEqual([{ caseId: 'b_h1_4', count: 2 }]);
    expect(edgeCases(log, m, 'read:/usr/lib', 'write:/dev/pts')).toEqual([
      { caseId: 'a_h1_1', count: 1 },
      { caseId: 'a_h2_2', count: 1 },
    ]);
    expect(edgeCases(log, m, 'read:/etc/passwd', 'read:/usr/lib')).toEqual([{ caseId: 'a_h1_1', count: 1 }]);
    expect(edgeCases(log, m, START, END)).toEqual([{ caseId: 'b_h1_3', count: 1 }]);
    expect(edgeCases(log, m, START, 'read:/etc/passwd')).toEqual([{ caseId: 'b_h1_4', count: 1 }]);
    expect(edgeCases(log, m, 'read:/etc/passwd', END)).toEqual([{ caseId: 'b_h1_4', count: 1 }]);
    expect(edgeCases(log, m, 'write:/dev/pts', 'read:/usr/lib')).toEqual([]);
    expect(edgeCases(log, m, 'nope', END)).toEqual([]);
  });
  it('agrees with the DFG edge counts and case counts on a random log', () => {
    const big = syntheticLog({ events: 3000, cases: 9, pairs: 60, seed: 3 });
    const mm = compileMapping(big, { ...DEFAULT_MAPPING, depth: 1 });
    const r = analyze(big, DEFAULT_MAPPING, null, mm);
    for (const e of r.edges) {
      const c = edgeCases(big, mm, e.source, e.target);
      expect(c.reduce((s, x) => s + x.count, 0)).toBe(e.count);
      expect(c.length).toBe(e.cases);
    }
  });
});
