/**
 * runInsights(): Drishti's POSIX rules and strace's own (T01–T09) over an event log, per side of a
 * partition when there is one (docs/METHOD.md, "Insights").
 */
import type { EventLog } from '../../model';
import { addLayerAdvice } from '../layers/advice';
import { compileMapping, type CompiledMapping } from '../mapping';
import { caseSides } from '../partition';
import { RAW_MAPPING, type MappingSpec, type PartitionSpec } from '../types';
import { buildContext, type InsightsContext } from './context';
import { formatBytes, durationSlot, pct } from './report';
import { makeScope, runsOf, scopeTotals, type Scope, type ScopeTotals } from './scope';
import { BALANCE_RULES } from './rules/balance';
import { DARSHAN_RULES } from './rules/darshan';
import { DARSHAN_ALIGN_RULES } from './rules/darshanAlign';
import { PATTERN_RULES } from './rules/pattern';
import { POSIX_RULES } from './rules/posix';
import { RANK_RULES } from './rules/ranks';
import { STRACE_RULES } from './rules/strace';
import { UNTRACED_RULES } from './rules/untraced';
import { resolveThresholds, type Thresholds } from './thresholds';
import { LEVELS, type Finding, type FindingSide, type RawFinding, type Rule, type Unobservable } from './types';
import { UNOBSERVABLE } from './unobservable';
import { DARSHAN_UNOBSERVABLE, darshanOnly, dxtSources, withDxtSource } from './source';

export * from './types';
export { DEFAULT_THRESHOLDS, THRESHOLD_NAMES, ThresholdError, changedThresholds, resolveThresholds, thresholdHelp, thresholdOverrides, thresholdsJson, type ThresholdName, type Thresholds } from './thresholds';
export { UNOBSERVABLE } from './unobservable';

/** Every rule, in report order. */
export const RULES: readonly Rule[] = [...POSIX_RULES, ...PATTERN_RULES, ...BALANCE_RULES, ...RANK_RULES, ...STRACE_RULES, ...UNTRACED_RULES, ...DARSHAN_RULES, ...DARSHAN_ALIGN_RULES];

export interface InsightsOptions {
  /** The mapping whose activities the findings point at (default: the default mapping). */
  mapping?: Pick<CompiledMapping, 'activities' | 'pairAct'> | MappingSpec;
  partition?: PartitionSpec | null;
  /** Overrides of the defaults (validated: unknown keys are an error). */
  thresholds?: Partial<Thresholds> | string | null;
  /** Time 0 of the I/O phases (T07): the loaded log's earliest event start when `log` is a window or a
   * filtered view of it, so that T07's phases are those of the time views (default: `log`'s own). */
  t0?: number;
  /** The view's layer rules (`lrule`): the layer advice of small requests (analysis/layers/advice.ts). */
  layerRules?: readonly string[];
}

export interface InsightsResult {
  findings: Finding[];
  thresholds: Thresholds;
  /** Whether the log has offsets (P08–P14 need them) and durations (P17–P19, T07, T08). */
  hasOffsets: boolean;
  hasDurations: boolean;
  /** Darshan logs without a DXT trace only: no events, the rules read their counters (no note on offsets or durations). */
  countersOnly: boolean;
  /** The events the rules looked at: 0 when the time window (or the case filters) left none. */
  events: number;
  unobservable: readonly Unobservable[];
}

export function runInsights(log: EventLog, opts: InsightsOptions = {}): InsightsResult {
  const t = resolveThresholds(opts.thresholds ?? null);
  // without a mapping: the plain one (the rules name system files: PATH and library searches)
  const m = opts.mapping && 'pairAct' in opts.mapping ? opts.mapping : compileMapping(log, (opts.mapping as MappingSpec | undefined) ?? RAW_MAPPING);
  const side = opts.partition ? caseSides(log, opts.partition) : null;
  const ctx = buildContext(log, t, side, m, opts.t0);
  const findings: Finding[] = [];
  const linker = new ActivityLinker(ctx);
  const totals = new Map<Scope, ScopeTotals>();
  const caseOf = new Map(log.cases.map((c, k) => [c.id, k]));
  const sources = dxtSources(log);
  const finish = (raw: RawFinding, s: FindingSide, scope: Scope): Finding => {
    // a finding from a Darshan log's DXT events names that trace as its source (source.ts)
    const f = withDxtSource(raw, sources, caseOf, scope.cases);
    const { calls, key: _key, activity, cost: seconds, costBytes, base, ...rest } = f;
    let tot = totals.get(scope);
    if (!tot) totals.set(scope, (tot = scopeTotals(ctx, scope)));
    // the share is of the wall time of the cases responsible (the run's when it names none): a problem of
    // one program loaded beside another is judged against its own time
    const named = f.cases.map((c) => caseOf.get(c.name)).filter((k): k is number => k !== undefined);
    if (named.length) tot = { ...tot, wall: named.reduce((w, k) => w + ctx.caseWall[k], 0) };
    const cost = seconds !== null && ctx.hasDurations && tot.wall > 0 ? { seconds, share: Math.min(1, seconds / tot.wall) } : null;
    const out: Finding = { ...rest, side: s, run: scope.run, cost, activity: activity ?? null, activities: activity ? [activity] : linker.activities(f.files.map((c) => c.name), calls) };
    // without durations the time a finding costs is unknown: judged by its bytes when it is about data
    if (!ctx.hasDurations) return costBytes === undefined ? out : materiality(out, null, costBytes, base, tot, t);
    return materiality(out, seconds, costBytes, base, tot, t);
  };
  if (!side) {
    const all = makeScope('all', ctx.caseSide, [0, 1, 2]);
    const runs = runsOf(ctx, all);
    for (const rule of RULES) {
      for (const scope of rule.perRun ? runs : [all]) for (const f of rule.run(ctx, scope, t)) findings.push(finish(f, null, scope));
    }
  } else {
    const green = makeScope('green', ctx.caseSide, [1]);
    const red = makeScope('red', ctx.caseSide, [2]);
    const both = makeScope('all', ctx.caseSide, [1, 2]);
    for (const rule of RULES) {
      const g = byKey(runOn(rule, ctx, green, t));
      const r = byKey(runOn(rule, ctx, red, t));
      let u: Map<string, RawFinding> | null = null;
      for (const [key, fg] of g) {
        if (r.has(key)) {
          u ??= byKey(runOn(rule, ctx, both, t));
          const fu = u.get(key);
          findings.push(fu ? finish(fu, 'both', both) : finish(fg, 'both', green));
        } else findings.push(finish(fg, 'green', green));
      }
      for (const [key, fr] of r) if (!g.has(key)) findings.push(finish(fr, 'red', red));
    }
  }
  // the hook of the layers (strace -k): who issued the small requests, and that layer's advice first
  addLayerAdvice(findings, log, t.small_bytes, opts.layerRules);
  findings.sort(byCost);
  const countersOnly = log.n === 0 && (log.profiles?.length ?? 0) > 0;
  return { findings, thresholds: t, hasOffsets: ctx.hasOffsets, hasDurations: ctx.hasDurations, countersOnly, events: log.n, unobservable: darshanOnly(log) ? DARSHAN_UNOBSERVABLE : UNOBSERVABLE };
}

