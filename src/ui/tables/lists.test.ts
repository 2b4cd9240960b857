import { describe, expect, it } from 'vitest';
import type { EdgeCases, Variant } from '../../analysis/types';
import { edgeCaseRows, edgeTotals, filterVariants, preview, runs, sortVariants, totalCases } from './lists';

// the paper's Figure 3: three `ls` cases share one variant, `ls -l` cases differ
const LS: Variant = { trace: ['●', 'read:/usr/lib', 'read:/etc/locale.alias', 'write:/dev/pts', '■'], count: 3, cases: ['a_host_1', 'a_host_2', 'a_host_3'] };
const LSL: Variant = { trace: ['●', 'read:/usr/lib', 'read:/etc/nsswitch.conf', 'read:/etc/passwd', 'read:/etc/group', 'write:/dev/pts', '■'], count: 1, cases: ['b_host_1'] };
const LSL2: Variant = { trace: ['●', 'read:/usr/lib', 'read:/etc/passwd', '■'], count: 1, cases: ['b_host_2'] };

describe('variants', () => {
  it('sorts by multiplicity, then shorter traces first', () => {
    expect(sortVariants([LSL, LS, LSL2])).toEqual([LS, LSL2, LSL]);
  });
  it('filters by activity or case id', () => {
    expect(filterVariants([LS, LSL, LSL2], 'passwd')).toEqual([LSL, LSL2]);
    expect(filterVariants([LS, LSL, LSL2], 'A_HOST')).toEqual([LS]);
    expect(filterVariants([LS, LSL], ' ')).toEqual([LS, LSL]);
  });
  it('counts cases and previews long lists', () => {
    expect(totalCases([LS, LSL, LSL2])).toBe(5);
    expect(preview(LSL.trace, 3)).toEqual({ shown: LSL.trace.slice(0, 3), hidden: 4 });
    expect(preview(LS.cases, 3)).toEqual({ shown: LS.cases, hidden: 0 });
  });
});

describe('edge cases', () => {
  const e: EdgeCases = { source: 'read:/etc/locale.alias', target: 'write:/dev/pts', cases: [{ caseId: 'a_host_2', count: 1 }, { caseId: 'a_host_1', count: 1 }, { caseId: 'x', count: 4 }] };
  it('lists most transitions first, ties by case id, filterable', () => {
    expect(edgeCaseRows(e).map((c) => c.caseId)).toEqual(['x', 'a_host_1', 'a_host_2']);
    expect(edgeCaseRows(e, 'HOST_2')).toEqual([{ caseId: 'a_host_2', count: 1 }]);
    expect(e.cases[0].caseId).toBe('a_host_2'); // input untouched
  });
  it('totals transitions and cases', () => {
    expect(edgeTotals(e)).toEqual({ transitions: 6, cases: 3 });
  });
});

describe('runs', () => {
  it('compresses repeats in a row, as the CLI prints variants', () => {
    expect(runs(['●', 'openat:/scratch/ior', 'pwrite64:/scratch/ior', 'pwrite64:/scratch/ior', 'pwrite64:/scratch/ior', 'close:/scratch/ior', 'pwrite64:/scratch/ior', '■'])).toEqual([
      { act: '●', n: 1 }, { act: 'openat:/scratch/ior', n: 1 }, { act: 'pwrite64:/scratch/ior', n: 3 }, { act: 'close:/scratch/ior', n: 1 }, { act: 'pwrite64:/scratch/ior', n: 1 }, { act: '■', n: 1 },
    ]);
    expect(runs([])).toEqual([]);
  });
});
