import { describe, expect, it } from 'vitest';
import type { CaseUntraced, UntracedGap } from '../../analysis/time/gaps';
import type { TimeOverview } from '../../analysis/time/types';
import { gapAt, gapHover, gapMarks } from './gapMarks';

const gap = (start: number, seconds: number): UntracedGap => ({
  start, seconds, before: { call: 'write', path: '/d/f', pid: 1, line: 7 }, after: { call: 'openat', path: '/d/f', pid: 1, line: 8 }, where: `${seconds} s between …`, text: `${seconds} s between …; fsync was not traced`,
});
const caseOf = (k: number, gaps: UntracedGap[]): CaseUntraced => ({ case: k, id: `c${k}`, wall: 10, traced: 1, untraced: 9, gaps, missing: ['fsync'], filtered: true, advice: '-e trace=%file,%desc', why: 'fsync was not traced' });

/** An overview of 3 rows: case 0, case 1 twice (rows per pid), over 10 s. */
function overviewOf(aligned: boolean, located = true): TimeOverview {
  return {
    overview: { aligned, rows: 3, span: 10, rowCase: Uint32Array.from([0, 1, 1]) },
    rowLabels: ['c0', 'c1 · pid 5', 'c1 · pid 6'],
    untraced: { t0: 0, located, cases: [caseOf(0, [gap(2, 3), gap(6, 0.05)]), caseOf(1, [gap(1, 0.5)])] },
  } as unknown as TimeOverview;
}

describe('overview gap marks', () => {
  it('marks the gaps of at least 1 % of the span on every row of their case; the hover reads the gap', () => {
    const m = gapMarks(overviewOf(false));
    expect(m.map((x) => [x.row, x.gap.start])).toEqual([[0, 2], [1, 1], [2, 1]]); // 0.05 s < 1 % of 10 s
    expect(gapAt(m, 0, 4)?.gap.start).toBe(2);
    expect(gapAt(m, 0, 5.5)).toBeNull();
    expect(gapAt(m, 2, 1.2)?.c.id).toBe('c1');
    expect(gapHover('c0', m[0])).toBe('c0: untraced 2.000–5.000 s, 3 s between …; fsync was not traced');
  });
  it('none when the cases are aligned (their own clocks) or nothing is located', () => {
    expect(gapMarks(overviewOf(true))).toEqual([]);
    expect(gapMarks(overviewOf(false, false))).toEqual([]);
  });
});
