import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../model';
import { phasesLog } from '../../testing/phasesFixture';
import { referenceValues } from '../../testing/refdata';
import { compileMapping, type CompiledMapping } from '../mapping';
import { syntheticLog } from '../../testing/syntheticLog';
import { tinyLog, type TinyEvent } from '../../testing/tinyLog';
import { DEFAULT_MAPPING } from '../types';
import { phaseBusy, phaseBusyOf, phases, phasesAndBusy } from './phases';
import { pairSelection } from './span';

/** Reference: sort all busy intervals, merge them, split where the union has a gap longer than `gap`. */
function referenceBounds(log: EventLog, m: CompiledMapping, gap: number): [number, number][] {
  let t0 = Infinity;
  const iv: [number, number][] = [];
  for (let i = 0; i < log.n; i++) t0 = Math.min(t0, log.start[i]);
  for (let i = 0; i < log.n; i++) {
    if (m.pairAct[log.pair[i]] < 0) continue;
    const s = log.start[i] - t0;
    const d = log.dur[i];
    iv.push([s, d > 0 ? s + d : s]);
  }
  iv.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let cur: [number, number] | null = null;
  for (const [s, e] of iv) {
    if (cur !== null && s - cur[1] <= gap) cur[1] = Math.max(cur[1], e);
    else {
      if (cur !== null) out.push(cur);
      cur = [s, e];
    }
  }
  if (cur !== null) out.push(cur);
  return out;
}

const ev = (s: number, d: number): TinyEvent => ['write', '/d/f', s, d, 10];

