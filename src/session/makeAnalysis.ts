/**
 * How the Session makes an Analysis of the loaded log (docs/ARCHITECTURE.md "The Session"): the mapping
 * compiled (against the log with per-process paths normalised, or the log itself), the case filters
 * applied in order, the partition resolved on all loaded cases, unassigned cases hidden, the time window
 * cut; then the Analysis of that cut answers, last (Analysis.answer: the reports it was asked for on the
 * pool's idle threads, then the analysis, with mc's time order on a pool thread when the adapter's pool
 * sorts). Anything that can fail (a bad regex, custom function, selector or thresholds) fails before
 * anything is kept: the Session's previous Analysis stays.
 */
import { mappingRegexes, resolvePartition, type CompiledMapping } from '../analysis/index';
import { resolveThresholds, type Thresholds } from '../analysis/insights/index';
import type { LogIndex } from '../analysis/logIndex';
import type { AnalyzeOptions, PartitionSpec } from '../analysis/types';
import type { EventLog } from '../model/eventlog';
import { Analysis } from './analysis';
import { compileView, type CustomSandbox, type RegexGuard } from './compile';
import { casesWithActivity, selectCases } from './logOps';
import { isWindow } from './time';
import type { AnalyzeParams, Ctx, ParsePool } from './types';
import { unmatchedCaseFilters, unmatchedMapping } from './unmatched';

/** A partition selector that matches no case or is not valid: shown beside the picker. */
export class PartitionError extends Error {
  override name = 'PartitionError';
}

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

const guarded = <T>(guard: RegexGuard | undefined, what: string, work: number, fn: () => T): T => (guard && what !== '' ? guard(what, work, fn) : fn());

/** The cases kept by the case filters, in order (`base` itself without any). */
function filterCases(base: EventLog, compiled: CompiledMapping, params: AnalyzeParams): EventLog {
  if (!params.caseFilters.length) return base;
  const keep = new Uint8Array(base.cases.length).fill(1);
  for (const f of params.caseFilters) {
    if (f.keep === 'cases') {
      const ids = new Set(f.ids);
      for (let c = 0; c < keep.length; c++) if (!ids.has(base.cases[c].id)) keep[c] = 0;
      continue;
    }
    const act = compiled.activities.indexOf(f.activity);
    const has = act >= 0 ? casesWithActivity(base, compiled.pairAct, act) : new Uint8Array(base.cases.length);
    for (let c = 0; c < keep.length; c++) if ((has[c] === 1) !== (f.keep === 'with')) keep[c] = 0;
  }
  return selectCases(base, keep);
}

/** The partition selectors resolved on all loaded cases (a case filter may empty one side: not an error), kept to `work`'s cases. */
function partitionOf(env: AnalysisEnv, base: EventLog, work: EventLog, params: AnalyzeParams): PartitionSpec | null {
  const sel = params.partition;
  if (!sel || !(sel.green.trim() || sel.red.trim())) return null;
  try {
    const what = [sel.green, sel.red].filter((x) => x.trim().startsWith('re:')).map((x) => `/${x.trim().slice(3)}/`).join(' ');
    const p = guarded(env.guard, what, base.cases.length, () => resolvePartition(base, sel.green.trim(), sel.red.trim()));
    if (work === base) return p;
    const kept = new Set(work.cases.map((c) => c.id));
    return { green: p.green.filter((id) => kept.has(id)), red: p.red.filter((id) => kept.has(id)) };
  } catch (e) {
    throw new PartitionError(e instanceof Error ? e.message : String(e));
  }
}

export async function makeAnalysis(ctx: Ctx, env: AnalysisEnv, params: AnalyzeParams): Promise<Analysis> {
  const t0 = Date.now();
  ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
  // the first analysis of a load with a pool that sorts (the CLI): mc's time order starts now on a thread,
  // beside the pid pass and the mapping: the loaded log's index asks the pool itself (LogIndex.pooled: the Loader
  // gave it the pool's time order, offload.ts poolTimeOrder; the analysed log keeps the loaded start and dur columns
  // unless cases or a time window are selected); or it was asked for when the log was installed (SessionOptions.sortOnLoad)
  const sameColumns = !params.caseFilters.length && !isWindow(params.time) && !params.partition?.hideUnassigned;
  const normalisedHas = env.loaded.mappedIfMade(params.mapping)?.hasSequence === true;
  const loaded = sameColumns && !normalisedHas ? env.loaded.pooled() : env.loaded;
  // the log the mapping is compiled against (per-process paths normalised, the layer in each pair): made once per
  // loaded log and mode (its LogIndex keeps it; MappingError for an unknown mode or a bad layer rule)
  const baseIndex = loaded.mapped(params.mapping);
  const base = baseIndex.log;
  // thresholds first too: a bad one throws ThresholdError and keeps the previous analysis
  const thresholds = params.thresholds !== undefined ? resolveThresholds(params.thresholds) : env.thresholds;
  const compiled = await compileView(ctx, base, params, env.sandbox, env.guard);
  const regexes = mappingRegexes(params.mapping);
  const warnings = guarded(env.guard, regexes.join(' '), base.paths.length * Math.max(1, regexes.length), () => unmatchedMapping(base, params.mapping));
  warnings.push(...unmatchedCaseFilters(base, compiled, params.caseFilters));
  let kept = filterCases(base, compiled, params);
  const partition = partitionOf(env, base, kept, params);
  if (partition && params.partition?.hideUnassigned) {
    // only the green and the red cases (after the case filters)
    const assigned = new Set([...partition.green, ...partition.red]);
    const keep = new Uint8Array(kept.cases.length);
    kept.cases.forEach((c, i) => void (keep[i] = assigned.has(c.id) ? 1 : 0));
    if (keep.some((k) => k === 0)) kept = selectCases(kept, keep);
  }
  ctx.progress({ phase: 'analyze', done: 0, total: 0, rate: 0, file: '' });
  const filtered = kept === base ? baseIndex : baseIndex.selected(kept);
  // The time window last: it cannot fail, and it may overwrite the buffers of the previous window.
  const prev = env.previous;
  const cut = isWindow(params.time) ? filtered.window(params.time, loaded.span.t0, prev?.windowed ? prev.work : null) : filtered;
  const windowed = cut !== filtered;
  // With a pool that sorts (the CLI), the mc sweep's time order is made there meanwhile (other columns than the
  // loaded ones get their own: the selected and windowed indexes have the pool's time order too).
  const work = cut === baseIndex ? cut : cut.pooled();
  // the Analysis answers last: it asks the pool for its reports (insights, access patterns on idle threads), then analyses `work`
  const a = new Analysis({ params, loaded, filtered, work, windowed, compiled, partition, thresholds, warnings, pool: env.pool, reports: env.reports, limits: env.limits, serial: env.serial, startedAt: t0 });
  await a.answer();
  return a;
}
