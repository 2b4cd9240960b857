/**
 * The first analysis of a log with the mc sweep's time order on an idle pool thread (the CLI: ParsePool
 * .timeOrder): the analysis runs here with mc and p95 deferred while the thread sorts the start and dur
 * columns (a copy, unless they are shared) and builds the sequence the mc sweep reads from the sort; the
 * analysed log's LogIndex is made with that pending order (LogIndexSeeds.order) and takes it when it comes
 * (`settle`: the sequence, or only the sort when the analysed log has another pair column: per-process
 * paths normalised); the deferred statistics are then filled in (completeDeferred). The result is exactly the one-thread analysis (docs/ARCHITECTURE.md "The Session").
 * The insight rules and the access patterns of that analysis (what the CLI's report and JSON add) can run
 * on another idle thread meanwhile (ParsePool.reports, Session.wantReports): the same functions, on the
 * same columns (shared memory in the CLI).
 */
import { analyze, completeDeferred, type CompiledMapping } from '../analysis/index';
import { accessReport, type AccessReport } from '../analysis/accessReport';
import { runInsights, type InsightsResult, type Thresholds } from '../analysis/insights/index';
import type { LogIndex, LogIndexSeeds, TimeOrder } from '../analysis/logIndex';
import type { AnalysisResult, AnalyzeOptions, MappingSpec, PartitionSpec } from '../analysis/types';
import type { EventLog } from '../model/eventlog';
import type { ParsePool, Reports, ReportsJob } from './types';

/** Below this many events, work on a loaded log (the mc time sort, the reports) is quicker here than on a pool
 * thread (for the sort: a copy there and back; for the reports: a cold thread). */
export const OFFLOAD_FROM = 200_000;

export type { TimeOrder };

/** The pool's time order of `work` when an analysis will need it (null: sort here). An analysis that defers mc
 * (the app) answers without it; its `complete` waits for it (Analysis.complete). */
export function sorting(pool: ParsePool | null, work: EventLog): Promise<TimeOrder | null> | null {
  const order = pool?.timeOrder;
  if (!pool || !order || work.timeBase === 'none' || work.n < (pool.offloadFrom ?? OFFLOAD_FROM)) return null;
  // without durations (strace without -T) there is no mc to compute: nothing to sort
  if (!work.dur.some((d) => d === d)) return null;
  // a closed pool or a failed thread: the analysis sorts here instead
  const { n, start, dur, pair, pairCall, caseOffsets } = work;
  return order.call(pool, { n, start, dur, pair, pairCall, caseOffsets }).catch(() => null);
}

/**
 * Who sorts a log's columns on the pool (LogIndexSeeds.timeOrder: the Session gives it to the loaded log's
 * index, whose `pooled()` asks it); undefined: a pool that does not sort, or none.
 */
export function poolTimeOrder(pool: ParsePool | null, limits: AnalyzeOptions | undefined): LogIndexSeeds['timeOrder'] {
  // not in the app (it defers mc): its parse workers' sort after the first graph measured slower, drop → graph
  // +0.5 s and → idle +0.8 s (4 alternated pairs; docs/BENCHMARKS.md "perf7b"): it competes with the drawing
  if (!pool?.timeOrder || limits?.defer) return undefined;
  return (log) => sorting(pool, log);
}

/**
 * `analyze(index.log, …, limits)`; when the index waits for a pool thread's time order, with mc (and p95)
 * deferred while the thread sorts, then filled in with the order it gives (LogIndex.settle) — unless `limits`
 * defer them anyway (the app: the first graph answers at once; `completeWithPool` fills them in later).
 */
export async function analyzeWithPool(limits: AnalyzeOptions | undefined, index: LogIndex, mapping: MappingSpec, partition: PartitionSpec | null, compiled: CompiledMapping): Promise<AnalysisResult> {
  const waiting = index.ordering;
  const result = analyze(index.log, mapping, partition, compiled, waiting ? { ...limits, defer: true } : limits, index);
  if (!waiting || limits?.defer) return result;
  return completeWithPool(result, index, compiled);
}

