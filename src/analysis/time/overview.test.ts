import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../model';
import { phasesLog } from '../../testing/phasesFixture';
import { compileMapping, type CompiledMapping } from '../mapping';
import { syntheticLog } from '../../testing/syntheticLog';
import { tinyLog } from '../../testing/tinyLog';
import { DEFAULT_MAPPING } from '../types';
import { overview } from './overview';
import { runSpan } from './span';
import type { OverviewMetric } from './types';

/** Per-bin reference: for every counted event and every bin, the overlap of [s, s+d) with the bin (naive). */
function reference(log: EventLog, m: CompiledMapping, metric: OverviewMetric, bins: number): number[][] {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (let i = 0; i < log.n; i++) {
    t0 = Math.min(t0, log.start[i]);
    const d = log.dur[i];
    t1 = Math.max(t1, Number.isNaN(d) ? log.start[i] : log.start[i] + d);
  }
  const w = (t1 - t0) / bins;
  const cells = log.cases.map(() => new Array<number>(bins).fill(0));
  for (let k = 0; k < log.cases.length; k++) {
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      if (m.pairAct[log.pair[i]] < 0) continue;
      const s = log.start[i] - t0;
      const d = Number.isNaN(log.dur[i]) ? 0 : log.dur[i];
      const z = Number.isNaN(log.size[i]) ? 0 : log.size[i];
      const startBin = Math.min(bins - 1, Math.floor(s / w));
      if (metric === 'calls') {
        cells[k][startBin]++;
        continue;
      }
      if (d === 0) {
        cells[k][startBin] += metric === 'busy' ? 0 : z;
        continue;
      }
      for (let j = 0; j < bins; j++) {
        const lo = j * w;
        const hi = j === bins - 1 ? Infinity : (j + 1) * w;
        const part = Math.max(0, Math.min(hi, s + d) - Math.max(lo, s));
        cells[k][j] += metric === 'busy' ? part : (z * part) / d;
      }
    }
  }
  return cells;
}

