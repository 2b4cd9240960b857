import { reportText } from '../../lib/format';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceValues } from '../../testing/refdata';
import { relClose } from '../../testing/scipy';
import { traceDirLog } from '../../testing/traceDir';
import { idsSelector, resolvePartition } from '../partition';
import { DEFAULT_MAPPING } from '../types';
import { LogIndex } from '../logIndex';
import { compare } from './compare';
import { toCompareJson } from './json';

/** The IOR-like runs (e2e/fixtures/ior-like/README.md): green = 6 ranks on one shared file with 4 KiB
 * transfers, red = 6 ranks with a file each, 64 KiB transfers, after 400 ms of computation. */
const DIR = 'e2e/fixtures/ior-like/';
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.st')).sort();


/**
 * An independent reading of the same traces in Python (tools/refdata/compare_ior.py: a regular expression
 * per line, not our parser) and scipy.stats.mannwhitneyu on its per-case vectors, green (ssf) vs red (fpp):
 * committed reference values (src/testing/refdata.ts).
 */
interface PyOut {
  cases: Record<string, { wall: number; traced: number; events: number; read: number; written: number; failures: number }>;
  act: Record<string, Record<'count' | 'time', { green: number[]; red: number[]; u: number; p: number }>>;
  wall: { u: number; p: number };
  traced: { u: number; p: number };
}

function python(): PyOut {
  return referenceValues(import.meta.url).get('ior-like', 'tools/refdata/compare_ior.py', { files: FILES.map((f) => DIR + f) });
}

