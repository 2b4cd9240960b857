import { describe, expect, it } from 'vitest';
import { concurrencySequence, maxConcurrency, nextUp } from './concurrency';
import { LogIndex } from './logIndex';

import { compileMapping } from './mapping';
import { prng, syntheticLog } from '../testing/syntheticLog';
import { tinyLog, type TinyEvent } from '../testing/tinyLog';
import { DEFAULT_MAPPING } from './types';
import { mergeLogs, validate, type EventLog } from '../model';

/** Reference orders by a plain comparison sort (ties: event order = case order, then position). */
const endKeyRef = (log: EventLog, i: number): number => (Number.isNaN(log.dur[i]) ? Infinity : Math.max(log.start[i] + log.dur[i], nextUp(log.start[i])));
const startOrder = (log: EventLog): number[] => Array.from({ length: log.n }, (_, i) => i).sort((x, y) => log.start[x] - log.start[y] || x - y);
const endOrder = (log: EventLog): number[] => Array.from({ length: log.n }, (_, i) => i).sort((x, y) => endKeyRef(log, x) - endKeyRef(log, y) || x - y);


/** mc of the single activity read:/f of a log whose cases hold [start, dur] intervals. */
function mcOf(...cases: [number, number][][]): number {
  const log = tinyLog(cases.map((iv, k) => ({ file: `c${k}.st`, events: iv.map(([s, d]): TinyEvent => ['read', '/f', s, d, 1]) })));
  const m = compileMapping(log, DEFAULT_MAPPING);
  return maxConcurrency(log, m.pairAct, m.activities.length)[0];
}

/** Brute force: for every instant that matters (each start), count the events active at it. */
function bruteMc(log: EventLog, pairAct: Int32Array, A: number): number[] {
  const mc = new Array<number>(A).fill(0);
  for (let i = 0; i < log.n; i++) {
    const a = pairAct[log.pair[i]];
    if (a < 0 || Number.isNaN(log.dur[i])) continue;
    const t = log.start[i];
    let c = 0;
    for (let j = 0; j < log.n; j++) {
      if (pairAct[log.pair[j]] !== a || Number.isNaN(log.dur[j])) continue;
      const s = log.start[j];
      const e = s + log.dur[j];
      if (s === t || (s <= t && t < e)) c++;
    }
    mc[a] = Math.max(mc[a], c);
  }
  return mc;
}