/**
 * The report order (docs/METHOD.md "Insights", "Cost"): the findings to act on (HIGH, WARN) first, then INFO,
 * then OK; within each, by the time they account for (most first; none last), then level and code.
 */
export function byCost(a: Finding, b: Finding): number {
  const group = (f: Finding): number => (f.level === 'HIGH' || f.level === 'WARN' ? 0 : f.level === 'INFO' ? 1 : 2);
  const sec = (f: Finding): number => f.cost?.seconds ?? -1;
  return group(a) - group(b) || sec(b) - sec(a) || LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/**
 * A WARN or HIGH finding must matter to its run (docs/METHOD.md "Insights", "Materiality"): at least
 * material_time seconds and material_share of the summed wall time of its cases (T07: of its phase's), or —
 * about data — material_bytes and material_share of the run's bytes. Below both it is INFO, and says why.
 */
function materiality(f: Finding, seconds: number | null, bytes: number | undefined, base: number | undefined, tot: ScopeTotals, t: Thresholds): Finding {
  // a finding that names no time or bytes (Darshan's counters) cannot be judged: its level stands
  if ((f.level !== 'HIGH' && f.level !== 'WARN') || (seconds === null && bytes === undefined)) return f;
  const wall = base ?? tot.wall;
  const allBytes = tot.bytes;
  const byTime = seconds !== null && wall > 0 && seconds >= t.material_time && seconds >= t.material_share * wall;
  const byBytes = bytes !== undefined && bytes >= t.material_bytes && bytes >= t.material_share * allBytes;
  if (byTime || byBytes) return f;
  // what falls short, each against its threshold
  const parts: string[] = [];
  if (seconds !== null && wall > 0) {
    const short = [seconds < t.material_time ? `< material_time ${durationSlot(t.material_time)}` : '', seconds < t.material_share * wall ? `< material_share ${pct(t.material_share)}` : ''].filter(Boolean).join(', ');
    parts.push(`${durationSlot(seconds)}, ${pct(seconds / wall)} of the wall time of ${base !== undefined ? 'its phase' : 'its cases'}${short ? ` (${short})` : ''}`);
  }
  if (bytes !== undefined) {
    const short = [bytes < t.material_bytes ? `< material_bytes ${formatBytes(t.material_bytes)}` : '', bytes < t.material_share * allBytes ? `< material_share ${pct(t.material_share)}` : ''].filter(Boolean).join(', ');
    parts.push(`${formatBytes(bytes)}, ${pct(allBytes > 0 ? bytes / allBytes : 0)} of the run's bytes${short ? ` (${short})` : ''}`);
  }
  const why = parts.length ? parts.join('; ') : 'no time it accounts for';
  return { ...f, level: 'INFO', details: [`Immaterial, so INFO (it would be ${f.level}): ${why}`, ...f.details] };
}

function runOn(rule: Rule, ctx: InsightsContext, scope: Scope, t: Thresholds): RawFinding[] {
  return scope.cases.length ? rule.run(ctx, scope, t) : [];
}

function byKey(fs: RawFinding[]): Map<string, RawFinding> {
  return new Map(fs.map((f) => [f.key ?? f.code, f]));
}

/** Files (+ call names) → the DFG activities of their (call, fp) pairs. */
class ActivityLinker {
  private pairsOfFp: Map<string, number[]> | null = null;
  constructor(private ctx: InsightsContext) {}

  activities(files: readonly string[], calls?: readonly string[]): string[] {
    if (!files.length) return [];
    const { log, pairAct, activities } = this.ctx;
    if (!this.pairsOfFp) {
      this.pairsOfFp = new Map();
      for (let p = 0; p < log.pairFp.length; p++) {
        const path = log.paths[log.pairFp[p]];
        let l = this.pairsOfFp.get(path);
        if (!l) this.pairsOfFp.set(path, (l = []));
        l.push(p);
      }
    }
    const want = calls ? new Set(calls) : null;
    const out = new Set<string>();
    for (const f of files) {
      for (const p of this.pairsOfFp.get(f) ?? []) {
        const a = pairAct[p];
        if (a >= 0 && (!want || want.has(log.calls[log.pairCall[p]]))) out.add(activities[a]);
      }
    }
    return [...out].sort();
  }
}
