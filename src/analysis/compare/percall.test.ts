/**
 * Per-call tests and complete separation on real runs (docs/METHOD.md "Per-call tests", "Complete
 * separation"). Per call: the comparison's per-call U tests equal SciPy's on an independent reading of the
 * trace text (tools/refdata/compare_percall.py: each call's printed duration, grouped by the activity
 * strace-dfg gave the event), ties and exact p included. Complete separation: O_DSYNC writes (rwapi dsync)
 * against page-cache writes (rwapi pos), 4 runs a side — every red case above every green case, said and
 * marked whatever q; the same program run twice (pos vs again) gives no such claim on the writes.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mergeLogs } from '../../model';
import { referenceValues } from '../../testing/refdata';
import { relClose } from '../../testing/scipy';
import { traceDirLogGz, traceFileLog } from '../../testing/traceDir';
import { compileMapping } from '../mapping';
import { resolvePartition } from '../partition';
import { DEFAULT_MAPPING, type MappingSpec } from '../types';
import { compare } from './compare';
import { toCompareJson } from './json';
import { mannWhitneyU } from './stats';

type Ref = Record<string, { n_green: number; n_red: number; median_green: number | null; median_red: number | null; u?: number; p?: number }>;

const RW = 'src/analysis/compare/__fixtures__/rwapi/';
const refs = referenceValues(import.meta.url);

/** The real runs and a green/red split. */
const SETS: { name: string; dirs: string[]; files?: string[]; green: string; red: string; spec: MappingSpec }[] = [
  { name: 'rwapi pos vs dsync', dirs: [RW], green: 'cid:pos', red: 'cid:dsync', spec: DEFAULT_MAPPING },
  { name: 'rwapi seek vs pos', dirs: [RW], green: 'cid:seek', red: 'cid:pos', spec: DEFAULT_MAPPING },
  { name: 'ior-ssf-fpp', dirs: ['e2e/fixtures/ior-ssf-fpp/'], green: 'cid:ssf', red: 'cid:fpp', spec: { ...DEFAULT_MAPPING, system: 'show' } },
  { name: 'ls vs ls -l', dirs: [], files: ['a_node1_1', 'a_node1_2', 'a_node1_3', 'b_node1_1', 'b_node1_2', 'b_node1_3'].map((f) => `public/samples/${f}.st`), green: 'cid:a', red: 'cid:b', spec: DEFAULT_MAPPING },
];

function load(set: (typeof SETS)[number]) {
  if (set.files) return { log: mergeLogs(set.files.map(traceFileLog)), paths: set.files };
  const parts = set.dirs.map((d) => traceDirLogGz(d));
  return { log: mergeLogs(parts.map((p) => p.log)), paths: parts.flatMap((p, i) => p.files.map((f) => set.dirs[i] + f)) };
}

