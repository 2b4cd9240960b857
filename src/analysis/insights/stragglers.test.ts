/**
 * One straggler definition (docs/METHOD.md "Stragglers"): the phases table / `strace-dfg time` names the
 * cases above mean + σ per I/O phase, as numpy does on the per-case busy times; insight T07 applies the same
 * rule within each run (cid) and reports those stragglers whose lead is more than one call.
 */
import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../model';
import { IOR_LIKE } from '../../testing/iorLike';
import { PHASES_DIR } from '../../testing/phasesFixture';
import { referenceValues } from '../../testing/refdata';
import { traceDirLog } from '../../testing/traceDir';
import { compileMapping } from '../mapping';
import { phases } from '../time/phases';
import type { Phases } from '../time/types';
import { DEFAULT_MAPPING, RAW_MAPPING, type MappingSpec } from '../types';
import { runInsights } from './index';

/** Per phase, per case: Σ dur of its mapped events whose start lies in the phase, and the longest (recomputed plainly). */
function busyTimes(log: EventLog, pairAct: Int32Array, p: Phases): { cases: number[]; busy: number[]; longest: number[] }[] {
  return p.phases.map((ph, j) => {
    const next = j + 1 < p.phases.length ? p.phases[j + 1].start : Infinity;
    const cases: number[] = [];
    const busy: number[] = [];
    const longest: number[] = [];
    log.cases.forEach((_, k) => {
      let s = 0;
      let m = 0;
      let seen = false;
      for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
        const x = log.start[i] - p.t0;
        if (pairAct[log.pair[i]] < 0 || x < ph.start || x >= next) continue;
        seen = true;
        if (!Number.isNaN(log.dur[i])) {
          s += log.dur[i];
          m = Math.max(m, log.dur[i]);
        }
      }
      if (seen) {
        cases.push(k);
        busy.push(s);
        longest.push(m);
      }
    });
    return { cases, busy, longest };
  });
}

/** Mean, population σ and the indices above mean + σ (at least 3 values, σ > 0), plainly. */
function aboveOneSigma(v: number[]): { mean: number; idx: number[] } {
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length);
  return { mean, idx: v.length >= 3 && sd > 0 ? v.map((_, i) => i).filter((i) => v[i] > mean + sd) : [] };
}

const refs = referenceValues(import.meta.url);

/** numpy: mean, population σ and the indices above mean + 1 σ, per phase. */
function numpy(name: string, rows: number[][]): [number, number, number[]][] {
  return refs.get(name, 'tools/refdata/numpy_stragglers.py', { stdin: rows });
}

const FIXTURES: [string, string][] = [['ior-like', IOR_LIKE], ['phases', PHASES_DIR]];
const MAPPINGS: [string, MappingSpec][] = [['default', DEFAULT_MAPPING], ['raw', RAW_MAPPING]];

describe('stragglers: the time views and T07 agree', () => {
  for (const [name, dir] of FIXTURES) {
    for (const [mname, spec] of MAPPINGS) {
      it(`${name}, ${mname} mapping: the same cases per phase, and numpy's`, () => {
        const log = traceDirLog(dir);
        const m = compileMapping(log, spec);
        const p = phases(log, m);
        expect(p.phases.length).toBeGreaterThan(1);
        const label = (j: number): string => `I/O phase ${j + 1} of ${p.phases.length} `;
        const fromTime = p.phases.map((ph) => ph.stragglers.map((s) => s.id).sort());

        // T07 without its reporting gate and materiality: per run (cid) and phase, the stragglers of that run's
        // cases whose lead over the mean is more than their longest call
        const all = runInsights(log, { mapping: m, thresholds: { straggler_excess: 0, material_time: 0, material_share: 0 } }).findings.filter((f) => f.code === 'T07');
        const bt = busyTimes(log, m.pairAct, p);
        const cids = [...new Set(log.cases.map((c) => c.cid))];
        let named = 0;
        for (const cid of cids) {
          p.phases.forEach((_, j) => {
            const at = bt[j].cases.map((_, i) => i).filter((i) => log.cases[bt[j].cases[i]].cid === cid);
            const want = at.length < 3 ? [] : (() => {
              const { mean, idx } = aboveOneSigma(at.map((i) => bt[j].busy[i]));
              return idx.filter((x) => bt[j].busy[at[x]] - bt[j].longest[at[x]] > mean).map((x) => log.cases[bt[j].cases[at[x]]].id).sort();
            })();
            const f = all.find((x) => x.message.includes(label(j)) && x.run === (cids.length > 1 ? cid : null));
            expect((f?.cases.map((c) => c.name) ?? []).sort(), `${cid} ${label(j)}`).toEqual(want);
            named += want.length;
          });
        }
        expect(named).toBeGreaterThan(0);
        expect(fromTime.some((ids) => ids.length > 0)).toBe(true);

        // with the gate and materiality (default thresholds): a phase is reported or not, never with other cases
        for (const f of runInsights(log, { mapping: m }).findings.filter((x) => x.code === 'T07')) {
          const same = all.find((x) => x.message === f.message && x.run === f.run);
          expect(f.cases).toEqual(same?.cases);
        }

        // numpy on the plainly recomputed busy times: mean, σ, who is a straggler
        numpy(`${name}, ${mname} mapping`, bt.map((b) => b.busy)).forEach(([mean, std, idx], j) => {
          expect(p.phases[j].cases).toBe(bt[j].cases.length);
          expect(p.phases[j].mean).toBeCloseTo(mean, 12);
          expect(p.phases[j].std).toBeCloseTo(std, 12);
          expect(fromTime[j]).toEqual(idx.map((i) => log.cases[bt[j].cases[i]].id).sort());
          // one run: T07's numbers are the phase's
          const f = cids.length === 1 ? all.find((x) => x.message.includes(label(j))) : undefined;
          if (f) {
            expect(f.numbers.mean).toBeCloseTo(mean, 12);
            expect(f.numbers.sd).toBeCloseTo(std, 12);
            expect(f.numbers.cases).toBe(bt[j].cases.length);
          }
        });
      });
    }
  }

  it('ior-like, phase 1: ssf_jrc0401_0 and ssf_jrc0402_4 above mean + σ of all 16 ranks (`strace-dfg time`); T07 judges run ssf alone', () => {
    const log = traceDirLog(IOR_LIKE);
    const m = compileMapping(log, DEFAULT_MAPPING);
    expect(phases(log, m).phases[0].stragglers.map((s) => s.id)).toEqual(['ssf_jrc0401_0', 'ssf_jrc0402_4']);
    // the ssf and fpp runs loaded together: each finding of T07 is about one of them
    const t07 = runInsights(log, { mapping: m, thresholds: { material_time: 0, material_share: 0 } }).findings.filter((f) => f.code === 'T07');
    expect(t07.length).toBeGreaterThan(0);
    for (const f of t07) {
      expect(['ssf', 'fpp']).toContain(f.run);
      for (const c of f.cases) expect(c.name.startsWith(`${f.run}_`)).toBe(true);
    }
  });
});
