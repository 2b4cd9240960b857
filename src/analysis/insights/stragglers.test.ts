/**
 * One straggler definition (docs/METHOD.md "Stragglers"): the phases table / `strace-dfg time` and insight
 * T07 name the same cases per I/O phase, and both agree with numpy on the per-case busy times.
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

/** Per phase, per case: Σ dur of its mapped events whose start lies in the phase (recomputed plainly). */
function busyTimes(log: EventLog, pairAct: Int32Array, p: Phases): { cases: number[]; busy: number[] }[] {
  return p.phases.map((ph, j) => {
    const next = j + 1 < p.phases.length ? p.phases[j + 1].start : Infinity;
    const cases: number[] = [];
    const busy: number[] = [];
    log.cases.forEach((_, k) => {
      let s = 0;
      let seen = false;
      for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
        const x = log.start[i] - p.t0;
        if (pairAct[log.pair[i]] < 0 || x < ph.start || x >= next) continue;
        seen = true;
        if (!Number.isNaN(log.dur[i])) s += log.dur[i];
      }
      if (seen) {
        cases.push(k);
        busy.push(s);
      }
    });
    return { cases, busy };
  });
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

        // T07 without its reporting gate: a finding for every phase with stragglers, naming them
        const all = runInsights(log, { mapping: m, thresholds: { straggler_excess: 0 } }).findings.filter((f) => f.code === 'T07');
        const fromT07 = p.phases.map((_, j) => (all.find((f) => f.message.includes(label(j)))?.cases.map((c) => c.name) ?? []).sort());
        expect(fromT07).toEqual(fromTime);
        expect(fromTime.some((ids) => ids.length > 0)).toBe(true);

        // with the gate (default thresholds): a phase is reported or not, but never with other cases
        const gated = runInsights(log, { mapping: m }).findings.filter((f) => f.code === 'T07');
        expect(gated.length).toBeGreaterThan(0);
        for (const f of gated) {
          const j = p.phases.findIndex((_, i) => f.message.includes(label(i)));
          expect(f.cases.map((c) => c.name).sort()).toEqual(fromTime[j]);
          expect(f.details.length).toBe(fromTime[j].length);
        }

        // numpy on the plainly recomputed busy times: mean, σ, who is a straggler
        const bt = busyTimes(log, m.pairAct, p);
        numpy(`${name}, ${mname} mapping`, bt.map((b) => b.busy)).forEach(([mean, std, idx], j) => {
          expect(p.phases[j].cases).toBe(bt[j].cases.length);
          expect(p.phases[j].mean).toBeCloseTo(mean, 12);
          expect(p.phases[j].std).toBeCloseTo(std, 12);
          expect(fromTime[j]).toEqual(idx.map((i) => log.cases[bt[j].cases[i]].id).sort());
          const f = all.find((x) => x.message.includes(label(j)));
          if (f) {
            expect(f.numbers.mean).toBeCloseTo(mean, 12);
            expect(f.numbers.sd).toBeCloseTo(std, 12);
            expect(f.numbers.cases).toBe(bt[j].cases.length);
          }
        });
      });
    }
  }

  it('ior-like, phase 1: ssf_jrc0401_0 and ssf_jrc0402_4 (default mapping, as `strace-dfg time` and `insights` print)', () => {
    const log = traceDirLog(IOR_LIKE);
    const m = compileMapping(log, DEFAULT_MAPPING);
    const t07 = runInsights(log, { mapping: m }).findings.find((f) => f.code === 'T07' && f.message.includes('I/O phase 1 of 2'));
    expect(t07?.cases.map((c) => c.name)).toEqual(['ssf_jrc0401_0', 'ssf_jrc0402_4']);
    expect(phases(log, m).phases[0].stragglers.map((s) => s.id)).toEqual(['ssf_jrc0401_0', 'ssf_jrc0402_4']);
  });
});
