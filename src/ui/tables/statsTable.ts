/**
 * Pure logic of the statistics table: columns, formatting, why a value is missing, sorting, filtering.
 */
import { finiteValue, metric, metricTitle, METRICS, type LoadInfo, type MetricId } from '../../analysis/metrics';
import type { ActivityStats } from '../../analysis/types';
import { patternShares, patternText, sizesText, type PatternLike } from '../../lib/accessText';
import { formatSeconds } from '../../lib/format';

export { rdText } from '../../analysis/metrics';
export type { LoadInfo };

export type StatsColumn = 'id' | MetricId | 'access';

/** An activity's access pattern (reads and writes together; Session.access). */
export interface ActivityPattern extends PatternLike {
  requests: number;
}
/** Activity id → its pattern; undefined while not asked for or loading. */
export type AccessLookup = ReadonlyMap<string, ActivityPattern> | undefined;
export type SortDir = 'asc' | 'desc';
export interface SortSpec {
  column: StatsColumn;
  dir: SortDir;
}

export interface ColumnDef {
  key: StatsColumn;
  /** Header text (the metric's short name). */
  label: string;
  /** Long name (column chooser). */
  name: string;
  /** Header tooltip: what the column means and its unit. */
  help: string;
  numeric: boolean;
  /** Shown before the user picks columns. */
  shown: boolean;
}

/** The activity column, then one column per statistic of the metric registry (src/analysis/metrics.ts). */
export const COLUMNS: ColumnDef[] = [
  { key: 'id', label: 'activity', name: 'activity', help: 'call:truncated path', numeric: false, shown: true },
  ...METRICS.map((m) => ({ key: m.id, label: m.short, name: m.label, help: `${m.label}: ${m.help}`, numeric: true, shown: m.shown })),
  {
    key: 'access',
    label: 'access',
    name: 'access pattern',
    help: "access pattern (Darshan's): consecutive, sequential, random shares of the reads and writes with a known offset, and the most frequent request size",
    numeric: false,
    shown: false,
  },
];

/** The columns shown by default. */
export const DEFAULT_COLUMNS: StatsColumn[] = COLUMNS.filter((c) => c.shown).map((c) => c.key);

export function cellText(s: ActivityStats, c: StatsColumn, access?: AccessLookup): string {
  if (c === 'id') return s.id;
  if (c === 'access') {
    if (!access) return '…';
    const p = access.get(s.id);
    return p ? patternText(p) : '–';
  }
  const m = metric(c);
  // durations with three significant digits, as everywhere in the app (the metric's own format is the CLI's)
  return m.unit === 's' ? formatSeconds(finiteValue(m, s)) : m.format(finiteValue(m, s));
}

/** An activity's access pattern in words (a tooltip line); '' when it has none or it is not loaded. */
export function accessTitle(p: ActivityPattern | undefined): string {
  if (!p) return '';
  const n = patternShares(p).n;
  const split = n ? `${p.consecutive} consecutive, ${p.sequential} sequential, ${p.random} random of ${n} with a known offset` : 'no known offsets';
  return `access: ${patternText(p)} (${p.requests} reads and writes: ${split}; sizes ${sizesText(p.sizes)})`;
}

/** Tooltip of a cell: the exact value, or why it is missing (shown as "–"); the activity's with its access pattern. */
export function cellTitle(s: ActivityStats, c: StatsColumn, info: LoadInfo = {}, access?: AccessLookup): string {
  if (c === 'id') {
    const a = accessTitle(access?.get(s.id));
    return a ? `${s.id}\n${a}` : s.id;
  }
  if (c === 'access') return access ? accessTitle(access.get(s.id)) || 'no reads or writes' : 'computing the access patterns…';
  return metricTitle(metric(c), s, info);
}

function value(s: ActivityStats, c: MetricId | 'access', access?: AccessLookup): number | null {
  if (c === 'access') {
    // the random share: the least regular first when sorted descending
    const p = access?.get(s.id);
    return p ? patternShares(p).random : null;
  }
  return finiteValue(metric(c), s);
}

/**
 * Sorted copy. Missing values (null / NaN) always sort last whatever the direction; ties are broken by
 * activity id so the order is stable and deterministic.
 */
export function sortStats(rows: readonly ActivityStats[], spec: SortSpec, access?: AccessLookup): ActivityStats[] {
  const sign = spec.dir === 'asc' ? 1 : -1;
  const byId = (a: ActivityStats, b: ActivityStats) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const out = rows.slice();
  if (spec.column === 'id') {
    out.sort((a, b) => sign * byId(a, b));
    return out;
  }
  const c = spec.column;
  out.sort((a, b) => {
    const va = value(a, c, access);
    const vb = value(b, c, access);
    const na = va === null || Number.isNaN(va);
    const nb = vb === null || Number.isNaN(vb);
    if (na || nb) return na && nb ? byId(a, b) : na ? 1 : -1;
    return va !== vb ? sign * ((va as number) - (vb as number)) : byId(a, b);
  });
  return out;
}

/** Case-insensitive substring filter over the activity id; blank query keeps everything. */
export function filterStats(rows: readonly ActivityStats[], query: string): ActivityStats[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows.slice();
  return rows.filter((r) => r.id.toLowerCase().includes(q));
}

/** Clicking a header: same column flips the direction; a new column starts descending (text ascending). */
export function nextSort(cur: SortSpec, column: StatsColumn): SortSpec {
  if (cur.column === column) return { column, dir: cur.dir === 'asc' ? 'desc' : 'asc' };
  return { column, dir: column === 'id' ? 'asc' : 'desc' };
}

/** The slice of rows to render for a scroll position (fixed row height), with overscan. */
export function visibleWindow(total: number, scrollTop: number, viewport: number, rowHeight: number, overscan = 8): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(total, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}