describe('max concurrency', () => {
  it('touching intervals [0,1) and [1,2) → 1', () => {
    expect(mcOf([[0, 1]], [[1, 1]])).toBe(1);
    expect(mcOf([[0, 1], [1, 1]])).toBe(1);
  });
  it('two zero-length events at the same t → 2', () => {
    expect(mcOf([[5, 0]], [[5, 0]])).toBe(2);
    expect(mcOf([[5, 0], [5, 0]])).toBe(2);
  });
  it('a zero-length event at t inside [t0,t1) → 2, at t1 → 1, at t0 → 2', () => {
    expect(mcOf([[0, 2]], [[1, 0]])).toBe(2);
    expect(mcOf([[0, 2]], [[2, 0]])).toBe(1);
    expect(mcOf([[0, 2]], [[0, 0]])).toBe(2);
    expect(mcOf([[1, 0]], [[0, 2]])).toBe(2);
  });
  it('nested and staggered intervals across cases', () => {
    expect(mcOf([[0, 10]], [[1, 1], [3, 1]], [[2, 5]], [[2.5, 0]])).toBe(3);
    expect(mcOf([[0, 10]], [[1, 1], [3, 1]], [[2, 5]], [[3, 0]])).toBe(4);
    expect(mcOf([[0, 1]], [[0.5, 1]], [[1.2, 1]])).toBe(2);
  });
  it('events with unknown dur are left out; activities without durations get 0', () => {
    expect(mcOf([[0, 2]], [[1, NaN]])).toBe(1);
    expect(mcOf([[0, NaN]])).toBe(0);
  });
  it('a positive dur too small to move an epoch start still counts at its own instant only', () => {
    const t = 1.7e9;
    expect(t + 1e-8).toBe(t);
    expect(mcOf([[t, 1e-8]], [[t, 1e-8]])).toBe(2);
    expect(mcOf([[t, 1e-8]], [[nextUp(t), 1]])).toBe(1);
  });
  it('nextUp gives the next double', () => {
    expect(nextUp(1)).toBe(1 + Number.EPSILON);
    expect(nextUp(0)).toBe(Number.MIN_VALUE);
    expect(nextUp(-1)).toBeGreaterThan(-1);
    expect(nextUp(-1)).toBe(-1 + Number.EPSILON / 2);
    expect(nextUp(2 ** 53 - 2)).toBe(2 ** 53 - 1);
    expect(nextUp(1 + (2 ** 32 - 1) * 2 ** -52)).toBe(1 + 2 ** 32 * 2 ** -52); // carry from the low word
  });
  it('agrees with brute force on random logs (overlaps, zero-length events, unknown durs)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const log = syntheticLog({ events: 1500, cases: 7, pairs: 40, seed, unknownDur: 0.05 });
      // quantize starts so that ties and touching intervals occur
      const rnd = prng(seed);
      for (let i = 0; i < log.n; i++) {
        log.start[i] = Math.round(log.start[i] * 2e4) / 2e4;
        if (rnd() < 0.1) log.dur[i] = 0;
        else if (rnd() < 0.2) log.dur[i] = 5e-5;
      }
      for (let k = 0; k < log.cases.length; k++) {
        const a = log.caseOffsets[k];
        const b = log.caseOffsets[k + 1];
        for (let i = a + 1; i < b; i++) if (log.start[i] < log.start[i - 1]) log.start[i] = log.start[i - 1];
      }
      for (const depth of [0, 2, 4]) {
        const m = compileMapping(log, { ...DEFAULT_MAPPING, depth });
        const got = Array.from(maxConcurrency(log, m.pairAct, m.activities.length));
        expect(got).toEqual(bruteMc(log, m.pairAct, m.activities.length));
      }
    }
  });
  it('start and end orders are sorted permutations; the sequence holds 2 entries per timed event at most', () => {
    const log = syntheticLog({ events: 5000, cases: 13, pairs: 50, seed: 9, unknownDur: 0.1 });
    const so = startOrder(log);
    const eo = endOrder(log);
    expect(new Set(so).size).toBe(log.n);
    expect(new Set(eo).size).toBe(log.n);
    for (let j = 1; j < log.n; j++) {
      expect(log.start[so[j]]).toBeGreaterThanOrEqual(log.start[so[j - 1]]);
      if (log.start[so[j]] === log.start[so[j - 1]]) expect(so[j]).toBeGreaterThan(so[j - 1]);
    }
    const end = (i: number) => (Number.isNaN(log.dur[i]) ? Infinity : Math.max(log.start[i] + log.dur[i], nextUp(log.start[i])));
    for (let j = 1; j < log.n; j++) expect(end(eo[j])).toBeGreaterThanOrEqual(end(eo[j - 1]));
    const timed = Array.from(log.dur).filter((d) => !Number.isNaN(d)).length;
    const seq = concurrencySequence(log);
    expect(seq.length).toBeGreaterThanOrEqual(timed);
    expect(seq.length).toBeLessThanOrEqual(2 * timed);
    const ix = new LogIndex(log);
    expect(ix.sequence).toBe(ix.sequence); // built once per log (its LogIndex)
    expect(Array.from(ix.sequence.seq)).toEqual(Array.from(seq));
  });
  it('the radix sort gives exactly the sequence of sorting all starts, all ends, then interleaving', () => {
    // the reference sequence of a log: starts in start order, each preceded by the ends with key ≤ its start
    const reference = (log: EventLog): number[] => {
      const so = startOrder(log);
      const eo = endOrder(log);
      const ref: number[] = [];
      let je = 0;
      for (const i of so) {
        if (Number.isNaN(log.dur[i])) continue;
        while (je < log.n && endKeyRef(log, eo[je]) <= log.start[i]) ref.push(log.pair[eo[je++]] | 0x8000);
        ref.push(log.pair[i]);
      }
      return ref;
    };
    // many entries within one radix step (< 1 µs apart, and equal): the exact keys decide, ties in event order
    const dense = syntheticLog({ events: 3000, cases: 7, pairs: 20, seed: 5, unknownDur: 0.05 });
    for (let k = 0; k < dense.cases.length; k++) {
      for (let i = dense.caseOffsets[k]; i < dense.caseOffsets[k + 1]; i++) {
        const j = i - dense.caseOffsets[k];
        dense.start[i] = 1700000000 + Math.floor(j / 100) * 1e-3 + (j % 100 < 60 ? 0 : (j % 100) * 3e-9);
        if (!Number.isNaN(dense.dur[i])) dense.dur[i] = j % 5 === 0 ? 0 : (j % 7) * 1e-7;
      }
    }
    expect(Array.from(concurrencySequence(dense))).toEqual(reference(dense));
    // a run of 3 hours: a coarser radix step than 1 µs
    const long = syntheticLog({ events: 3000, cases: 5, pairs: 20, seed: 6, unknownDur: 0 });
    for (let i = 0; i < long.n; i++) long.start[i] = 1e9 + (i % 600) * 18 + (i % 3) * 1e-6;
    for (let k = 0; k < long.cases.length; k++) {
      for (let i = long.caseOffsets[k] + 1; i < long.caseOffsets[k + 1]; i++) if (long.start[i] < long.start[i - 1]) long.start[i] = long.start[i - 1];
    }
    expect(Array.from(concurrencySequence(long))).toEqual(reference(long));
    const m = compileMapping(long, DEFAULT_MAPPING);
    expect(Array.from(maxConcurrency(long, m.pairAct, m.activities.length))).toEqual(bruteMc(long, m.pairAct, m.activities.length));
    for (const seed of [3, 11, 12]) {
      const log = syntheticLog({ events: 4000, cases: seed, pairs: 30, seed, unknownDur: 0.08 });
      const rnd = prng(seed);
      for (let i = 0; i < log.n; i++) {
        log.start[i] = Math.round(log.start[i] * 1e4) / 1e4; // ties across cases
        if (rnd() < 0.1) log.dur[i] = 0;
      }
      for (let k = 0; k < log.cases.length; k++) {
        for (let i = log.caseOffsets[k] + 1; i < log.caseOffsets[k + 1]; i++) if (log.start[i] < log.start[i - 1]) log.start[i] = log.start[i - 1];
      }
      expect(Array.from(concurrencySequence(log))).toEqual(reference(log));
    }
  });
});