describe('overview', () => {
  it('splits an event across bins exactly and keeps marginal sums', () => {
    // run 0..10 s, 10 bins of 1 s: a 2.5 s write of 500 bytes from 1.5 s covers bins 1 (0.5), 2 (1), 3 (1)
    const log = tinyLog([
      { file: 'a_h_1.st', events: [['write', '/d/f', 1001.5, 2.5, 500], ['read', '/d/f', 1009, 1, 10]] },
      { file: 'a_h_2.st', events: [['openat', '/d/f', 1000, 0.25, NaN], ['close', '/d/f', 1005, NaN, NaN]] },
    ]);
    const m = compileMapping(log, DEFAULT_MAPPING);
    const busy = overview(log, m, { metric: 'busy', bins: 10 });
    expect(busy.t0).toBe(1000);
    expect(busy.span).toBe(10);
    expect(busy.width).toBe(1);
    expect(Array.from(busy.cells.subarray(0, 10))).toEqual([0, 0.5, 1, 1, 0, 0, 0, 0, 0, 1]);
    expect(Array.from(busy.cells.subarray(10, 20))).toEqual([0.25, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(busy.rowSum)).toEqual([3.5, 0.25]);
    expect(Array.from(busy.binSum)).toEqual([0.25, 0.5, 1, 1, 0, 0, 0, 0, 0, 1]);
    expect(busy.max).toBe(1);
    const bytes = overview(log, m, { metric: 'bytes', bins: 10 });
    expect(Array.from(bytes.cells.subarray(0, 10))).toEqual([0, 100, 200, 200, 0, 0, 0, 0, 0, 10]);
    expect(Array.from(bytes.bandwidth)).toEqual([0, 100, 200, 200, 0, 0, 0, 0, 0, 10]);
    const calls = overview(log, m, { metric: 'calls', bins: 10 });
    expect(Array.from(calls.cells.subarray(0, 10))).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(Array.from(calls.cells.subarray(10, 20))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(Array.from(calls.ops)).toEqual([1, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(calls.events).toBe(4);
  });

  it('matches a naive per-bin reference on a random log, for every metric', () => {
    const log = syntheticLog({ events: 4000, cases: 7, pairs: 40, seed: 3, unknownDur: 0.05 });
    const m = compileMapping(log, DEFAULT_MAPPING);
    for (const metric of ['busy', 'bytes', 'calls'] as const) {
      const o = overview(log, m, { metric, bins: 37 });
      const ref = reference(log, m, metric, 37);
      expect(o.rows).toBe(7);
      for (let k = 0; k < 7; k++) {
        // relative: the bytes of a call are split over its bins by time differences of large starts (rounding)
        for (let j = 0; j < 37; j++) expect(Math.abs(o.cells[k * 37 + j] - ref[k][j])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(ref[k][j])));
      }
    }
  });

  it('selects activities, splits rows by pid, orders green then red, aligns cases', () => {
    const log = tinyLog([
      { file: 'a_h_1.st', events: [['read', '/x/f', 10, 1, 5, 7], ['write', '/y/g', 11, 1, 5, 8], ['read', '/x/f', 12, 1, 5, 7]] },
      { file: 'b_h_2.st', events: [['read', '/x/f', 14, 1, 5, 9]] },
      { file: 'c_h_3.st', events: [['write', '/y/g', 16, 4, 5, 9]] },
    ]);
    const m = compileMapping(log, DEFAULT_MAPPING);
    const o = overview(log, m, { metric: 'calls', bins: 10, activities: ['read:/x/f'], byPid: true, side: Uint8Array.from([2, 1, 0]) });
    // rows: b (green) pid 9, then a (red) pids 7 and 8, then c (none) pid 9
    expect(Array.from(o.rowCase)).toEqual([1, 0, 0, 2]);
    expect(Array.from(o.rowPid)).toEqual([9, 7, 8, 9]);
    expect(Array.from(o.rowSide)).toEqual([1, 2, 2, 0]);
    expect(Array.from(o.rowSum)).toEqual([1, 2, 0, 0]);
    expect(o.events).toBe(3);
    const al = overview(log, m, { metric: 'busy', bins: 4, align: true });
    // each case on its own clock: the longest case (a: 10 … 13, c: 16 … 20) lasts 4 s
    expect(al.span).toBe(4);
    expect(Array.from(al.rowStart)).toEqual([0, 4, 6]);
    expect(Array.from(al.cells)).toEqual([1, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('on the phases fixture: per rank, the busy row sum is the Σ dur of its mapped events', () => {
    const log = phasesLog();
    const m = compileMapping(log, DEFAULT_MAPPING);
    const o = overview(log, m, { metric: 'busy' });
    expect(o.rows).toBe(6);
    expect(o.bins).toBe(200);
    expect(o.span).toBeCloseTo(runSpan(log).span, 12);
    for (let k = 0; k < 6; k++) {
      let s = 0;
      for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) if (m.pairAct[log.pair[i]] >= 0 && !Number.isNaN(log.dur[i])) s += log.dur[i];
      expect(o.rowSum[k]).toBeCloseTo(s, 9);
    }
    // the pauses between start-up, write and read phase hold no mapped I/O: most bins are empty
    const empty = Array.from(o.binSum).filter((v) => v === 0).length;
    expect(empty).toBeGreaterThan(150);
  });
});

describe('overview rows per pid', () => {
  it('keeps one row per pid in order of appearance with many pids in a case', () => {
    // 40 pids interleaved: the row lookup switches from a linear search to a Map past 16 rows
    const events = Array.from({ length: 400 }, (_, i): [string, string, number, number, number, number] => ['read', '/d/f', i, 0.5, 1, 1000 + ((i * 7) % 40)]);
    const log = tinyLog([{ file: 'm_h_1.st', events }]);
    const o = overview(log, compileMapping(log, DEFAULT_MAPPING), { metric: 'calls', bins: 4, byPid: true });
    expect(o.rows).toBe(40);
    const firstSeen = [...new Set(events.map((e) => e[5]))];
    expect(Array.from(o.rowPid)).toEqual(firstSeen);
    expect(Array.from(o.rowSum)).toEqual(new Array(40).fill(10));
  });
});