/**
 * The statistics `result` deferred, filled in: the p95 durations first (they do not need the time order), then,
 * once the pool thread's time order of the index's log came (LogIndex.settle; at once when none is coming),
 * mc and DR from it.
 */
export async function completeWithPool(result: AnalysisResult, index: LogIndex, compiled: CompiledMapping): Promise<AnalysisResult> {
  if (!result.deferred?.length) return result;
  const work = index.log;
  if (index.ordering && result.deferred.includes('p95Dur')) result = completeDeferred(result, work, compiled, ['p95Dur'], index);
  await index.settle();
  return completeDeferred(result, work, compiled, undefined, index);
}

export type { Reports, ReportsJob };

/** The reports job (what a pool thread runs): Session.insights' or Session.access' result for that analysis. */
export function runReports(job: ReportsJob): Reports {
  if (job.part === 'access') return { access: accessReport(job.log, job.mapping) };
  return { insights: runInsights(job.log, { mapping: job.mapping, partition: job.partition, thresholds: job.thresholds, t0: job.t0, layerRules: job.layerRules }) };
}

/** The reports of an analysis, asked of the pool as the analysis starts. */
export interface ReportsAhead {
  work: EventLog;
  compiled: CompiledMapping;
  partition: PartitionSpec | null;
  thresholds: Thresholds;
  /** null: the pool failed or was closed (they are then computed here). */
  insights: Promise<InsightsResult | null>;
  access: Promise<AccessReport | null>;
}

/**
 * Asks the pool for the reports of the analysis of `work`, as two jobs (the insights, the bigger one, first:
 * an idle thread takes it; the access patterns, unless `withAccess` is false, follow on whichever thread is
 * free next, e.g. after the mc sort); null: no pool that runs them, or a log too small to be worth it.
 */
export function reportsAhead(pool: ParsePool | null, work: EventLog, compiled: CompiledMapping, partition: PartitionSpec | null, thresholds: Thresholds, t0: number, withAccess = true, layerRules?: string[]): ReportsAhead | null {
  const run = pool?.reports;
  if (!pool || !run || work.n < (pool.offloadFrom ?? OFFLOAD_FROM)) return null;
  const job = { log: work, mapping: { activities: compiled.activities, pairAct: compiled.pairAct }, partition, thresholds, t0, ...(layerRules?.length ? { layerRules } : {}) };
  const insights = run.call(pool, { ...job, part: 'insights' }).then((r) => r.insights ?? null, () => null);
  const access = withAccess ? run.call(pool, { ...job, part: 'access' }).then((r) => r.access ?? null, () => null) : Promise.resolve(null);
  return { work, compiled, partition, thresholds, insights, access };
}

const sameThresholds = (a: Thresholds, b: Thresholds): boolean => (Object.keys(a) as (keyof Thresholds)[]).every((k) => Object.is(a[k], b[k])) && Object.keys(a).length === Object.keys(b).length;

/** `ahead`'s insight findings when they are those of this analysis (the same analysed log, mapping, partition and thresholds); null: compute them here. */
export async function insightsFor(ahead: ReportsAhead | null, work: EventLog, compiled: CompiledMapping, partition: PartitionSpec | null, thresholds: Thresholds): Promise<InsightsResult | null> {
  if (!ahead || ahead.work !== work || ahead.compiled !== compiled || ahead.partition !== partition || !sameThresholds(ahead.thresholds, thresholds)) return null;
  return ahead.insights;
}

/** `ahead`'s access patterns when they are those of this analysis (the same analysed log and mapping); null: compute them here. */
export async function accessFor(ahead: ReportsAhead | null, work: EventLog, compiled: CompiledMapping): Promise<AccessReport | null> {
  if (!ahead || ahead.work !== work || ahead.compiled !== compiled) return null;
  return ahead.access;
}
