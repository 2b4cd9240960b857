import { describe, expect, it } from 'vitest';
import { buildIndex, caseColumn, nextUp } from '../concurrency';
import { LogIndex } from '../logIndex';
import { compileMapping } from '../mapping';
import { DEFAULT_MAPPING } from '../types';
import { prng, syntheticLog } from '../../testing/syntheticLog';
import type { EventLog } from '../../model';
import { sideConcurrency } from './sideMc';

/** Reference: per side and activity, +1/−1 endpoints of the side's own events sorted by (time, ends before
 * starts), a zero-length event as [s, nextUp(s)) (the sequence's rule, concurrency.ts). */
function sortedMc(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array): number[][] {
  const caseOf = new Uint32Array(log.n);
  for (let k = 0; k < log.cases.length; k++) caseOf.fill(k, log.caseOffsets[k], log.caseOffsets[k + 1]);
  return [1, 2].map((s) => {
    const pts: [number, number][][] = Array.from({ length: A }, () => []);
    for (let i = 0; i < log.n; i++) {
      const a = pairAct[log.pair[i]];
      if (a < 0 || side[caseOf[i]] !== s || Number.isNaN(log.dur[i])) continue;
      const t = log.start[i];
      pts[a].push([t, 1], [Math.max(t + log.dur[i], nextUp(t)), -1]);
    }
    return pts.map((p) => {
      p.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      let c = 0;
      let best = 0;
      for (const [, d] of p) best = Math.max(best, (c += d));
      return best;
    });
  });
}

/** Brute force: for every start of a side's event, the side's events of the activity active at it. */
function bruteMc(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array): number[][] {
  const caseOf = new Uint32Array(log.n);
  for (let k = 0; k < log.cases.length; k++) caseOf.fill(k, log.caseOffsets[k], log.caseOffsets[k + 1]);
  return [1, 2].map((s) => {
    const mc = new Array<number>(A).fill(0);
    const mine = (i: number): boolean => pairAct[log.pair[i]] >= 0 && side[caseOf[i]] === s && !Number.isNaN(log.dur[i]);
    for (let i = 0; i < log.n; i++) {
      if (!mine(i)) continue;
      const a = pairAct[log.pair[i]];
      const t = log.start[i];
      let c = 0;
      for (let j = 0; j < log.n; j++) {
        if (!mine(j) || pairAct[log.pair[j]] !== a) continue;
        const b = log.start[j];
        if (b === t || (b <= t && t < b + log.dur[j])) c++;
      }
      mc[a] = Math.max(mc[a], c);
    }
    return mc;
  });
}

/** A random log with ties, touching intervals, zero-length events, long calls (active across the middle of the
 * sequence: the two lanes' join) and unknown durations. */
function tiedLog(seed: number, events: number, cases: number): EventLog {
  const log = syntheticLog({ events, cases, pairs: 40, seed, unknownDur: 0.05 });
  const rnd = prng(seed);
  for (let i = 0; i < log.n; i++) {
    log.start[i] = Math.round(log.start[i] * 2e4) / 2e4;
    if (rnd() < 0.1) log.dur[i] = 0;
    else if (rnd() < 0.2) log.dur[i] = 5e-5;
    else if (rnd() < 0.05) log.dur[i] = 0.05;
  }
  for (let k = 0; k < log.cases.length; k++) for (let i = log.caseOffsets[k] + 1; i < log.caseOffsets[k + 1]; i++) if (log.start[i] < log.start[i - 1]) log.start[i] = log.start[i - 1];
  return log;
}

/** Sides 0 (neither), 1 (green), 2 (red) and 3 (not a side: left out like 0) at random. */
function randomSides(K: number, seed: number): Uint8Array {
  const rnd = prng(seed);
  return Uint8Array.from({ length: K }, () => Math.floor(rnd() * 4));
}

const arrays = (r: [Uint32Array, Uint32Array]): number[][] => r.map((x) => Array.from(x));

/** The time window [0.3, 0.6] of the run of `log`, through the log's LogIndex (its sequence derived from the log's). */
function windowOf(log: EventLog): LogIndex {
  const whole = new LogIndex(log);
  void whole.sequence;
  const { span, t0 } = whole.span;
  const win = whole.window({ from: 0.3 * span, to: 0.6 * span }, t0);
  expect(win.log.n).toBeLessThan(log.n);
  expect(win.log.n).toBeGreaterThan(0);
  return win;
}

