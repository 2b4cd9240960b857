/**
 * The first analysis of a log with the mc sweep's time sort on an idle pool thread (the CLI: ParsePool
 * .sortEntries): the analysis runs here with mc and p95 deferred while the thread sorts a copy of the
 * start and dur columns; the sort is then seeded (seedSortedEntries) and the deferred statistics filled in
 * (completeDeferred). The result is exactly the one-thread analysis (docs/ARCHITECTURE.md "The Session").
 */
import { analyze, completeDeferred, type CompiledMapping } from '../analysis/index';
import { hasConcurrencySequence } from '../analysis/concurrency';
import { seedSortedEntries, type SortedSeed, type TimedColumns } from '../analysis/seqSort';
import type { AnalysisResult, AnalyzeOptions, MappingSpec, PartitionSpec } from '../analysis/types';
import type { EventLog } from '../model/eventlog';
import type { ParsePool } from './types';

/** Below this many events the time sort is quicker here than a copy to another thread and back. */
export const SORT_ELSEWHERE = 200_000;

/** A time sort asked for before the analysed log was known (Session.analyze: before the pid pass and the
 * mapping), of these columns; used when the analysed log has the same start and dur columns. */
export interface EarlySort {
  cols: TimedColumns;
  sorted: Promise<SortedSeed | null>;
}

/** The pool's time sort of `work` when the analysis will need it and does not defer it (null: sort here). */
export function sorting(pool: ParsePool | null, limits: AnalyzeOptions | undefined, work: EventLog): Promise<SortedSeed | null> | null {
  const sort = pool?.sortEntries;
  if (!pool || !sort || limits?.defer || work.timeBase === 'none' || work.n < (pool.sortEntriesFrom ?? SORT_ELSEWHERE) || hasConcurrencySequence(work)) return null;
  // without durations (strace without -T) there is no mc to compute: nothing to sort
  if (!work.dur.some((d) => d === d)) return null;
  // a closed pool or a failed thread: the analysis sorts here instead
  return sort.call(pool, { n: work.n, start: work.start, dur: work.dur }).catch(() => null);
}

/** `analyze(work, …, limits)`, with the time sort on a pool thread when one can take it. */
export async function analyzeWithPool(pool: ParsePool | null, limits: AnalyzeOptions | undefined, work: EventLog, mapping: MappingSpec, partition: PartitionSpec | null, compiled: CompiledMapping, early: EarlySort | null = null): Promise<AnalysisResult> {
  const same = early !== null && early.cols.start === work.start && early.cols.dur === work.dur && early.cols.n === work.n && !hasConcurrencySequence(work);
  const sorted = same ? early.sorted : sorting(pool, limits, work);
  const result = analyze(work, mapping, partition, compiled, sorted ? { ...limits, defer: true } : limits);
  if (!sorted || !result.deferred?.length) return result;
  if (result.deferred.includes('mc')) {
    const seed = await sorted;
    if (seed) seedSortedEntries(work, seed);
  }
  return completeDeferred(result, work, compiled);
}
