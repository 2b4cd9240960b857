/**
 * The keys of the view's text form (docs/FORMATS.md "The view text form"): ONE table. Each key reads its
 * value strictly (`parse`: the typed value, or a ViewValueError that names what it allows), applies the
 * typed value to a view (`apply`), and writes what describes a view (`write`). The strict reading is the
 * CLI's (a bad value is a usage error); a link reads each value the same way and names what it ignored
 * (view.ts `readView`). `part` says what the key changes: how files are loaded, what is analysed, or only
 * how the analysis is displayed (view.ts `plan`).
 */
import { isMetricId, metric as metricDef } from '../analysis/metrics';
import { thresholdOverrides, thresholdsJson, type Thresholds } from '../analysis/insights/thresholds';
import { formatTimeWindow, parseTimeWindow, type TimeWindow } from '../analysis/time/window';
import { DEFAULT_MAPPING, type MappingSpec, type PathFilter, type RewriteRule } from '../analysis/types';
import { parseLayerRule } from '../analysis/layers/rules';
import type { CaseFilter } from './types';
import { DEFAULT_VIEW, RANK_BYS, type ColorMode, type DiffMetric, type EdgeLabelKind, type Metric, type RankBy, type View } from './viewTypes';
import { caseFilterText, filterText, parseCaseFilter, parseFilter, parseList, parseRewrite, parseSelection, rewriteText, selectionText, type Selection } from './viewText';

/**
 * A value a key does not allow. `expects`: the message says what the key allows (`an integer from 0 to
 * 99`); else it says what is wrong with the value (insight thresholds, a time window).
 */
export class ViewValueError extends Error {
  override name = 'ViewValueError';
  constructor(
    message: string,
    readonly expects: boolean,
  ) {
    super(message);
  }
  /** One line naming where the value came from (`--depth`, `depth=`), and what it allows. */
  say(where: string, value: string): string {
    return this.expects ? `${where} expects ${this.message}, got '${value}'` : `${where}: ${this.message}`;
  }
}

/** The deepest path truncation (components kept in an activity; 0 = the whole path). */
export const DEPTH_MAX = 99;
/** The largest graph slider value (activities shown, minimum edge count). */
export const COUNT_MAX = 9_999_999;

export type KeyPart = 'load' | 'analyze' | 'display';

export interface ViewKey<T = unknown> {
  key: string;
  part: KeyPart;
  /** List keys add each occurrence; single keys: the last one wins. */
  list: boolean;
  /** The value's strict reading: the typed value, or a ViewValueError naming what the key allows. */
  parse(text: string): T;
  /** Applies a typed value (a copy of the view's lists is made by the caller). */
  apply(v: View, value: T): void;
  /** The occurrences that describe `v` (none when it has the default). */
  write(v: View): string[];
}

const bad = (what: string): never => {
  throw new ViewValueError(what, true);
};
const wrong = (why: string): never => {
  throw new ViewValueError(why, false);
};
const oneOf = <S extends string>(values: readonly S[], what = `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`) =>
  (s: string): S => (values.includes(s as S) ? (s as S) : bad(what));
/** An integer in [min, max] (decimal digits only). */
export function intIn(s: string, min: number, max: number, hint = ''): number {
  if (!/^\d{1,9}$/.test(s) || Number(s) < min || Number(s) > max) bad(`an integer from ${min} to ${max}${hint}`);
  return Number(s);
}

function single<T>(key: string, part: KeyPart, parse: (s: string) => T, apply: (v: View, x: T) => void, write: (v: View) => string | null): ViewKey<T> {
  return { key, part, list: false, parse, apply, write: (v) => {
    const s = write(v);
    return s === null ? [] : [s];
  } };
}
function list<T>(key: string, part: KeyPart, parse: (s: string) => T, apply: (v: View, x: T) => void, write: (v: View) => string[]): ViewKey<T> {
  return { key, part, list: true, parse, apply, write };
}

const m = (v: View): MappingSpec => v.mapping;
/** System files and per-process paths (docs/FORMATS.md): `raw=1` is the paper's plain mapping (system files
 * shown, raw paths), else `system=show|collapse|hide` and `pids=raw` where they differ from auto / normalise. */
