import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mergeLogs } from '../../model';
import { loadTraceDir } from '../../testing/traceFixtures';
import { tinyLog } from '../../testing/tinyLog';
import { compileMapping } from '../mapping';
import { DEFAULT_MAPPING } from '../types';
import { RULES, UNOBSERVABLE, runInsights } from '.';

const FX = join(__dirname, '__fixtures__');

describe('runInsights', () => {
  test('with a partition each finding says on which side it holds; on both sides its numbers are of both', () => {
    // small_random (cid smallrandom) and shared_small (cid sharedsmall): small reads on both sides,
    // small requests to a file several cases touch only in shared_small
    const log = mergeLogs([loadTraceDir(join(FX, 'small_random')), loadTraceDir(join(FX, 'shared_small'))]);
    const green = log.cases.filter((c) => c.cid === 'sharedsmall').map((c) => c.id);
    const red = log.cases.filter((c) => c.cid === 'smallrandom').map((c) => c.id);
    const r = runInsights(log, { partition: { green, red } });
    const by = (code: string) => r.findings.filter((f) => f.code === code);
    expect(by('P05')).toHaveLength(1);
    expect(by('P05')[0].side).toBe('both');
    expect(by('P05')[0].numbers.small).toBe(1040 + 1010);
    expect(by('T09').map((f) => f.side)).toEqual(['green']);
    expect(by('P15').map((f) => f.side)).toEqual(['green']);
    // swapping the sides swaps the marks
    const s = runInsights(log, { partition: { green: red, red: green } });
    expect(s.findings.filter((f) => f.code === 'T09').map((f) => f.side)).toEqual(['red']);
    // without a partition: no side
    expect(runInsights(log).findings.every((f) => f.side === null)).toBe(true);
  });

  test('findings come ranked (HIGH and WARN, then INFO, then OK; within each by cost) and point at activities of the given mapping', () => {
    const log = loadTraceDir(join(FX, 'small_random'));
    const deep = compileMapping(log, { ...DEFAULT_MAPPING, depth: 0 });
    const r = runInsights(log, { mapping: deep });
    const group = (l: string): number => (l === 'HIGH' || l === 'WARN' ? 0 : l === 'INFO' ? 1 : 2);
    const key = r.findings.map((f) => [group(f.level), -(f.cost?.seconds ?? -1)] as const);
    expect(key).toEqual([...key].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(r.findings.filter((f) => f.level !== 'OK').every((f) => f.cost !== null && f.cost.share > 0 && f.cost.share <= 1)).toBe(true);
    expect(r.findings.find((f) => f.code === 'P05')?.activities).toEqual(['pread64:/tmp/insfx/small_random/data']);
  });

  test('thresholds are validated before anything runs; changed ones change the result', () => {
    const log = loadTraceDir(join(FX, 'seek_99'));
    expect(() => runInsights(log, { thresholds: '{"seek_pair": 99}' })).toThrow(/unknown threshold 'seek_pair' \(did you mean 'seek_pairs'\?\)/);
    expect(runInsights(log).findings.map((f) => f.code)).not.toContain('T03');
    expect(runInsights(log, { thresholds: { seek_pairs: 99 } }).findings.map((f) => f.code)).toContain('T03');
  });

  test('a log without durations or offsets runs the rules that do not need them', () => {
    const log = tinyLog([{ file: 'a_h_0.st', events: Array.from({ length: 1200 }, (_, i) => ['write', '/scratch/out', i, NaN, 10] as [string, string, number, number, number]) }]);
    const r = runInsights(log);
    expect(r.hasDurations).toBe(false);
    expect(r.hasOffsets).toBe(false);
    // no durations: no cost; what a finding costs is unknown, so its level stays (about data: judged by bytes)
    expect(r.findings.map((f) => [f.code, f.level, f.cost])).toEqual([['P06', 'HIGH', null], ['P01', 'INFO', null], ['P03', 'INFO', null]]);
  });

  test('every rule has a code, title, level logic and target; the unobservable codes say why', () => {
    const codes = RULES.flatMap((r) => r.code.split('/'));
    for (const c of ['P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P08', 'P09', 'P10', 'P11', 'P12', 'P13', 'P14', 'P15', 'P16', 'P17', 'P18', 'P19', 'P21', 'P22', 'T01', 'T02', 'T03', 'T04', 'T05', 'T06', 'T07', 'T08', 'T09']) {
      expect(codes).toContain(c);
    }
    for (const r of RULES) expect(r.title.length * r.levels.length).toBeGreaterThan(0);
    expect(UNOBSERVABLE.map((u) => u.code)).toEqual(['S01', 'P07', 'M01', 'M02', 'M03', 'M04', 'M05', 'M06', 'M07', 'M08', 'M09', 'M10']);
    for (const u of UNOBSERVABLE) expect(u.why.length).toBeGreaterThan(40);
  });
});
