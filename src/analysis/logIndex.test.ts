/** The LogIndex: what is computed once per log, built on first use and given at construction when made elsewhere. */
import { describe, expect, it } from 'vitest';
import type { EventLog } from '../model';
import { syntheticLog } from '../testing/syntheticLog';
import { analyze } from './analyze';
import { buildIndex, concurrencySequence, maxConcurrency } from './concurrency';
import { LogIndex, type TimeOrder } from './logIndex';
import { compileMapping } from './mapping';
import { pairStats } from './pairStats';
import { sortedEntries } from './seqSort';
import { DEFAULT_MAPPING } from './types';

describe('the sequence index built elsewhere (a pool thread: buildIndex, then given to the LogIndex)', () => {
  it('is the log own sequence when built from its columns, and refused for other columns', () => {
    const made = syntheticLog({ events: 5000, cases: 7, pairs: 40, seed: 3 });
    // what a thread does: sort and build from (copies of) the same columns
    const copy = { ...made, start: made.start.slice(), dur: made.dur.slice(), pair: made.pair.slice() };
    const idx = buildIndex(copy);
    const log = syntheticLog({ events: 5000, cases: 7, pairs: 40, seed: 3 });
    // the copies are other arrays: refused
    expect(new LogIndex(log, { sequence: { cols: copy, index: idx } }).hasSequence).toBe(false);
    expect(new LogIndex(log, { sequence: { cols: { ...log, pair: log.pair.slice() }, index: idx } }).hasSequence).toBe(false);
    expect(new LogIndex(log, { sequence: { cols: { ...log, caseOffsets: log.caseOffsets.map((o, k) => (k === 1 ? o + 1 : o)) }, index: idx } }).hasSequence).toBe(false);
    const ix = new LogIndex(log, { sequence: { cols: log, index: idx } });
    expect(ix.hasSequence).toBe(true);
    expect(ix.sequence.seq).toBe(idx.seq);
    // exactly the sequence the log builds itself, and the same mc
    const own = syntheticLog({ events: 5000, cases: 7, pairs: 40, seed: 3 });
    expect(Array.from(idx.seq)).toEqual(Array.from(concurrencySequence(own)));
    const m = compileMapping(own, DEFAULT_MAPPING);
    expect(Array.from(maxConcurrency(log, m.pairAct, m.activities.length, ix.sequence))).toEqual(Array.from(maxConcurrency(own, m.pairAct, m.activities.length)));
    // an index made again with more keeps what it has built
    expect(ix.with({}).sequence).toBe(ix.sequence);
  });

  it('uses a time sort given at construction for its sequence, and refuses one that is not a sort of the log', () => {
    const log = syntheticLog({ events: 3000, cases: 5, pairs: 30, seed: 4 });
    const made = sortedEntries(log);
    expect(Array.from(new LogIndex(log, { sorted: { entries: made.entries, starts: made.starts } }).sequence.seq)).toEqual(Array.from(concurrencySequence(log)));
    // a fake sort (reversed) is what the sequence is built from: the seed is used
    const fake = { entries: made.entries.slice().reverse(), starts: made.starts };
    expect(Array.from(new LogIndex(log, { sorted: fake }).sequence.seq)).not.toEqual(Array.from(concurrencySequence(log)));
    expect(() => new LogIndex(log, { sorted: { entries: new Uint32Array(3), starts: 1 } })).toThrow(/not a sort/);
  });

  it('builds each part once, keeps the sums given, and analyses to the same result as without an index', () => {
    const log = syntheticLog({ events: 4000, cases: 6, pairs: 50, seed: 5 });
    const sums = pairStats(log);
    const ix = new LogIndex(log, { pairStats: sums });
    expect(ix.pairStats).toBe(sums);
    expect(ix.hasPairDurations).toBe(false);
    expect(ix.pairDurations).toBe(ix.pairDurations);
    expect(ix.span).toBe(ix.span);
    expect(ix.caseMeasures).toBe(ix.caseMeasures);
    expect(analyze(log, DEFAULT_MAPPING, null, undefined, {}, ix)).toEqual(analyze(log, DEFAULT_MAPPING));
    expect(() => new LogIndex(log, { pairStats: pairStats(syntheticLog({ events: 10, cases: 1, pairs: 3, seed: 1 })) })).toThrow(/pair sums of another log/);
    expect(() => analyze({ ...log }, DEFAULT_MAPPING, null, compileMapping(log, DEFAULT_MAPPING), {}, ix)).toThrow(/index belongs to another log/);
  });
});

describe('who sorts elsewhere, given at construction (LogIndexSeeds.timeOrder: the Session gives its pool)', () => {
  /** A time order made as a thread would: from copies of the columns, after a turn of the event loop. */
  const sorter = () => {
    const asked: EventLog[] = [];
    const timeOrder = (log: EventLog) => {
      asked.push(log);
      const copy = { ...log, start: log.start.slice(), dur: log.dur.slice(), pair: log.pair.slice() };
      const sorted = sortedEntries(copy);
      return new Promise<TimeOrder>((r) => setTimeout(() => r({ sorted: { entries: sorted.entries, starts: sorted.starts }, index: buildIndex(copy, sorted) }), 1));
    };
    return { asked, timeOrder };
  };

  it('is asked by pooled() for the log own columns, once: the index then waits for it and settles to the log own sequence', async () => {
    const log = syntheticLog({ events: 4000, cases: 6, pairs: 30, seed: 5 });
    const { asked, timeOrder } = sorter();
    const ix = new LogIndex(log, { timeOrder });
    const waiting = ix.pooled();
    expect(asked).toEqual([log]);
    expect(waiting).not.toBe(ix);
    expect(waiting.ordering).toBe(true);
    // waiting already: not asked again
    expect(waiting.pooled()).toBe(waiting);
    expect(asked.length).toBe(1);
    await waiting.settle();
    expect(waiting.hasSequence).toBe(true);
    expect(Array.from(waiting.sequence.seq)).toEqual(Array.from(concurrencySequence(log)));
    // with a sequence: nothing to ask
    expect(waiting.pooled()).toBe(waiting);
    expect(asked.length).toBe(1);
  });

  it('is passed on to the indexes made from this one (selected cases, a time window), which ask it for their own columns; none given: sorted here', async () => {
    const log = syntheticLog({ events: 4000, cases: 6, pairs: 30, seed: 6 });
    const { asked, timeOrder } = sorter();
    const ix = new LogIndex(log, { timeOrder });
    // (in the Session: what the case filters keep of the log; any other log here)
    const some = syntheticLog({ events: 1500, cases: 3, pairs: 30, seed: 7 });
    const sel = ix.selected(some).pooled();
    const { t0, span } = ix.span;
    const win = ix.window({ from: 0, to: span / 2 }, t0);
    expect(win.log.n).toBeLessThan(log.n);
    const winWaiting = win.pooled();
    expect(asked).toEqual([some, win.log]);
    await Promise.all([sel.settle(), winWaiting.settle()]);
    expect(Array.from(sel.sequence.seq)).toEqual(Array.from(concurrencySequence(some)));
    expect(Array.from(winWaiting.sequence.seq)).toEqual(Array.from(concurrencySequence(win.log)));
    const plain = new LogIndex(log);
    expect(plain.pooled()).toBe(plain);
    expect(plain.selected(some).pooled().ordering).toBe(false);
  });
});