const isRaw = (v: View): boolean => (m(v).system ?? 'show') === 'show' && (m(v).pids ?? 'raw') === 'raw';
const SYSTEM_VALUES = ['auto', 'show', 'collapse', 'hide'] as const;
const DIFF_METRICS: readonly DiffMetric[] = ['count', 'bytes', 'time'];

const pathFilter = (s: string): PathFilter => (s === '' ? bad('a substring or re:REGEX') : parseFilter(s));
const rewrite = (s: string): RewriteRule => parseRewrite(s) ?? bad('PREFIX=>LABEL or re:REGEX=>LABEL');
const caseFilter = (s: string): CaseFilter => parseCaseFilter(s) ?? bad('with:ACTIVITY, without:ACTIVITY or cases:ID,ID');
/** A switch: `on` values set it, `off` values clear it. */
const flag = (on: readonly string[], off: readonly string[]) => (s: string): boolean => (on.includes(s) ? true : off.includes(s) ? false : bad(`1 or 0`));
function colorOf(s: string): ColorMode {
  if (s === 'partition') return { kind: 'partition' };
  if (s.startsWith('diff-') && DIFF_METRICS.includes(s.slice(5) as DiffMetric)) return { kind: 'difference', metric: s.slice(5) as DiffMetric };
  return bad('partition, diff-count, diff-bytes or diff-time');
}
const isColorMetric = (s: string): s is Metric => isMetricId(s) && metricDef(s).canColor;
/** Insight thresholds to change, as JSON (checked: unknown names and bad values are refused). */
function thresholdsOf(s: string): Partial<Thresholds> {
  try {
    return thresholdOverrides(s);
  } catch (e) {
    return wrong((e as Error).message.replace(/^thresholds: /, ''));
  }
}
function timeOf(s: string): TimeWindow | null {
  let w: TimeWindow;
  try {
    w = parseTimeWindow(s);
  } catch (e) {
    return wrong((e as Error).message);
  }
  return w.from === null && w.to === null ? null : w;
}
const selection = (s: string): Selection => parseSelection(s) ?? bad('an activity, or SOURCE -> TARGET');
/** A layer rule `NAME bin=REGEX sym=REGEX` (docs/METHOD.md "Layers"), checked. */
function layerRule(s: string): string {
  try {
    parseLayerRule(s);
  } catch (e) {
    wrong((e as Error).message);
  }
  return s.trim();
}

