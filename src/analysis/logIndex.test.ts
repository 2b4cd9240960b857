/** The LogIndex: what is computed once per log, built on first use and given at construction when made elsewhere. */
import { describe, expect, it } from 'vitest';
import { syntheticLog } from '../testing/syntheticLog';
import { analyze } from './analyze';
import { buildIndex, concurrencySequence, maxConcurrency } from './concurrency';
import { LogIndex } from './logIndex';
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
