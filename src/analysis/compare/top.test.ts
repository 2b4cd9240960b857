/**
 * The order of the top list on real runs (docs/METHOD.md "The top differences"): structural, like for like,
 * then wall, untraced and traced time, then the largest effects. Untraced time is analysis/time/gaps.ts's
 * (Σ of the case's gaps = wall − traced), its largest gap named with what fills it. Runs:
 * e2e/fixtures/ior-untraced (fpp traced without fsync/close: seconds of untraced time), rwapi (O_DSYNC),
 * and the same program run twice (nothing said).
 */
import { reportText } from '../../lib/format';
import { describe, expect, it } from 'vitest';
import { traceDirLogGz } from '../../testing/traceDir';
import { resolvePartition } from '../partition';
import { gapSentence, untracedTime } from '../time/gaps';
import { DEFAULT_MAPPING } from '../types';
import { compare } from './compare';

const RANK: Record<string, number> = { structure: 0, align: 1, case: 2, activity: 3, edge: 3 };

describe('top differences: the order of evidence', () => {
  it('ior-untraced: structural, then wall, untraced (its largest gap named), traced; the case measures = gaps.ts', () => {
    const { log } = traceDirLogGz('e2e/fixtures/ior-untraced/');
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:ssf', 'cid:fpp'));
    const kinds = res.top.map((t) => RANK[t.kind]);
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(res.top[0].kind).toBe('structure');
    const cases = res.top.filter((t) => t.kind === 'case').map((t) => t.metric);
    expect(cases).toEqual(['wall', 'untraced', 'traced']);
    const ut = untracedTime(log);
    for (const c of res.cases) {
      const u = ut.cases.find((x) => x.id === c.id)!;
      expect(c.untraced).toBe(u.untraced);
      expect(Math.abs(c.untraced! - (c.wall! - c.traced!))).toBeLessThan(1e-9);
    }
    // the largest gap of the red (fpp) cases, as gaps.ts says it
    const red = ut.cases.filter((x) => x.id.startsWith('fpp_'));
    const big = red.reduce((a, b) => (b.gaps[0].seconds > a.gaps[0].seconds ? b : a));
    const s = res.top.find((t) => t.metric === 'untraced')!;
    expect(reportText(s.text)).toMatch(/^only \d+\.\d% of red wall time is in traced calls — the rest is computation or calls not traced \(green: \d+%\): \S+ s vs \S+ ms untraced per run \(median\), every red case above every green case \(complete separation, n = 4 vs 4\), q = /);
    expect(s.text.endsWith(`; the largest red gap: ${big.id}: ${gapSentence(big, big.gaps[0])}`)).toBe(true);
    expect(s.text).toContain('fsync, close and waits (futex, poll, sleeps) were not traced');
  });

  it('rwapi O_DSYNC: wall and traced time separate, no untraced claim (the runs spend their time in calls)', () => {
    const { log } = traceDirLogGz('src/analysis/compare/__fixtures__/rwapi/');
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:pos', 'cid:dsync'));
    expect(res.top.filter((t) => t.kind === 'case').map((t) => t.metric)).toEqual(['wall', 'traced']);
    expect(reportText(res.top[1].text)).toMatch(/^red runs spent \S+ ms vs \S+ ms in traced calls \(median per run, [\d.]+× more in red\), every red case above every green case \(complete separation, n = 4 vs 4\), q = /);
    expect(res.caseTests.untraced.separated).toBeUndefined();
  });

  it('the same program run again: no time sentence', () => {
    const { log } = traceDirLogGz('src/analysis/compare/__fixtures__/rwapi/');
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:pos', 'cid:again'));
    expect(res.top).toEqual([]);
  });
});