export const KEYS: readonly ViewKey[] = [
  single('depth', 'analyze', (s) => intIn(s, 0, DEPTH_MAX, ' (0 = the whole path)'), (v, x) => void (v.mapping.depth = x), (v) => (m(v).depth !== DEFAULT_MAPPING.depth ? String(m(v).depth) : null)),
  single('raw', 'analyze', flag(['1', ''], ['0']), (v, x) => void (x && ((v.mapping.system = 'show'), (v.mapping.pids = 'raw'))), (v) => (isRaw(v) ? '1' : null)),
  single('system', 'analyze', oneOf(SYSTEM_VALUES), (v, x) => void (v.mapping.system = x),
    (v) => (!isRaw(v) && (m(v).system ?? 'show') !== DEFAULT_MAPPING.system ? (m(v).system ?? 'show') : null)),
  single('pids', 'analyze', oneOf(['normalise', 'raw'] as const), (v, x) => void (v.mapping.pids = x),
    (v) => (!isRaw(v) && (m(v).pids ?? 'raw') !== DEFAULT_MAPPING.pids ? (m(v).pids ?? 'raw') : null)),
  list('filter', 'analyze', pathFilter, (v, x) => void v.mapping.include.push(x), (v) => m(v).include.map(filterText)),
  list('exclude', 'analyze', pathFilter, (v, x) => void v.mapping.exclude.push(x), (v) => m(v).exclude.map(filterText)),
  single('calls', 'analyze', parseList, (v, x) => void (v.mapping.calls = x), (v) => (m(v).calls.length ? m(v).calls.join(',') : null)),
  single('xcalls', 'analyze', parseList, (v, x) => void (v.mapping.excludeCalls = x), (v) => (m(v).excludeCalls.length ? m(v).excludeCalls.join(',') : null)),
  list('rewrite', 'analyze', rewrite, (v, x) => void v.mapping.rewrites.push(x), (v) => m(v).rewrites.map((r) => rewriteText(r))),
  single('green', 'analyze', (s) => s, (v, x) => void (v.green = x), (v) => v.green || null),
  single('red', 'analyze', (s) => s, (v, x) => void (v.red = x), (v) => v.red || null),
  single('unassigned', 'analyze', oneOf(['hide', 'show'] as const), (v, x) => void (v.hideUnassigned = x === 'hide'), (v) => (v.hideUnassigned ? 'hide' : null)),
  list('keep', 'analyze', caseFilter, (v, x) => void v.caseFilters.push(x), (v) => v.caseFilters.map(caseFilterText)),
  single('layer', 'analyze', flag(['1', ''], ['0']), (v, x) => void (v.mapping.layer = x), (v) => (m(v).layer ? '1' : null)),
  single('ops', 'analyze', flag(['1', ''], ['0']), (v, x) => void (v.mapping.ops = x), (v) => (m(v).ops ? '1' : null)),
  list('lrule', 'analyze', layerRule, (v, x) => void (v.mapping.layerRules = [...(v.mapping.layerRules ?? []), x]), (v) => [...(m(v).layerRules ?? [])]),
  single('activities', 'display', (s) => intIn(s, 0, COUNT_MAX), (v, x) => void (v.activities = x), (v) => (v.activities === null ? null : String(v.activities))),
  single('paths', 'display', (s) => intIn(s, 0, COUNT_MAX), (v, x) => void (v.paths = x), (v) => (v.paths === null ? null : String(v.paths))),
  single('rank', 'display', oneOf<RankBy>(RANK_BYS), (v, x) => void (v.rankBy = x), (v) => (v.rankBy !== DEFAULT_VIEW.rankBy ? v.rankBy : null)),
  single('color', 'display', colorOf, (v, x) => void (v.colorMode = x),
    (v) => (v.colorMode.kind === 'partition' ? 'partition' : v.colorMode.kind === 'difference' ? `diff-${v.colorMode.metric}` : null)),
  // (written with a partition too: a link with green/red and no metric opens in the partition colours)
  single('metric', 'display', (s) => (isColorMetric(s) ? s : bad('a statistic that colours the graph (e.g. rd, count, bytes, dr)')), (v, x) => void (v.colorMode = { kind: 'metric', metric: x }),
    (v) => (v.colorMode.kind === 'metric' && (v.colorMode.metric !== 'rd' || v.green || v.red) ? v.colorMode.metric : null)),
  single('label', 'display', oneOf<EdgeLabelKind>(['count', 'cases', 'gap']), (v, x) => void (v.edgeLabel = x), (v) => (v.edgeLabel !== 'count' ? v.edgeLabel : null)),
  single('dir', 'display', oneOf(['LR', 'TB'] as const), (v, x) => void (v.direction = x), (v) => (v.direction !== 'LR' ? v.direction : null)),
  single('group', 'display', oneOf(['layer', 'none'] as const), (v, x) => void (v.groupBy = x), (v) => (v.groupBy !== 'none' ? v.groupBy : null)),
  single('split', 'load', oneOf(['pid', 'file'] as const), (v, x) => void (v.splitByPid = x === 'pid'), (v) => (v.splitByPid ? 'pid' : null)),
  single('threads', 'load', flag(['1'], ['0', '']), (v, x) => void (v.singleThread = x), (v) => (v.singleThread ? '1' : null)),
  single('thresholds', 'analyze', thresholdsOf, (v, x) => void (v.thresholds = x), (v) => thresholdsJson(v.thresholds) || null),
  single('time', 'analyze', timeOf, (v, x) => void (v.time = x), (v) => (v.time && (v.time.from !== null || v.time.to !== null) ? formatTimeWindow(v.time) : null)),
  single('sel', 'display', selection, (v, x) => void (v.selection = x), (v) => (v.selection ? selectionText(v.selection) : null)),
  // last: the longest value, and the one a reader of the link should see at the end
  single('custom', 'analyze', (s) => (s.trim() ? s : null), (v, x) => void (v.mapping.custom = x), (v) => m(v).custom),
];

export const BY_KEY: ReadonlyMap<string, ViewKey> = new Map(KEYS.map((k) => [k.key, k]));