describe('per-side mc (sideConcurrency)', () => {
  it('agrees with brute force on random logs (≤ 256 and > 256 cases, sequences of odd and even length)', () => {
    const lengths = new Set<number>();
    const columns = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const log = tiedLog(seed, 1200, seed % 2 ? 9 : 300);
      const idx = buildIndex(log);
      lengths.add(idx.seq.length % 2);
      columns.add(idx.caseOfEntry!.constructor.name);
      const side = randomSides(log.cases.length, seed + 100);
      for (const depth of [0, 2, 4]) {
        const m = compileMapping(log, { ...DEFAULT_MAPPING, depth });
        const A = m.activities.length;
        const want = bruteMc(log, m.pairAct, A, side);
        expect(want.flat().some((x) => x > 1)).toBe(true);
        expect(arrays(sideConcurrency(log, m.pairAct, A, side, idx))).toEqual(want);
        expect(arrays(sideConcurrency(log, m.pairAct, A, side))).toEqual(want); // its own index
      }
    }
    expect([...lengths].sort()).toEqual([0, 1]);
    expect([...columns].sort()).toEqual(['Uint16Array', 'Uint8Array']);
  });

  it('the case column built with the sequence: each start entry\'s case is its event\'s, each end entry\'s its start\'s', () => {
    const log = tiedLog(7, 3000, 12);
    const idx = buildIndex(log);
    const cases = idx.caseOfEntry!;
    expect(cases).toBeInstanceOf(Uint8Array);
    expect(cases.length).toBe(idx.seq.length);
    expect(caseColumn(idx)).toBe(cases);
    const caseOf = new Uint32Array(log.n);
    for (let k = 0; k < log.cases.length; k++) caseOf.fill(k, log.caseOffsets[k], log.caseOffsets[k + 1]);
    // reference start order: the timed events by (start, event index)
    const starts = Array.from({ length: log.n }, (_, i) => i).filter((i) => !Number.isNaN(log.dur[i])).sort((x, y) => log.start[x] - log.start[y] || x - y);
    let sc = 0;
    let ec = 0;
    for (let t = 0; t < idx.seq.length; t++) {
      const want = idx.seq[t] & 0x8000 ? caseOf[starts[idx.endRank[ec++]]] : caseOf[starts[sc++]];
      if (cases[t] !== want) expect(`entry ${t}: case ${cases[t]}`).toBe(`entry ${t}: case ${want}`);
    }
    expect(sc).toBe(starts.length);
    expect(new Set(cases).size).toBe(12);
    expect(() => caseColumn({ ...idx, caseOfEntry: undefined })).toThrow(/without its case column/);
  });

  it('a Uint32 sequence (≥ 32768 pairs) and Uint32 case columns (≥ 65,536 cases) give the sorted reference', () => {
    const wide = syntheticLog({ events: 60000, cases: 5, pairs: 40000, seed: 21 });
    const many = syntheticLog({ events: 140000, cases: 70000, pairs: 30, seed: 22 });
    for (const [log, seqType, caseType] of [[wide, Uint32Array, Uint8Array], [many, Uint16Array, Uint32Array]] as const) {
      const idx = buildIndex(log);
      expect(idx.seq).toBeInstanceOf(seqType);
      expect(idx.caseOfEntry).toBeInstanceOf(caseType);
      const m = compileMapping(log, { ...DEFAULT_MAPPING, depth: 1 });
      const A = m.activities.length;
      const side = randomSides(log.cases.length, 5);
      const want = sortedMc(log, m.pairAct, A, side);
      expect(want.flat().some((x) => x > 1)).toBe(true);
      expect(arrays(sideConcurrency(log, m.pairAct, A, side, idx))).toEqual(want);
      // a time window of it: the column made from the parent's = its log's built afresh
      const win = windowOf(log);
      const wm = compileMapping(win.log, { ...DEFAULT_MAPPING, depth: 1 });
      const ws = randomSides(win.log.cases.length, 6);
      const got = arrays(sideConcurrency(win.log, wm.pairAct, wm.activities.length, ws, win.sequence));
      expect(Array.from(win.sequence.caseOfEntry!)).toEqual(Array.from(buildIndex(win.log).caseOfEntry!));
      expect(got).toEqual(sortedMc(win.log, wm.pairAct, wm.activities.length, ws));
    }
  }, 60_000);

  it('a time window: its column is made at its first per-side sweep, kept, and equals the one of its log built afresh', () => {
    for (const cases of [10, 300]) {
      const win = windowOf(tiedLog(8, 4000, cases));
      const seq = win.sequence;
      expect(seq.caseOfEntry).toBeUndefined();
      const m = compileMapping(win.log, DEFAULT_MAPPING);
      const A = m.activities.length;
      const side = randomSides(win.log.cases.length, 9);
      const got = arrays(sideConcurrency(win.log, m.pairAct, A, side, seq));
      const column = seq.caseOfEntry!;
      expect(Array.from(column)).toEqual(Array.from(buildIndex(win.log).caseOfEntry!));
      expect(got).toEqual(bruteMc(win.log, m.pairAct, A, side));
      sideConcurrency(win.log, m.pairAct, A, side, seq);
      expect(seq.caseOfEntry).toBe(column); // kept
      // a window of the window: its column from its parent's, made first
      const inner = win.window({ from: 0.35 * win.span.span, to: 0.55 * win.span.span }, win.span.t0);
      expect(Array.from(caseColumn(inner.sequence))).toEqual(Array.from(buildIndex(inner.log).caseOfEntry!));
    }
  });
});
