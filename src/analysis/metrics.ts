/**
 * The metric registry: one definition per per-activity statistic (docs/METHOD.md "Statistics"). Everything
 * that shows, sorts, colours, exports or parses a statistic reads it from here: the statistics table,
 * node labels, hover, legend, colour picker, URL `metric=` key, CSV export, the CLI JSON and the CLI
 * table. Adding a statistic = a field in ActivityStats (types.ts), its computation (analyze.ts) and one
 * entry below. Pure and DOM-free; the UI may import it (it only formats numbers).
 */
import { formatBytes, formatCount, formatDuration, formatPercent, formatRate } from '../lib/format';
import type { ActivityStats } from './types';

export type MetricId = 'count' | 'rd' | 'bytes' | 'dr' | 'mc' | 'DR' | 'cases' | 'dur' | 'meanDur' | 'p95Dur' | 'failures' | 'failureRate';

/** The unit of a metric's raw value (SI base units; binary prefixes only when formatted). */
export type MetricUnit = 'events' | 'cases' | 'fraction' | 'B' | 'B/s' | 's';

/** What is known about the load, to say why a value is missing. */
export interface LoadInfo {
  hasDurations?: boolean;
  hasTimestamps?: boolean;
}

export interface MetricDef {
  /** Stable id: the URL `metric=` value and the ActivityStats field it reads. */
  readonly id: MetricId;
  /** Long name: colour picker, legend, hover. */
  readonly label: string;
  /** Short name: table header, CLI table header. */
  readonly short: string;
  readonly unit: MetricUnit;
  /** One sentence: what it is, how it is computed, its unit (table header tooltip, CLI help). */
  readonly help: string;
  /** Offered by the colour picker. */
  readonly canColor: boolean;
  /** A higher value means more load or more trouble (false: higher is better, e.g. a data rate). */
  readonly higherIsWorse: boolean;
  /** Field name in the CLI / analysis JSON `nodes` entries (null: not exported there). */
  readonly json: string | null;
  /** CSV column header (raw value in `unit`). */
  readonly csv: string;
  /** A column of the statistics table by default (the others can be added with its column chooser). */
  readonly shown: boolean;
  /** A column of the CLI's readable activity table. */
  readonly cli: boolean;
  /** The raw value: null when unavailable, undefined when the producer did not compute it. */
  value(a: ActivityStats): number | null | undefined;
  /** Short text for cells and labels; '–' for a missing value. */
  format(v: number | null | undefined): string;
  /** Exact text of an available value (cell tooltip, hover). */
  exact(v: number, a: ActivityStats): string;
  /** Why the value is missing (cell tooltip, hover). */
  missing(a: ActivityStats, info: LoadInfo): string;
}

const NO_DUR = 'no durations in the traces: re-trace with strace -T';
const NO_TIME = 'no timestamps in the traces: re-trace with strace -tt';
const durMissing = (_a: ActivityStats, info: LoadInfo): string =>
  info.hasDurations === false ? NO_DUR : 'unknown: the durations of these events are unknown (strace -T)';
const notComputed = 'not computed by this version';
/** A number with 6 significant digits (tooltips). */
const p6 = (v: number): string => (Number.isInteger(v) ? String(v) : v.toPrecision(6));
const seconds = (v: number): string => `${formatDuration(v)} (${p6(v)} s)`;
const countOf = (v: number | null | undefined): string => formatCount(v);

/** Relative duration with enough digits that small shares do not read as 0.0%. */
export function rdText(rd: number | null | undefined): string {
  if (rd === null || rd === undefined || Number.isNaN(rd)) return '–';
  const pct = rd * 100;
  if (pct === 0 || pct >= 1) return formatPercent(rd, 1);
  if (pct < 0.001) return '<0.001%';
  return formatPercent(rd, pct >= 0.1 ? 2 : 3);
}

