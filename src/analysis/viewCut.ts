/**
 * The cut of a view (docs/ARCHITECTURE.md "The Session"): what one analysis analyses, made from the loaded
 * log's index in one descent. The log the mapping is compiled against (LogIndex.mapped: per-process paths
 * normalised, the layer in each pair), the thresholds resolved, the mapping compiled (with heartbeats, under
 * the owner's regex guard, a custom function evaluated by the owner's sandbox: the answers are looked up in
 * the same order), the filters and case filters that match nothing named, the case filters applied in order,
 * the partition resolved on all loaded cases, unassigned cases hidden, the time window cut last. Anything
 * that can fail (a bad regex, custom function, selector or thresholds) fails before the window, which may
 * overwrite the buffers of an earlier one: the owner (the Session) keeps nothing of a cut that failed.
 */
import { casesWithActivity, selectCases } from './caseSelect';
import { IMPORT_REFUSED, usesImport } from './customCode';
import { resolveThresholds, type Thresholds } from './insights/index';
import type { LogIndex } from './logIndex';
import { compileMapping, MappingError, mappingRegexes, type CompiledMapping, type CustomEvent, type MappingOptions } from './mapping';
import { resolvePartition } from './partition';
import { isWindow, type TimeWindow } from './time/window';
import type { CaseFilter, MappingSpec, PartitionSpec } from './types';

export type { CaseFilter };
import { unmatchedCaseFilters, unmatchedMapping } from './unmatched';
import type { EventLog } from '../model/eventlog';


/**
 * The answers of a custom mapping function: one per input, or the first input it failed on and how
 * (`threw` with the message, or `returned` with the type of what it returned); index −1: `error` is the
 * whole message (the source does not compile, is not a function, the sandbox could not be set up).
 */
export type CustomAnswers = { values: (string | null)[] } | { index: number; error: string; detail?: string };
/** Runs the synchronous work of user regular expressions under a time budget (the CLI's node:vm). */
export type RegexGuard = <T>(what: string, work: number, fn: () => T) => T;

/** A partition selector that matches no case or is not valid: shown beside the picker. */
export class PartitionError extends Error {
  override name = 'PartitionError';
}

/** What of a view the cut reads (the Session's AnalyzeParams). */
export interface ViewSpec {
  mapping: MappingSpec;
  partition: { green: string; red: string; hideUnassigned?: boolean } | null;
  caseFilters: readonly CaseFilter[];
  time?: TimeWindow | null;
  thresholds?: Partial<Thresholds>;
}

/** What the owner lends the compile: its regex guard, its custom-code sandbox, its progress. */
export interface CompileHooks {
  guard?: RegexGuard;
  /** Evaluates custom mapping code on its inputs (the owner's sandbox; none: the function runs here). */
  custom?: (source: string, inputs: CustomEvent[]) => Promise<CustomAnswers>;
  /** A `mapping` heartbeat (`what`: the regular expressions that run; `force`: sent even when throttled). */
  mapping(done: number, total: number, what: string, force?: boolean): void;
  /** The analysis' own phase is on (`file`: what runs now, e.g. `custom mapping`). */
  analyzing(file: string): void;
}

export interface CutEnv extends CompileHooks {
  /** The thresholds when the view gives none. */
  thresholds: Thresholds;
  /** The index of an earlier window of the loaded log that is no longer needed: its buffers may be reused. */
  reuse: LogIndex | null;
}

export interface ViewCut {
  /** The loaded log's index the cut used (with the time order a pool makes for it when it is analysed as loaded). */
  loaded: LogIndex;
  /** The cases the case filters kept, before the time window. */
  filtered: LogIndex;
  /** The analysed events (case filters, hidden unassigned cases and the time window applied). */
  work: LogIndex;
  /** Whether `work` is a time window made for this cut. */
  windowed: boolean;
  compiled: CompiledMapping;
  partition: PartitionSpec | null;
  thresholds: Thresholds;
  /** The filters, rewrite rules, call and case filters that match nothing. */
  warnings: string[];
}

const guarded = <T>(guard: RegexGuard | undefined, what: string, work: number, fn: () => T): T => (guard && what !== '' ? guard(what, work, fn) : fn());

/** The regular expressions of a view's mapping and partition selectors, as `/…/ /…/` ('' = none). */
export function viewRegexes(view: Pick<ViewSpec, 'mapping' | 'partition'>): string {
  const sel = view.partition;
  const selectors = [sel?.green ?? '', sel?.red ?? ''].filter((x) => x.trim().startsWith('re:')).map((x) => `/${x.trim().slice(3)}/`);
  return [...mappingRegexes(view.mapping), ...selectors].join(' ');
}

