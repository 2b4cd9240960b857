/**
 * The labelled insights benchmark (__fixtures__/bench, README.md there): on every real run, through the CLI's
 * `insights --json`, each finding the labels say must fire fires (level, file, case) and none they say must
 * not fire does so at WARN or HIGH; per-rule recall and false positives are printed. The fio runs' own truth
 * (write_iolog) must equal the Files table: requests, bytes and Darshan's consecutive / sequential / random.
 */
import { describe, expect, it } from 'vitest';
import { accessKind, lastByte } from '../accessKind';
import { RULES } from './index';
import { DARSHAN_RULES } from './rules/darshan';
import { DARSHAN_ALIGN_RULES } from './rules/darshanAlign';
import { benchRuns, insightsOf, iologs, judge, labelsOf, perRule, traceFiles, type LabelResult } from '../../testing/insightsBench';
import { runCli } from '../../testing/cliRun';

const runs = benchRuns();
const all: LabelResult[] = [];

describe('insights benchmark: labels', () => {
  it('has runs, each with traces and labels that say why', () => {
    expect(runs.length).toBeGreaterThanOrEqual(20);
    for (const run of runs) {
      expect(traceFiles(run).length, run).toBeGreaterThan(0);
      const l = labelsOf(run);
      expect(l.what.length, run).toBeGreaterThan(10);
      for (const c of l.checks) for (const x of [...c.must, ...c.mustNot]) expect(x.why.length, `${run} ${x.code}`).toBeGreaterThan(5);
    }
  });

  it('labels every rule strace can support: a run where it must fire and one where it must not', () => {
    // the rules on strace events (the Darshan-counter rules read Darshan logs only; UNOBSERVABLE lists what strace cannot see)
    const codes = RULES.filter((r) => !DARSHAN_RULES.includes(r) && !DARSHAN_ALIGN_RULES.includes(r)).flatMap((r) => r.code.split('/'));
    const must = new Set<string>();
    const mustNot = new Set<string>();
    for (const run of runs) {
      for (const c of labelsOf(run).checks) {
        for (const m of c.must) must.add(m.code);
        for (const m of c.mustNot) mustNot.add(m.code);
      }
    }
    expect(codes.length).toBeGreaterThanOrEqual(30);
    expect(codes.filter((c) => !must.has(c)), 'rules no run must fire').toEqual([]);
    expect(codes.filter((c) => !mustNot.has(c)), 'rules no run must not fire').toEqual([]);
  });

  for (const run of runs) {
    it(run, async () => {
      const { checks } = labelsOf(run);
      const results: LabelResult[] = [];
      for (let i = 0; i < checks.length; i++) results.push(...judge(run, i, checks[i], await insightsOf(run, checks[i].args)));
      all.push(...results);
      const failed = results.filter((r) => !r.ok).map((r) => `${r.kind} ${r.code} (check ${r.check}: ${r.why}) — got ${r.got}`);
      expect(failed, failed.join('\n')).toEqual([]);
    });
  }

  it('per-rule recall and false positives (printed)', () => {
    console.log(perRule(all));
    expect(all.length).toBeGreaterThan(0);
  });
});

interface FileJson {
  reads: { requests: number; bytes: number; with_offset: number; consecutive: number; sequential: number; random: number };
  writes: FileJson['reads'];
}

describe('insights benchmark: the fio runs against their own write_iolog', () => {
  for (const run of runs) {
    const logs = iologs(run);
    if (logs.size === 0) continue;
    it(run, async () => {
      const r = await runCli('analyze', '--json', '--jobs', '1', ...traceFiles(run));
      expect(r.code, r.err).toBe(0);
      const files = (JSON.parse(r.out) as { files: Record<string, FileJson> }).files;
      // the truth per (file, direction): requests, bytes, and the pattern (one fio job process per case)
      const want = new Map<string, { requests: number; bytes: number; kinds: number[] }>();
      for (const reqs of logs.values()) {
        const last = new Map<string, number>();
        for (const q of reqs) {
          const key = `${q.file}\t${q.op}`;
          let e = want.get(key);
          if (!e) want.set(key, (e = { requests: 0, bytes: 0, kinds: [0, 0, 0] }));
          e.requests++;
          e.bytes += q.length;
          e.kinds[accessKind(q.offset, last.get(key) ?? 0)]++;
          last.set(key, lastByte(q.offset, q.length));
        }
      }
      expect(want.size).toBeGreaterThan(0);
      const { invisible } = labelsOf(run);
      for (const [key, e] of want) {
        const [file, op] = key.split('\t');
        const got = files[file]?.[op === 'read' ? 'reads' : 'writes'];
        // I/O strace cannot see (mmap, io_uring): none of the requests is in the trace
        if (invisible) {
          expect(got?.requests ?? 0, `${key}: ${invisible}`).toBe(0);
          continue;
        }
        expect(got, key).toBeDefined();
        expect([got.requests, got.bytes], key).toEqual([e.requests, e.bytes]);
        // positions known: the split equals the truth's; unknown (traced without lseek): none claimed
        if (got.with_offset > 0) {
          expect(got.with_offset, key).toBe(got.requests);
          expect([got.consecutive, got.sequential, got.random], key).toEqual(e.kinds);
        }
      }
    });
  }
});