describe('phases', () => {
  it('splits at gaps of the union longer than max(minGap, fraction × span), wherever the cells fall', () => {
    // union: [0, 2.5] (overlapping events of two cases), gap 1.5, [4, 5], gap 0.5 (too short), [5.5, 10]
    const log = tinyLog([
      { file: 'a_h_1.st', events: [ev(100, 2), ev(104, 1), ev(105.5, 0.5), ev(109, 1)] },
      { file: 'a_h_2.st', events: [ev(101, 1.5), ev(106, 3)] },
    ]);
    const m = compileMapping(log, DEFAULT_MAPPING);
    const p = phases(log, m, { minGap: 1, gapFraction: 0 });
    expect(p.gap).toBe(1);
    expect(p.phases.map((x) => [x.start, x.end])).toEqual([
      [0, 2.5],
      [4, 10],
    ]);
    expect(p.phases.map((x) => x.events)).toEqual([2, 4]);
    // the gap threshold is relative to the run when that is larger: 20 % of 10 s = 2 s > 1.5 s
    expect(phases(log, m, { minGap: 1, gapFraction: 0.2 }).phases).toHaveLength(1);
    // a gap exactly as long as the threshold does not split
    expect(phases(log, m, { minGap: 1.5, gapFraction: 0 }).phases).toHaveLength(1);
  });

  it('matches a sort-and-merge reference on random logs', () => {
    let split = 0;
    for (const seed of [1, 2, 3, 4]) {
      const log = syntheticLog({ events: 3000, cases: 5, pairs: 30, seed, unknownDur: 0.1 });
      const m = compileMapping(log, DEFAULT_MAPPING);
      // gaps of the synthetic log are short: pick thresholds around its typical inter-event gap
      for (const minGap of [0.0005, 0.002, 0.01]) {
        const p = phases(log, m, { minGap, gapFraction: 0 });
        const ref = referenceBounds(log, m, minGap);
        expect(p.phases.map((x) => [x.start, x.end])).toEqual(ref);
        if (ref.length > 1) split++;
        expect(p.phases.reduce((s, x) => s + x.events, 0)).toBe(Array.from(log.pair).filter((q) => m.pairAct[q] >= 0).length);
      }
    }
    expect(split).toBeGreaterThan(4);
  });

  it('flags the cases above mean + 1 σ of their phase', () => {
    // phase 1: busy 1, 1, 1, 5 → mean 2, σ √3 ≈ 1.73: case 4 (5 > 3.73); phase 2: all equal, none
    const cases = [1, 1, 1, 5].map((d, k) => ({ file: `r_h_${k}.st`, events: [ev(0, d), ev(100, 1)] }));
    const log = tinyLog(cases);
    const p = phases(log, compileMapping(log, DEFAULT_MAPPING));
    expect(p.phases).toHaveLength(2);
    expect(p.phases[0].mean).toBe(2);
    expect(p.phases[0].std).toBeCloseTo(Math.sqrt(3), 12);
    expect(p.phases[0].stragglers.map((s) => [s.id, s.rid, s.busy])).toEqual([['r_h_3', '3', 5]]);
    expect(p.phases[0].stragglers[0].z).toBeCloseTo(3 / Math.sqrt(3), 12);
    expect(p.phases[1].stragglers).toEqual([]);
  });

  it('phaseBusyOf gives the busy times phases() counted for the same selection, the same as phaseBusy counts them', () => {
    const log = phasesLog();
    const m = compileMapping(log, DEFAULT_MAPPING);
    const p = phases(log, m);
    const starts = p.phases.map((x) => x.start);
    const fresh = phaseBusy(log, pairSelection(m.pairAct, m.activities, null), p.t0, starts);
    const a = phaseBusyOf(log, m, p);
    expect(a).toEqual(fresh);
    // counted once, with the phases (what insight T07 reads: phasesAndBusy)
    const both = phasesAndBusy(log, m);
    expect(both.phases).toEqual(p);
    expect(both.busy).toEqual(a);
    // another selection of activities is counted for itself
    const writes = m.activities.filter((x) => x.startsWith('write:'));
    const w = phaseBusyOf(log, m, p, writes);
    expect(w).not.toBe(a);
    expect(w).toEqual(phaseBusy(log, pairSelection(m.pairAct, m.activities, writes), p.t0, starts));
    expect(Array.from(w.events).reduce((x, y) => x + y, 0)).toBeLessThan(Array.from(a.events).reduce((x, y) => x + y, 0));
  });

  it('on the phases fixture: start-up, write and read phase; rank 3 lags in the write phase, rank 1 in the read phase', () => {
    const log = phasesLog();
    const m = compileMapping(log, DEFAULT_MAPPING);
    const p = phases(log, m);
    expect(p.phases).toHaveLength(3);
    const [startup, write, read] = p.phases;
    for (const ph of p.phases) expect(ph.cases).toBe(6);
    // the write phase moves 5 × 2 MiB + 4 MiB, the read phase 5 × 2 MiB + 4 × 2 MiB
    expect(write.bytes).toBe(14 * 2 ** 20);
    expect(read.bytes).toBe(18 * 2 ** 20);
    expect(startup.bytes).toBeLessThan(2 ** 20);
    // the ranks start the write phase together 0.5 s after the start-up and the read phase 1 s after that
    expect(write.start - startup.start).toBeGreaterThan(0.2);
    expect(read.start - write.start).toBeCloseTo(1, 1);
    expect(write.stragglers.map((s) => s.rid)).toEqual(['3']);
    expect(read.stragglers.map((s) => s.rid)).toEqual(['1']);

    // cross-check mean, σ and the straggler rule with numpy on the per-case busy times of each phase
    const t0 = p.t0;
    const perPhase = p.phases.map((ph, j) => {
      const next = j + 1 < p.phases.length ? p.phases[j + 1].start : Infinity;
      return log.cases.map((_, k) => {
        let s = 0;
        for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
          const x = log.start[i] - t0;
          if (m.pairAct[log.pair[i]] >= 0 && x >= ph.start && x < next && !Number.isNaN(log.dur[i])) s += log.dur[i];
        }
        return s;
      });
    });
    const rows = referenceValues(import.meta.url).get<[number, number, number[]][]>('per-phase busy times', 'tools/refdata/numpy_stragglers.py', { stdin: perPhase });
    rows.forEach(([mean, std, idx], j) => {
      expect(p.phases[j].mean).toBeCloseTo(mean, 12);
      expect(p.phases[j].std).toBeCloseTo(std, 12);
      expect(p.phases[j].stragglers.map((s) => s.case).sort()).toEqual(idx);
    });
  });
});