/** The view's mapping compiled against `base` (docs/ARCHITECTURE.md "Loads"): heartbeats naming its regular expressions, under the guard. */
export async function compileView(base: EventLog, view: Pick<ViewSpec, 'mapping' | 'partition'>, hooks: CompileHooks): Promise<CompiledMapping> {
  const what = viewRegexes(view);
  const tick = (done: number, total: number): void => hooks.mapping(done, total, what);
  hooks.mapping(0, 0, what, true);
  const spec = view.mapping;
  const nRe = Math.max(1, mappingRegexes(spec).length);
  let custom: MappingOptions['custom'];
  if (spec.custom !== null && usesImport(spec.custom)) throw new MappingError(`custom mapping not run: ${IMPORT_REFUSED}`);
  if (hooks.custom && spec.custom !== null && spec.custom.trim() !== '') {
    const inputs: CustomEvent[] = [];
    guarded(hooks.guard, what, base.paths.length * nRe, () => compileMapping(base, spec, { tick, custom: (e) => (inputs.push(e), null) }));
    hooks.analyzing('custom mapping');
    const answers = await hooks.custom(spec.custom, inputs);
    if ('error' in answers) {
      const e = inputs[answers.index];
      if (!e) throw new MappingError(answers.error);
      const at = `(${e.call}, ${JSON.stringify(e.fp)})`;
      const msg = answers.error === 'threw' ? `custom mapping threw for ${at}: ${answers.detail ?? ''}` : `custom mapping returned ${answers.detail ?? '?'} for ${at}; return a string, or null to leave the event unmapped`;
      throw new MappingError(msg, e.call, e.fp);
    }
    const values = answers.values;
    if (values.length !== inputs.length || values.some((v) => v !== null && typeof v !== 'string')) throw new MappingError('custom mapping: the sandbox answered something else than one string or null per event');
    let i = 0;
    custom = () => values[i++] ?? null;
    hooks.mapping(0, 0, what, true);
  }
  const compiled = guarded(hooks.guard, what, base.paths.length * nRe, () => compileMapping(base, spec, { tick, custom }));
  if (what) hooks.mapping(1, 1, what, true);
  return compiled;
}

/** The cases kept by the case filters, in order (`base` itself without any). */
function filterCases(base: EventLog, compiled: CompiledMapping, filters: readonly CaseFilter[]): EventLog {
  if (!filters.length) return base;
  const keep = new Uint8Array(base.cases.length).fill(1);
  for (const f of filters) {
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
function partitionOf(guard: RegexGuard | undefined, base: EventLog, work: EventLog, view: ViewSpec): PartitionSpec | null {
  const sel = view.partition;
  if (!sel || !(sel.green.trim() || sel.red.trim())) return null;
  try {
    const what = [sel.green, sel.red].filter((x) => x.trim().startsWith('re:')).map((x) => `/${x.trim().slice(3)}/`).join(' ');
    const p = guarded(guard, what, base.cases.length, () => resolvePartition(base, sel.green.trim(), sel.red.trim()));
    if (work === base) return p;
    const kept = new Set(work.cases.map((c) => c.id));
    return { green: p.green.filter((id) => kept.has(id)), red: p.red.filter((id) => kept.has(id)) };
  } catch (e) {
    throw new PartitionError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * The cut of `view` from the loaded log's index. With a pool that sorts (the CLI), mc's time order is made
 * there meanwhile: the loaded log's index asks the pool itself (LogIndex.pooled) when the analysed log keeps
 * the loaded start and dur columns (no case filter, time window or hidden cases) and the mapping's log has no
 * sequence of its own yet; the selected and windowed indexes ask for their own.
 */
export async function cutView(index: LogIndex, view: ViewSpec, env: CutEnv): Promise<ViewCut> {
  const sameColumns = !view.caseFilters.length && !isWindow(view.time) && !view.partition?.hideUnassigned;
  const normalisedHas = index.mappedIfMade(view.mapping)?.hasSequence === true;
  const loaded = sameColumns && !normalisedHas ? index.pooled() : index;
  // made once per loaded log and mode (its LogIndex keeps it; MappingError for an unknown mode or a bad layer rule)
  const baseIndex = loaded.mapped(view.mapping);
  const base = baseIndex.log;
  // thresholds first too: a bad one throws ThresholdError
  const thresholds = view.thresholds !== undefined ? resolveThresholds(view.thresholds) : env.thresholds;
  const compiled = await compileView(base, view, env);
  const regexes = mappingRegexes(view.mapping);
  const warnings = guarded(env.guard, regexes.join(' '), base.paths.length * Math.max(1, regexes.length), () => unmatchedMapping(base, view.mapping));
  warnings.push(...unmatchedCaseFilters(base, compiled, view.caseFilters));
  let kept = filterCases(base, compiled, view.caseFilters);
  const partition = partitionOf(env.guard, base, kept, view);
  if (partition && view.partition?.hideUnassigned) {
    // only the green and the red cases (after the case filters)
    const assigned = new Set([...partition.green, ...partition.red]);
    const keep = new Uint8Array(kept.cases.length);
    kept.cases.forEach((c, i) => void (keep[i] = assigned.has(c.id) ? 1 : 0));
    if (keep.some((k) => k === 0)) kept = selectCases(kept, keep);
  }
  env.analyzing('');
  const filtered = kept === base ? baseIndex : baseIndex.selected(kept);
  // the time window last: it cannot fail, and it may overwrite the buffers of the previous window
  const cut = isWindow(view.time) ? filtered.window(view.time, loaded.span.t0, env.reuse) : filtered;
  const windowed = cut !== filtered;
  const work = cut === baseIndex ? cut : cut.pooled();
  return { loaded, filtered, work, windowed, compiled, partition, thresholds, warnings };
}