describe('compare on the IOR-like runs, against an independent Python reading + SciPy', () => {
  const log = traceDirLog(DIR);
  const part = resolvePartition(log, 'cid:ssf', 'cid:fpp');
  const res = compare(log, DEFAULT_MAPPING, part);
  const py = python();

  it('per case: wall, traced, events, bytes read/written and failures', () => {
    expect(res.cases.length).toBe(12);
    for (const c of res.cases) {
      const p = py.cases[c.id];
      expect(p, c.id).toBeDefined();
      expect(c.events).toBe(p.events);
      expect(c.bytesRead).toBe(p.read);
      expect(c.bytesWritten).toBe(p.written);
      expect(c.failures).toBe(p.failures);
      // Python sums seconds since midnight differently: agree to well under a microsecond
      expect(Math.abs(c.wall! - p.wall)).toBeLessThan(1e-7);
      expect(Math.abs(c.traced! - p.traced)).toBeLessThan(1e-7);
      expect(c.coverage).toBeCloseTo(c.traced! / c.wall!, 12);
      expect(c.side).toBe(c.cid === 'ssf' ? 'green' : 'red');
    }
    // the red runs spent 400 ms computing: coverage far below the green runs'
    expect(res.red.stats.coverage.median!).toBeLessThan(0.2);
    expect(res.green.stats.coverage.median!).toBeGreaterThan(0.4);
  });

  it('per activity: per-case count and Σ dur, U and p as scipy.stats.mannwhitneyu', () => {
    const names = Object.keys(py.act);
    expect(names).toEqual(expect.arrayContaining(['pwrite64:/scratch/iorlike', 'pread64:/scratch/iorlike', 'fsync:/scratch/iorlike']));
    for (const a of names) {
      const row = res.activities.find((r) => r.id === a)!;
      expect(row, a).toBeDefined();
      for (const m of ['count', 'time'] as const) {
        const p = py.act[a][m];
        const g = Array.from(row.green[m]!);
        const r = Array.from(row.red[m]!);
        if (m === 'count') {
          expect(g).toEqual(p.green);
          expect(r).toEqual(p.red);
        } else {
          g.forEach((x, i) => expect(Math.abs(x - p.green[i])).toBeLessThan(1e-9));
          r.forEach((x, i) => expect(Math.abs(x - p.red[i])).toBeLessThan(1e-9));
        }
        const t = row.tests[m]!;
        expect(t.u, `${a} ${m}`).toBe(p.u);
        expect(relClose(t.p!, p.p), `${a} ${m}: p ${t.p} vs ${p.p}`).toBe(true);
      }
    }
    // 64 pwrite64 per green rank vs 4 per red rank: every green case above every red case
    const w = res.activities.find((r) => r.id === 'pwrite64:/scratch/iorlike')!;
    expect(Array.from(w.green.count)).toEqual([64, 64, 64, 64, 64, 64]);
    expect(Array.from(w.red.count)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(w.tests.count!.effect).toBe(-1);
    expect(w.tests.bytes!.p).toBe(1); // 256 KiB per rank on both sides
    expect(w.green.mc).toBeGreaterThanOrEqual(1);
    expect(w.green.failureRate).toBe(0);
  });

  it('per-side mc: a brute-force count over the events of the side alone', () => {
    const { pair, start, dur, caseOffsets } = log;
    const actOf = (i: number): string => `${log.calls[log.pairCall[pair[i]]]}:${log.paths[log.pairFp[pair[i]]].split('/').slice(0, 3).join('/')}`;
    for (const [sideName, cid] of [['green', 'ssf'], ['red', 'fpp']] as const) {
      const ev = new Map<string, number[]>();
      log.cases.forEach((c, k) => {
        if (c.cid !== cid) return;
        for (let i = caseOffsets[k]; i < caseOffsets[k + 1]; i++) if (log.paths[log.pairFp[pair[i]]].startsWith('/scratch/') && dur[i] === dur[i]) ev.set(actOf(i), [...(ev.get(actOf(i)) ?? []), i]);
      });
      expect(ev.size).toBeGreaterThanOrEqual(5);
      for (const [a, list] of ev) {
        let best = 0;
        for (const j of list) {
          const t = start[j];
          const n = list.filter((i) => start[i] <= t && (t < start[i] + dur[i] || (start[i] + dur[i] <= start[i] && t === start[i]))).length;
          best = Math.max(best, n);
        }
        expect(res.activities.find((r) => r.id === a)![sideName].mc, `${sideName} ${a}`).toBe(best);
      }
    }
  });

  it('per-side mc of a time window (its sequence derived from the whole log\'s) = built afresh', () => {
    const whole = new LogIndex(log);
    void whole.sequence;
    const { span, t0 } = whole.span;
    const winIx = whole.window({ from: 0.2 * span, to: 0.7 * span }, t0);
    const win = winIx.log;
    expect(win.n).toBeLessThan(log.n);
    expect(winIx.hasSequence).toBe(true); // derived from the whole log's
    // sides that interleave in time: every other case
    const ids = win.cases.map((c) => c.id);
    const part = resolvePartition(win, idsSelector(ids.filter((_, k) => k % 2 === 0)), idsSelector(ids.filter((_, k) => k % 2 === 1)));
    const derived = compare(win, DEFAULT_MAPPING, part, undefined, {}, winIx);
    const fresh = compare(win, DEFAULT_MAPPING, part); // without an index: built anew
    const mcs = (r: typeof derived) => r.activities.map((a) => [a.id, a.green.mc, a.red.mc]);
    expect(mcs(derived)).toEqual(mcs(fresh));
    expect(mcs(derived).some(([, g, r]) => (g as number) >= 1 && (r as number) >= 1)).toBe(true);
  });

  it('case-level tests: wall and traced time as scipy', () => {
    expect(res.caseTests.wall.u).toBe(py.wall.u);
    expect(relClose(res.caseTests.wall.p!, py.wall.p)).toBe(true);
    expect(res.caseTests.traced.u).toBe(py.traced.u);
    expect(relClose(res.caseTests.traced.p!, py.traced.p)).toBe(true);
    expect(res.caseTests.wall.effect).toBe(1); // every red run longer
  });

  it('top differences: run time and coverage first, then elements with their reference', () => {
    const texts = res.top.map((t) => reportText(t.text));
    expect(texts[0]).toMatch(/^red runs took \S+ m?s vs \S+ m?s \(median wall time, [\d.]+× longer in red\), every red case above every green case \(complete separation, n = 6 vs 6\), q = /);
    expect(texts.some((t) => /^only \d+(\.\d)?% of red wall time is in traced calls — the rest is computation or calls not traced/.test(t))).toBe(true);
    const el = res.top.filter((t) => t.kind !== 'case');
    expect(el.length).toBeGreaterThan(0);
    for (const t of el) {
      expect(t.q! < 0.05 || t.separated === true).toBe(true); // significant, or completely separated
      const rows = t.kind === 'edge' ? res.edges : res.activities;
      expect(rows.some((r) => r.id === t.ref)).toBe(true);
    }
  });

  it('JSON: the documented shape, values in case order, no NaN', () => {
    const j = toCompareJson(res);
    const text = JSON.stringify(j);
    expect(text).not.toMatch(/NaN|Infinity/);
    expect(Object.keys(j.cases)).toEqual(log.cases.map((c) => c.id));
    expect(j.cases['ssf_jrc0401_0']).toMatchObject({ side: 'green', host: 'jrc0401', rank: '0', cid: 'ssf' });
    const w = j.activities['pwrite64:/scratch/iorlike'];
    expect(w.green.count).toEqual([64, 64, 64, 64, 64, 64]);
    expect(Object.keys(w.tests)).toEqual(['count', 'bytes', 'time']);
    expect(j.sides.green.cases).toEqual(['ssf_jrc0401_0', 'ssf_jrc0401_1', 'ssf_jrc0401_2', 'ssf_jrc0402_3', 'ssf_jrc0402_4', 'ssf_jrc0402_5']);
    // an activity without sized calls (fsync): bytes is still the per-case array, 0 per case
    const f = j.activities['fsync:/scratch/iorlike'];
    expect(f.green.bytes).toEqual([0, 0, 0, 0, 0, 0]);
    expect(f.red.bytes).toEqual([0, 0, 0, 0, 0, 0]);
    expect(f.red.time).toHaveLength(6);
    for (const a of Object.values(j.activities)) for (const s of [a.green, a.red]) expect(s.bytes).toHaveLength(s.count.length);
    const e = Object.values(j.edges)[0];
    expect(Object.keys(e.tests)).toEqual(['count']);
    expect(j.top.length).toBe(j.top_refs.length);
  });
});