describe('end order of far-from-sorted cases', () => {
  it('nested intervals (ends in reverse order) stay exact', () => {
    const m = 300;
    const nested: [number, number][] = [];
    for (let i = 0; i < m; i++) nested.push([i, 2 * (m - i)]); // [i, 2m − i): all nested, ends reversed
    const log = tinyLog([
      { file: 'n.st', events: nested.map(([s, d]): TinyEvent => ['read', '/f', s, d, 1]) },
      { file: 'o.st', events: [['read', '/f', m - 1, 0, 1], ['read', '/f', 2 * m - 5, 0, 1], ['read', '/f', 2 * m, 0, 1]] },
    ]);
    const eo = endOrder(log);
    const end = (i: number) => Math.max(log.start[i] + log.dur[i], nextUp(log.start[i]));
    for (let j = 1; j < log.n; j++) expect(end(eo[j])).toBeGreaterThanOrEqual(end(eo[j - 1]));
    const mm = compileMapping(log, DEFAULT_MAPPING);
    const got = Array.from(maxConcurrency(log, mm.pairAct, mm.activities.length));
    expect(got).toEqual([m + 1]); // at t = m − 1 all m nested intervals are active (the shortest ends at m + 1), plus the zero-length event at m − 1
    expect(got).toEqual(bruteMc(log, mm.pairAct, mm.activities.length));
  });
});

