/**
 * The comparison's per-case time sums are exact and its Mann–Whitney tests equal SciPy's on every real
 * multi-rank fixture, ties included, and to the nanosecond on a run traced with ns durations (issue #27.8;
 * docs/METHOD.md "Exact time"). The reference is an
 * independent reading of the trace text (tools/refdata/compare_exact.py): each event's printed duration as
 * integer ns, summed per (case, activity), then scipy.stats.mannwhitneyu on the per-case vectors. Only the
 * event → activity assignment comes from strace-dfg (the program checks each line's call against it).
 */
import { describe, expect, it } from 'vitest';
import { referenceValues } from '../../testing/refdata';
import { relClose } from '../../testing/scipy';
import { traceDirLogGz } from '../../testing/traceDir';
import { compileMapping } from '../mapping';
import { resolvePartition } from '../partition';
import { DEFAULT_MAPPING } from '../types';
import { compare } from './compare';

type Ref = Record<string, Partial<Record<'count' | 'time', { green: number[]; red: number[]; u: number; p: number }>>>;

/** Every system file shown: the runs' start-up (/usr/lib, /sys, /proc) holds most of the ties. */
const SPEC = { ...DEFAULT_MAPPING, system: 'show' as const };

/** The real runs of e2e/fixtures (README there) and a green/red split of their cases. */
const SETS: { dir: string; green: string; red: string }[] = [
  { dir: 'e2e/fixtures/ior-ssf-fpp/', green: 'cid:ssf', red: 'cid:fpp' },
  { dir: 'e2e/fixtures/ior-mpiio/', green: 're:_[0-3]$', red: 're:_[4-7]$' },
  { dir: 'e2e/fixtures/ior-like/', green: 'cid:ssf', red: 'cid:fpp' },
  { dir: 'e2e/fixtures/phases/', green: 're:_[0-2]$', red: 're:_[3-5]$' },
  // nanosecond timestamps and durations (--absolute-timestamps=format:unix,precision:ns --syscall-times=ns)
  { dir: 'src/analysis/compare/__fixtures__/rwapi-ns/', green: 'cid:pos', red: 'cid:again' },
];

const refs = referenceValues(import.meta.url);

/** compare_exact.py's answer for one set of runs (committed: src/testing/refdata.ts). */
function reference(name: string, files: string[], stdin: unknown): Ref {
  return refs.get(name, 'tools/refdata/compare_exact.py', { stdin, files });
}

/** Whether a sample pair has a value twice (SciPy then uses the tie-corrected normal approximation). */
const tied = (g: number[], r: number[]): boolean => new Set([...g, ...r]).size < g.length + r.length;

describe('comparison = independent exact sums + SciPy on the real runs', () => {
  let timeTies = 0;
  /** Per-case time sums that are not whole µs (the ns set's, exact to the ns). */
  let subMicro = 0;
  for (const set of SETS) {
    it(set.dir, () => {
      const { log, files } = traceDirLogGz(set.dir);
      expect(log.cases.map((c) => c.id)).toEqual(files.map((f) => f.replace(/\.st(\.gz)?$/, '')));
      const m = compileMapping(log, SPEC);
      const part = resolvePartition(log, set.green, set.red);
      const res = compare(log, SPEC, part, m);
      const side = (sel: 'green' | 'red'): number[] => res.cases.flatMap((c, k) => (c.side === sel ? [k] : []));
      const events = log.cases.map((_, k) => {
        const out: [number, number][] = [];
        for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) if (m.pairAct[log.pair[i]] >= 0) out.push([log.line[i], m.pairAct[log.pair[i]]]);
        return out;
      });
      const ref = reference(set.dir, files.map((f) => set.dir + f), { acts: m.activities, green: side('green'), red: side('red'), events });
      const rows = res.activities;
      expect(rows.map((r) => r.id).sort()).toEqual(Object.keys(ref).sort());
      let tests = 0;
      for (const row of rows) {
        for (const metric of ['count', 'time'] as const) {
          const want = ref[row.id][metric];
          const t = row.tests[metric];
          if (!want) {
            expect(t, `${row.id} ${metric}`).toBeUndefined();
            continue;
          }
          const at = `${set.dir} ${row.id} ${metric}`;
          // the per-case vectors: equal to the last bit (exact sums, in the same case order)
          expect(Array.from(row.green[metric]!), at).toEqual(want.green);
          expect(Array.from(row.red[metric]!), at).toEqual(want.red);
          expect(t!.u, at).toBe(want.u);
          expect(relClose(t!.p!, want.p, 1e-12), `${at}: p ${t!.p} vs SciPy ${want.p}`).toBe(true);
          tests++;
          if (metric === 'time' && tied(want.green, want.red)) timeTies++;
          if (metric === 'time') subMicro += [...want.green, ...want.red].filter((v) => Math.round(v * 1e9) % 1000 !== 0).length;
        }
      }
      expect(tests).toBeGreaterThan(20);
    });
  }
  it('the runs hold time sums that tie (equal printed times), and they are compared as ties', () => {
    expect(timeTies).toBeGreaterThan(10);
  });
  it('the ns run\'s sums are exact to the nanosecond (not rounded to µs)', () => {
    expect(subMicro).toBeGreaterThan(20);
  });
});
