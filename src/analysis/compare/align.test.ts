/**
 * Like for like on real runs (docs/METHOD.md "Like for like"): Open MPI runs of ior-like.c with the shared
 * file under /scratch/ssf and the files per process under /scratch/fpp (__fixtures__/ssf-fpp-dirs, 4 ranks a
 * side). The two directories are proposed as one pair; the calls named and the per-call difference stated
 * are checked against the trace text (each call's printed <duration>, read by a regular expression), and
 * applying the proposed rewrites gives the same per-case test as the alignment.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatDuration, reportText } from '../../lib/format';
import { traceDirLogGz } from '../../testing/traceDir';
import { resolvePartition } from '../partition';
import { DEFAULT_MAPPING } from '../types';
import { alignLabel, isAlignLabel } from './align';
import { compare } from './compare';
import { toCompareJson } from './json';

const DIR = 'src/analysis/compare/__fixtures__/ssf-fpp-dirs/';

/** Per call name: the durations (s) of the calls on files under `dir`, over the traces of `cid`. */
function durations(cid: string, dir: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const f of readdirSync(DIR).filter((x) => x.startsWith(`${cid}_`))) {
    const text = gunzipSync(readFileSync(DIR + f)).toString('utf8');
    for (const m of text.matchAll(/^\d+ +\S+ +(\w+)\((?:\d+<([^>]*)>|AT_FDCWD<[^>]*>, "([^"]*)").*<(\d+\.\d+)>$/gm)) {
      const path = m[2] ?? m[3];
      if (!path.startsWith(dir + '/')) continue;
      out.set(m[1], [...(out.get(m[1]) ?? []), Number(m[4])]);
    }
  }
  return out;
}
const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;

describe('like for like: the shared file and the files per process in two directories', () => {
  const { log } = traceDirLogGz(DIR);
  const part = resolvePartition(log, 'cid:ssf', 'cid:fpp');
  const res = compare(log, DEFAULT_MAPPING, part);

  it('proposes /scratch/ssf ≙ /scratch/fpp with the rewrites to one label, and the same calls', () => {
    expect(res.alignments).toHaveLength(1);
    const a = res.alignments![0];
    expect([a.green, a.red, a.label]).toEqual(['/scratch/ssf', '/scratch/fpp', '/scratch/{ssf|fpp}']);
    expect(a.rewrites).toEqual([
      { kind: 'prefix', pattern: '/scratch/ssf', label: '/scratch/{ssf|fpp}' },
      { kind: 'prefix', pattern: '/scratch/fpp', label: '/scratch/{ssf|fpp}' },
    ]);
    const g = durations('ssf', '/scratch/ssf');
    const r = durations('fpp', '/scratch/fpp');
    expect([...g.keys()].sort()).toEqual([...r.keys()].sort());
    expect(a.calls.map((c) => c.call).sort()).toEqual([...g.keys()].sort());
    // the aligned places are no structural difference: they are the same role
    expect(res.structural).toEqual([]);
  });

  it('states the per-call difference of the call with the most time, as the trace text has it', () => {
    const a = res.alignments![0];
    const c = a.calls[0];
    const g = durations('ssf', '/scratch/ssf').get(c.call)!;
    const r = durations('fpp', '/scratch/fpp').get(c.call)!;
    // most time: Σ of both sides' durations is the largest among the calls
    const total = (call: string) => [...durations('ssf', '/scratch/ssf').get(call)!, ...durations('fpp', '/scratch/fpp').get(call)!].reduce((s, x) => s + x, 0);
    for (const x of a.calls) expect(total(c.call)).toBeGreaterThanOrEqual(total(x.call));
    expect(c.perCall!.green.n).toBe(g.length);
    expect(c.perCall!.red.n).toBe(r.length);
    expect(Math.abs(c.meanDur.green! - mean(g))).toBeLessThan(1e-12);
    expect(Math.abs(c.meanDur.red! - mean(r))).toBeLessThan(1e-12);
    const k = mean(g) / mean(r);
    const side = k >= 1 ? 'green' : 'red';
    const ratio = Number((k >= 1 ? k : 1 / k).toPrecision(3));
    const top = res.top.find((t) => t.kind === 'align')!;
    expect(top.text).toBe(a.text);
    expect(reportText(top.text)).toContain(`there ${c.call} takes ${ratio}× longer per call in ${side} (mean ${formatDuration(mean(g))} vs ${formatDuration(mean(r))}, per call q = `);
    expect(top.text).toMatch(/^like for like: \/scratch\/ssf in green and \/scratch\/fpp in red have the same calls \(.*\): rewrite both to \/scratch\/\{ssf\|fpp\}; there /);
    expect(res.top[0]).toBe(top); // nothing structural here: like for like leads
    expect(toCompareJson(res).alignments[0].label).toBe('/scratch/{ssf|fpp}');
  });

  it('applying the rewrites makes one activity per call, with the per-case test the alignment gave', () => {
    const a = res.alignments![0];
    const spec = { ...DEFAULT_MAPPING, rewrites: a.rewrites };
    const after = compare(log, spec, part);
    expect(after.alignments).toEqual([]);
    expect(after.applied).toEqual([{ label: '/scratch/{ssf|fpp}', patterns: ['/scratch/ssf', '/scratch/fpp'] }]);
    for (const c of a.calls) {
      const row = after.activities.find((x) => x.id === `${c.call}:/scratch/{ssf|fpp}`)!;
      expect(row.side).toBe('both');
      expect(row.tests.time!.u).toBe(c.test!.u);
      expect(row.tests.time!.p).toBe(c.test!.p);
      expect(row.perCall!.test.u).toBe(c.perCall!.test.u);
    }
  });

  it('no alignment where the calls differ or nothing is one-sided', () => {
    const rw = traceDirLogGz('src/analysis/compare/__fixtures__/rwapi/').log;
    expect(compare(rw, DEFAULT_MAPPING, resolvePartition(rw, 'cid:seek', 'cid:pos')).alignments).toEqual([]);
    expect(compare(rw, DEFAULT_MAPPING, resolvePartition(rw, 'cid:pos', 'cid:again')).alignments).toEqual([]);
  });

  it('labels', () => {
    expect(alignLabel('/scratch/ssf', '/scratch/fpp')).toBe('/scratch/{ssf|fpp}');
    expect(alignLabel('/run1/out', '/run2/out')).toBe('/{run1·out|run2·out}');
    expect(isAlignLabel('/scratch/{ssf|fpp}')).toBe(true);
    expect(isAlignLabel('$SCRATCH')).toBe(false);
  });
});