export const METRICS: readonly MetricDef[] = [
  {
    id: 'count', label: 'events (count)', short: 'count', unit: 'events', canColor: true, higherIsWorse: true, json: 'count', csv: 'count', shown: true, cli: true,
    help: 'number of events (calls) of the activity',
    value: (a) => a.count, format: countOf, exact: (v) => `${v} events`, missing: () => notComputed,
  },
  {
    id: 'rd', label: 'rd (relative duration)', short: 'rd', unit: 'fraction', canColor: true, higherIsWorse: true, json: 'rd', csv: 'rd', shown: true, cli: true,
    help: 'relative duration: share of the total time spent in calls (%)',
    value: (a) => a.rd, format: rdText,
    exact: (v, a) => `${(v * 100).toPrecision(6)} % of the total call time${a.dur !== null ? ` (${a.dur} s)` : ''}`,
    missing: durMissing,
  },
  {
    id: 'bytes', label: 'b (bytes moved)', short: 'bytes', unit: 'B', canColor: true, higherIsWorse: true, json: 'bytes', csv: 'bytes', shown: true, cli: true,
    help: 'b: bytes moved by read/write calls (binary units: 1 KiB = 1024 B)',
    value: (a) => a.bytes, format: formatBytes, exact: (v) => `${v} B`,
    missing: () => 'no size: only read/write-family calls move bytes',
  },
  {
    id: 'dr', label: 'dr (mean data rate)', short: 'dr', unit: 'B/s', canColor: true, higherIsWorse: false, json: 'dr', csv: 'dr_bytes_per_s', shown: true, cli: true,
    help: 'mean process data rate, size/dur per event (binary units per second)',
    value: (a) => a.dr, format: formatRate, exact: (v) => `${p6(v)} B/s`,
    missing: (a, info) =>
      info.hasDurations === false ? NO_DUR : a.bytes === null ? 'no rate: no event of this activity moves bytes' : 'no rate: every sized event has zero or unknown duration',
  },
  {
    id: 'mc', label: 'mc (max concurrency)', short: 'mc', unit: 'events', canColor: true, higherIsWorse: true, json: 'mc', csv: 'mc', shown: true, cli: true,
    help: 'max concurrency: most events of the activity running at the same instant',
    value: (a) => a.mc, format: countOf, exact: (v) => `up to ${v} events at the same instant`,
    missing: (_a, info) => (info.hasTimestamps === false ? NO_TIME : info.hasDurations === false ? NO_DUR : 'unknown: needs timestamps (-tt) and durations (-T)'),
  },
  {
    id: 'DR', label: 'DR = mc × dr', short: 'DR', unit: 'B/s', canColor: true, higherIsWorse: true, json: 'DR', csv: 'DR_bytes_per_s', shown: true, cli: true,
    help: 'mc × dr: estimated I/O load on the system (binary units per second)',
    value: (a) => a.DR, format: formatRate, exact: (v) => `${p6(v)} B/s = mc × dr`,
    missing: (a) => `unknown: needs both mc and dr (${a.mc === null ? 'mc' : 'dr'} is missing)`,
  },
  {
    id: 'cases', label: 'cases (containing it)', short: 'cases', unit: 'cases', canColor: true, higherIsWorse: true, json: 'cases', csv: 'cases', shown: true, cli: true,
    help: 'number of cases (trace files or processes) containing the activity',
    value: (a) => a.cases, format: countOf, exact: (v) => `${v} cases`, missing: () => notComputed,
  },
  {
    id: 'dur', label: 'total duration', short: 'Σ dur', unit: 's', canColor: true, higherIsWorse: true, json: null, csv: 'dur_s', shown: false, cli: false,
    help: 'total duration: Σ dur over the events with a known duration (seconds)',
    value: (a) => a.dur, format: formatDuration, exact: seconds, missing: durMissing,
  },
  {
    id: 'meanDur', label: 'mean duration', short: 'mean', unit: 's', canColor: true, higherIsWorse: true, json: 'mean_dur', csv: 'mean_dur_s', shown: false, cli: true,
    help: 'mean duration of a call: Σ dur / number of events with a known duration (seconds)',
    value: (a) => a.meanDur, format: formatDuration, exact: seconds, missing: durMissing,
  },
  {
    id: 'p95Dur', label: 'p95 duration', short: 'p95', unit: 's', canColor: true, higherIsWorse: true, json: 'p95_dur', csv: 'p95_dur_s', shown: true, cli: true,
    help: '95th percentile of the call durations, linear interpolation between order statistics (seconds)',
    value: (a) => a.p95Dur, format: formatDuration, exact: seconds, missing: durMissing,
  },
  {
    id: 'failures', label: 'failures (calls with an errno)', short: 'fail', unit: 'events', canColor: true, higherIsWorse: true, json: 'failures', csv: 'failures', shown: true, cli: true,
    help: 'failures: calls of the activity that returned an error (an errno such as ENOENT)',
    value: (a) => a.failures, format: countOf, exact: (v) => `${v} calls returned an errno`, missing: () => notComputed,
  },
  {
    id: 'failureRate', label: 'failure rate', short: 'fail %', unit: 'fraction', canColor: true, higherIsWorse: true, json: 'failure_rate', csv: 'failure_rate', shown: false, cli: false,
    help: 'failure rate: failures / count (%)',
    value: (a) => a.failureRate, format: rdText, exact: (v, a) => `${(v * 100).toPrecision(6)} % of ${a.count} calls failed`, missing: () => notComputed,
  },
];

const BY_ID = new Map<string, MetricDef>(METRICS.map((m) => [m.id, m]));

/** The definition of a metric id (throws for an unknown id: ids are typed). */
export function metric(id: MetricId): MetricDef {
  return BY_ID.get(id)!;
}

/** Whether a string (e.g. from a URL) is a metric id. */
export function isMetricId(s: string | null | undefined): s is MetricId {
  return s !== null && s !== undefined && BY_ID.has(s);
}

/** The metrics the colour picker offers, in registry order. */
export const COLOR_METRICS: readonly MetricDef[] = METRICS.filter((m) => m.canColor);

/** The value as a finite number or null (NaN, ±Infinity, null and undefined → null). */
export function finiteValue(def: MetricDef, a: ActivityStats): number | null {
  const v = def.value(a);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Tooltip text of a value: the exact value, or why it is missing. */
export function metricTitle(def: MetricDef, a: ActivityStats, info: LoadInfo = {}): string {
  const v = finiteValue(def, a);
  return v === null ? def.missing(a, info) : def.exact(v, a);
}

/** Errno counts of an activity as `ENOENT 3, EACCES 1` (most frequent first), or '' when none. */
export function errnoText(a: ActivityStats): string {
  const e = a.errnos;
  if (!e) return '';
  return Object.entries(e)
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .map(([k, n]) => `${k} ${formatCount(n)}`)
    .join(', ');
}