describe('logs with ≥ 32768 distinct pairs', () => {
  it('use a Uint32 sequence and give the same mc as a sort-based reference', () => {
    const log = syntheticLog({ events: 60000, cases: 5, pairs: 40000, seed: 21 });
    expect(log.pairCall.length).toBeGreaterThanOrEqual(0x8000);
    const seq = concurrencySequence(log);
    expect(seq).toBeInstanceOf(Uint32Array);
    const m = compileMapping(log, { ...DEFAULT_MAPPING, depth: 1 });
    const A = m.activities.length;
    // reference: per activity, +1/−1 endpoints sorted by (time, ends before starts), zero-length = [s, nextUp(s))
    const pts: [number, number, number][][] = Array.from({ length: A }, () => []);
    for (let i = 0; i < log.n; i++) {
      const a = m.pairAct[log.pair[i]];
      if (a < 0 || Number.isNaN(log.dur[i])) continue;
      const s = log.start[i];
      pts[a].push([s, 1, i], [Math.max(s + log.dur[i], nextUp(s)), -1, i]);
    }
    const ref = pts.map((p) => {
      p.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      let c = 0;
      let best = 0;
      for (const [, d] of p) best = Math.max(best, (c += d));
      return best;
    });
    expect(Array.from(maxConcurrency(log, m.pairAct, A))).toEqual(ref);
    expect(Math.max(...ref)).toBeGreaterThan(1);
  });
  it('small logs use a Uint16 sequence', () => {
    expect(concurrencySequence(syntheticLog({ events: 100, cases: 2, pairs: 10, seed: 1 }))).toBeInstanceOf(Uint16Array);
  });
});

describe('run-compressed sweeps (from the second sweep of a log on)', () => {
  it('give the plain sweep\'s mc on every mapping, runs of one pair long or short', () => {
    // copies of one log: the copies of an event are adjacent in the sequence (runs of one pair)
    const one = syntheticLog({ events: 3000, cases: 4, pairs: 40, seed: 5 });
    const log = mergeLogs(Array.from({ length: 12 }, () => one));
    const specs = [DEFAULT_MAPPING, { ...DEFAULT_MAPPING, depth: 0 }, { ...DEFAULT_MAPPING, depth: 1 }, DEFAULT_MAPPING];
    const idx = new LogIndex(log).sequence; // one index: the sweeps after the first are run-compressed
    for (const spec of specs) {
      const m = compileMapping(log, spec);
      expect(Array.from(maxConcurrency(log, m.pairAct, m.activities.length, idx))).toEqual(bruteMc(log, m.pairAct, m.activities.length));
    }
    expect(idx.runs).toBeInstanceOf(Int32Array);
    // ~17-26 s alone (brute-force reference); over 30 s under load on the shared 2-core machine
  }, 120_000);
  it('split weights beyond 32767 (one pair, 40000 events at one instant)', () => {
    const events: TinyEvent[] = [];
    for (let i = 0; i < 40000; i++) events.push(['read', '/f', 1, 2, 1]);
    events.push(['read', '/f', 2.5, 1, 1], ['read', '/g', 2.5, 0, 1]);
    const log = tinyLog([{ file: 'a.st', events }]);
    const m = compileMapping(log, { ...DEFAULT_MAPPING, depth: 0 });
    const idx = new LogIndex(log).sequence;
    const first = Array.from(maxConcurrency(log, m.pairAct, m.activities.length, idx));
    expect(first).toEqual([40001, 1]);
    expect(Array.from(maxConcurrency(log, m.pairAct, m.activities.length, idx))).toEqual(first);
    expect(idx.runs).toBeInstanceOf(Int32Array);
    const one = compileMapping(log, { ...DEFAULT_MAPPING, depth: 0, rewrites: [{ kind: 'regex', pattern: '^/g$', label: '/f' }] });
    expect(Array.from(maxConcurrency(log, one.pairAct, one.activities.length, idx))).toEqual([40002]); // at 2.5: the 40000 events of [1, 3), /f and the zero-length /g
  });
});

describe('syntheticLog', () => {
  it('has exactly the requested numbers of events, cases and distinct pairs, and is valid', () => {
    const log = syntheticLog({ events: 5003, cases: 7, pairs: 3001, seed: 2 });
    expect([log.n, log.cases.length, log.pairCall.length]).toEqual([5003, 7, 3001]);
    expect(() => validate(log)).not.toThrow();
  });
});