describe('per-call tests = SciPy on an independent reading of the call durations', () => {
  let exact = 0;
  let tied = 0;
  for (const set of SETS) {
    it(set.name, () => {
      const { log, paths } = load(set);
      expect(log.cases.map((c) => c.id)).toEqual(paths.map((f) => f.replace(/^.*\//, '').replace(/\.st(\.gz)?$/, '')));
      const m = compileMapping(log, set.spec);
      const res = compare(log, set.spec, resolvePartition(log, set.green, set.red), m);
      const sideOf = (s: 'green' | 'red'): number[] => res.cases.flatMap((c, k) => (c.side === s ? [k] : []));
      const events = log.cases.map((_, k) => {
        const out: [number, number][] = [];
        for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) if (m.pairAct[log.pair[i]] >= 0) out.push([log.line[i], m.pairAct[log.pair[i]]]);
        return out;
      });
      const ref: Ref = refs.get(set.name, 'tools/refdata/compare_percall.py', { stdin: { acts: m.activities, green: sideOf('green'), red: sideOf('red'), events }, files: paths });
      let tests = 0;
      for (const row of res.activities) {
        const want = ref[row.id];
        const pc = row.perCall!;
        expect(pc, row.id).toBeDefined();
        expect([pc.green.n, pc.red.n], row.id).toEqual([want.n_green, want.n_red]);
        for (const [got, w] of [[pc.green.median, want.median_green], [pc.red.median, want.median_red]] as const) {
          if (w === null) expect(got).toBeNull();
          else expect(Math.abs(got! - w), row.id).toBeLessThan(1e-12);
        }
        if (want.u === undefined) {
          expect(pc.test.p, row.id).toBeNull();
          continue;
        }
        expect(pc.test.u, row.id).toBe(want.u);
        expect(relClose(pc.test.p!, want.p!, 1e-12), `${row.id}: p ${pc.test.p} vs SciPy ${want.p}`).toBe(true);
        if (pc.test.method === 'exact') exact++;
        if (pc.test.method === 'asymptotic') tied++;
        tests++;
      }
      expect(tests).toBeGreaterThan(2);
    });
  }
  it('both ways of computing p were checked', () => {
    expect(exact).toBeGreaterThan(0);
    expect(tied).toBeGreaterThan(5);
  });
});

describe('complete separation at 4 runs a side (rwapi: O_DSYNC writes vs page-cache writes)', () => {
  const { log } = traceDirLogGz(RW);
  /** The writes' durations straight from the text: Σ per run of pwrite64's <…> on /scratch/cmp. */
  const sums = (cid: string): number[] =>
    [0, 1, 2, 3].map((r) => {
      const text = gunzipSync(readFileSync(`${RW}${cid}_vm_${r}.st.gz`)).toString();
      return [...text.matchAll(/pwrite64\(\d+<\/scratch\/cmp\/[^>]*>.*<(\d+\.\d+)>$/gm)].reduce((s, m) => s + Number(m[1]), 0);
    });

  it('every red case above every green case: said with n and q, and flagged for the colouring', () => {
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:pos', 'cid:dsync'));
    const g = sums('pos');
    const r = sums('dsync');
    expect(Math.min(...r)).toBeGreaterThan(Math.max(...g)); // the program's own numbers: complete separation
    const row = res.activities.find((x) => x.id === 'pwrite64:/scratch/cmp')!;
    const t = row.tests.time!;
    expect(t.effect).toBe(1);
    expect(t.separated).toBe(true);
    expect(t.p).toBeCloseTo(2 / 70, 12); // the smallest p 4 vs 4 allows: 2/C(8,4)
    expect(t.q!).toBeGreaterThan(0.05); // and BH over the table's tests leaves it "not significant"
    const s = res.top.find((x) => x.ref === row.id)!;
    expect(s.separated).toBe(true);
    expect(s.text).toMatch(/^pwrite64:\/scratch\/cmp — .* every red case above every green case \(complete separation, n = 4 vs 4\), q = 0\.\d+$/);
    expect(toCompareJson(res).activities[row.id].tests.time.separated).toBe(true);
    // per call: 128 writes a side, far apart
    expect(row.perCall!.green.n).toBe(128);
    expect(row.perCall!.test.q!).toBeLessThan(1e-10);
    expect(row.perCall!.red.median!).toBeGreaterThan(10 * row.perCall!.green.median!);
  });

  it('the same program run again: no separation claimed on the writes, nothing in the top list', () => {
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 'cid:pos', 'cid:again'));
    const t = res.activities.find((x) => x.id === 'pwrite64:/scratch/cmp')!.tests.time!;
    expect(Math.abs(t.effect!)).toBeLessThan(1);
    expect(t.separated).toBeUndefined();
    expect(res.top).toEqual([]);
  });

  it('2 vs 2 is never "complete separation"; 3 vs 3 is', () => {
    const two = mannWhitneyU([1, 2], [3, 4]);
    expect(two.effect).toBe(1);
    const res = compare(log, DEFAULT_MAPPING, resolvePartition(log, 're:^pos_vm_[01]$', 're:^dsync_vm_[01]$'));
    expect(res.activities.find((x) => x.id === 'pwrite64:/scratch/cmp')!.tests.time!.separated).toBeUndefined();
  });
});
