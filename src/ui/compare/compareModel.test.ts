import { describe, expect, it } from 'vitest';
import { iorLikeCompare } from '../../testing/iorLike';
import { alignAtCaseStart, caseRows, compareCsv, differenceMap, ridColumn, sortRows, tableRows } from './compareModel';

describe('Compare tab model on the IOR-like runs', () => {
  const res = iorLikeCompare();

  it('table rows carry per-side means, ratio and the test of the chosen metric', () => {
    const rows = tableRows(res, 'activity', 'count');
    const w = rows.find((r) => r.id === 'pwrite64:/scratch/iorlike')!;
    expect([w.green, w.red, w.ratio]).toEqual([64, 4, 0.0625]);
    expect(w.test!.effect).toBe(-1);
    expect([w.greenCases, w.redCases]).toEqual([6, 6]);
    // edges always show their count test, whatever metric the activities use
    const e = tableRows(res, 'edge', 'time').find((r) => r.id === 'pwrite64:/scratch/iorlike -> pwrite64:/scratch/iorlike')!;
    expect([e.green, e.red]).toEqual([63, 3]);
  });

  it('sorts by |effect| (desc) and q (asc), nulls last, and reverses', () => {
    const rows = tableRows(res, 'activity', 'time');
    const byEffect = sortRows(rows, 'effect');
    const effects = byEffect.map((r) => (r.test?.effect == null ? null : Math.abs(r.test.effect)));
    const known = effects.filter((x): x is number => x !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(effects.indexOf(null) === -1 || effects.slice(effects.indexOf(null)).every((x) => x === null)).toBe(true);
    const byQ = sortRows(rows, 'q').map((r) => r.test?.q ?? Infinity);
    expect(byQ).toEqual([...byQ].sort((a, b) => a - b));
    expect(sortRows(rows, 'q', true)[0].id).toBe(sortRows(rows, 'q').at(-1)!.id);
  });

  it('the CSV has one line per element and defuses formula-like cells', () => {
    const csv = compareCsv(res);
    const lines = csv.trimEnd().split('\n');
    expect(lines.length).toBe(1 + res.activities.length + res.edges.length);
    expect(lines[0].split(',').slice(0, 6)).toEqual(['kind', 'element', 'side', 'green_cases', 'red_cases', 'count_green_mean']);
    const tricky = { ...res, activities: [{ ...res.activities[0], id: '=HYPERLINK("x")' }], edges: [] };
    expect(compareCsv(tricky).split('\n')[1]).toMatch(/^activity,"'=HYPERLINK\(""x""\)",/);
  });

  it('cases: both sides only, searchable by host, sortable by coverage', () => {
    expect(caseRows(res, '', 'id')).toHaveLength(12);
    expect(caseRows(res, 'jrc0402', 'id').map((c) => c.rid)).toEqual(['3', '4', '5', '3', '4', '5']);
    const cov = caseRows(res, '', 'coverage').map((c) => c.coverage!);
    expect(cov).toEqual([...cov].sort((a, b) => b - a));
    expect(caseRows(res, '', 'coverage').at(-1)!.side).toBe('red');
  });

  it('difference map: node effects of the chosen metric, edges by count', () => {
    const d = differenceMap(res, 'count');
    expect(d.nodes['pwrite64:/scratch/iorlike'].effect).toBe(-1);
    expect(d.nodes['pwrite64:/scratch/iorlike'].q).toBeLessThan(0.05);
    expect(d.edges['pwrite64:/scratch/iorlike -> pwrite64:/scratch/iorlike'].effect).toBe(-1);
  });

  it('aligns a timeline at each case start: relative time, every case from 0', () => {
    const ids = res.cases.map((c) => c.id);
    const t = {
      activity: 'x', timeBase: 'clock' as const, rowLabels: ids, rowCase: ids,
      row: Uint32Array.from([0, 11]), start: Float64Array.from([res.cases[0].start! + 0.5, res.cases[11].start! + 0.25]),
      dur: Float64Array.from([0.1, 0.1]), size: Float64Array.from([NaN, NaN]), pid: Int32Array.from([1, 2]), label: Uint32Array.from([0, 0]), labels: ['x'],
    };
    const a = alignAtCaseStart(t, res);
    expect(a.timeBase).toBe('relative');
    expect(Array.from(a.start)).toEqual([0.5, 0.25].map((x, i) => t.start[i] - [res.cases[0].start!, res.cases[11].start!][i]));
    expect(a.start[0]).toBeCloseTo(0.5, 6);
    expect(t.start[0]).toBeGreaterThan(1000); // the original is untouched (clock seconds)
  });
});

describe('complete separation is coloured (rwapi: O_DSYNC writes vs page-cache writes, 4 runs a side)', () => {
  it("the graph's difference colouring colours pwrite64 red although q > 0.05, and marks the legend with n", async () => {
    const { traceDirLogGz } = await import('../../testing/traceDir');
    const { compare } = await import('../../analysis/compare/compare');
    const { resolvePartition } = await import('../../analysis/partition');
    const { DEFAULT_MAPPING } = await import('../../analysis/types');
    const { differenceFill, DIFF_NONE, DIFF_RED } = await import('../graph/colors');
    const { log } = traceDirLogGz('src/analysis/compare/__fixtures__/rwapi/');
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:pos', 'cid:dsync'));
    const d = differenceMap(res, 'time');
    const w = d.nodes['pwrite64:/scratch/cmp'];
    expect(w.effect).toBe(1);
    expect(w.q!).toBeGreaterThan(0.05);
    expect(w.separated).toBe(true);
    expect(d.n).toBe('n = 4 vs 4');
    expect(differenceFill(w.effect, w.q, w.separated)).toBe(DIFF_RED);
    expect(differenceFill(w.effect, w.q)).toBe(DIFF_NONE); // what the graph showed before: grey
    // not separated and not significant: still grey
    const o = d.nodes['openat:/scratch/cmp'];
    expect(o.separated).toBeUndefined();
    expect(differenceFill(o.effect, o.q, o.separated)).toBe(DIFF_NONE);
    // the table row carries the per-call test beside the per-case one
    const row = tableRows(res, 'activity', 'time').find((r) => r.id === 'pwrite64:/scratch/cmp')!;
    expect(row.test!.separated).toBe(true);
    expect(row.perCall!.test.q!).toBeLessThan(0.05);
  });
});

describe("the cases table's id column says what the ids are (#28.5: 'rank' only for MPI ranks)", () => {
  it('rank for the IOR-like runs (ssf_jrc0401_0 … fpp_jrc0402_5: ranks 0-5 of each cid)', () => {
    const cases = iorLikeCompare().cases;
    expect(cases.every((c) => c.rank)).toBe(true);
    expect(ridColumn(cases)).toBe('rank');
  });
  it("pid / case for the example traces (a_node1_1 … b_node1_3: 1-3, no rank 0) and for strace.sh's $$ names", async () => {
    const { traceDirLog } = await import('../../testing/traceDir');
    const { compare } = await import('../../analysis/compare/compare');
    const { resolvePartition } = await import('../../analysis/partition');
    const { DEFAULT_MAPPING } = await import('../../analysis/types');
    const log = traceDirLog('public/samples');
    const cases = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:a', 'cid:b')).cases;
    expect(cases.map((x) => x.rid).sort()).toEqual(['1', '1', '1', '2', '2', '3', '3']);
    expect(cases.some((c) => c.rank)).toBe(false);
    expect(ridColumn(cases)).toBe('pid / case');
    expect(ridColumn([{ rid: '19412', rank: false }, { rid: '19470', rank: false }])).toBe('pid / case');
  });
  it('rank / pid for a mix, id for names that are not numbers, and for no ids at all', () => {
    expect(ridColumn([{ rid: '0', rank: true }, { rid: '1', rank: true }, { rid: '19412', rank: false }])).toBe('rank / pid');
    expect(ridColumn([{ rid: 'x', rank: false }])).toBe('id');
    expect(ridColumn([{ rid: '', rank: false }])).toBe('id');
  });
});
