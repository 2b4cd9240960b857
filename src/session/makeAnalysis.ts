/**
 * How the Session makes an Analysis of the loaded log (docs/ARCHITECTURE.md "The Session"): the Analysis of
 * the view cuts it at the analysis floor (Analysis.cut, src/analysis/viewCut.ts: the mapping compiled with the
 * Session's regex guard and sandbox, the case filters, the partition, the time window), then answers, last
 * (Analysis.answer: the reports it was asked for on the pool's idle threads, then the analysis, with mc's
 * time order on a pool thread when the adapter's pool sorts). Anything that can fail (a bad regex, custom
 * function, selector or thresholds) fails in the cut, before anything is kept: the Session's previous Analysis stays.
 */
import type { Thresholds } from '../analysis/insights/index';
import type { LogIndex } from '../analysis/logIndex';
import type { AnalyzeOptions } from '../analysis/types';
import { Analysis } from './analysis';
import { compileHooks, type CustomSandbox, type RegexGuard } from './compile';
import type { AnalyzeParams, Ctx, ParsePool } from './types';

export { PartitionError } from '../analysis/viewCut';

/** What the Session analyses with (its options, the loaded log and what the last analysis left). */
export interface AnalysisEnv {
  pool: ParsePool | null;
  limits: AnalyzeOptions | undefined;
  guard: RegexGuard | undefined;
  sandbox: CustomSandbox | undefined;
  loaded: LogIndex;
  /** The thresholds when the parameters give none (the session's current ones). */
  thresholds: Thresholds;
  /** The previous analysis: its time window's buffers may be reused. */
  previous: Analysis | null;
  /** The reports to ask of a pool that runs them while the analysis runs (Session.wantReports). */
  reports: 'both' | 'insights' | null;
  /** The number of this analysis in the Session (AnalyzeReply.analysis). */
  serial: number;
}

export async function makeAnalysis(ctx: Ctx, env: AnalysisEnv, params: AnalyzeParams): Promise<Analysis> {
  const t0 = Date.now();
  ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
  const hooks = compileHooks(ctx, env.sandbox, env.guard);
  const prev = env.previous;
  const a = new Analysis({ params, pool: env.pool, reports: env.reports, limits: env.limits, serial: env.serial, startedAt: t0 });
  await a.cut(env.loaded, { ...hooks, thresholds: env.thresholds, reuse: prev?.windowed ? prev.work : null });
  // the Analysis answers last: it asks the pool for its reports (insights, access patterns on idle threads), then analyses `work`
  await a.answer();
  return a;
}
