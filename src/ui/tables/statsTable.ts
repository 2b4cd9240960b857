/**
 * Pure logic of the statistics table: columns, formatting, why a value is missing, sorting, filtering.
 */
import type { ActivityStats } from '../../analysis/types';
import { formatBytes, formatCount, formatPercent, formatRate } from '../../lib/format';

export type StatsColumn = 'id' | 'count' | 'rd' | 'bytes' | 'dr' | 'mc' | 'DR' | 'cases';
export type SortDir = 'asc' | 'desc';
export interface SortSpec {
  column: StatsColumn;
  dir: SortDir;
}

export interface ColumnDef {
  key: StatsColumn;
  label: string;
  /** Header tooltip: what the column means and its unit. */
  help: string;
  numeric: boolean;
}

export const COLUMNS: ColumnDef[] = [
  { key: 'id', label: 'activity', help: 'call:truncated path', numeric: false },
  { key: 'count', label: 'count', help: 'number of events', numeric: true },
  { key: 'rd', label: 'rd', help: 'relative duration: share of the total time spent in calls (%)', numeric: true },
  { key: 'bytes', label: 'bytes', help: 'bytes moved by read/write calls (binary units: 1 KiB = 1024 B)', numeric: true },
  { key: 'dr', label: 'dr', help: 'mean process data rate, size/dur per event (binary units per second)', numeric: true },
  { key: 'mc', label: 'mc', help: 'max concurrency: most events of the activity running at the same instant', numeric: true },
  { key: 'DR', label: 'DR', help: 'mc × dr: estimated I/O load on the system (binary units per second)', numeric: true },
  { key: 'cases', label: 'cases', help: 'number of cases (trace files) containing the activity', numeric: true },
];

/** What the table knows about the load, to explain missing values. */
export interface LoadInfo {
  hasDurations?: boolean;
  hasTimestamps?: boolean;
}

/** Relative duration with enough digits that small shares do not read as 0.0%. */
export function rdText(rd: number | null): string {
  if (rd === null || Number.isNaN(rd)) return '–';
  const pct = rd * 100;
  if (pct === 0 || pct >= 1) return formatPercent(rd, 1);
  if (pct < 0.001) return '<0.001%';
  return formatPercent(rd, pct >= 0.1 ? 2 : 3);
}

export function cellText(s: ActivityStats, c: StatsColumn): string {
  switch (c) {
    case 'id':
      return s.id;
    case 'count':
      return formatCount(s.count);
    case 'rd':
      return rdText(s.rd);
    case 'bytes':
      return formatBytes(s.bytes);
    case 'dr':
      return formatRate(s.dr);
    case 'mc':
      return formatCount(s.mc);
    case 'DR':
      return formatRate(s.DR);
    case 'cases':
      return formatCount(s.cases);
  }
}

/** Tooltip of a cell: the exact value, or why it is missing (shown as "–"). */
export function cellTitle(s: ActivityStats, c: StatsColumn, info: LoadInfo = {}): string {
  const noDur = info.hasDurations === false ? 'no durations in the traces: re-trace with strace -T' : null;
  const noTime = info.hasTimestamps === false ? 'no timestamps in the traces: re-trace with strace -tt' : null;
  switch (c) {
    case 'id':
      return s.id;
    case 'count':
      return `${s.count} events`;
    case 'cases':
      return `${s.cases} cases`;
    case 'rd':
      return s.rd === null ? (noDur ?? 'unknown: the durations of these events are unknown (strace -T)') : `${(s.rd * 100).toPrecision(6)} % of the total call time${s.dur !== null ? ` (${s.dur} s)` : ''}`;
    case 'bytes':
      return s.bytes === null ? 'no size: only read/write-family calls move bytes' : `${s.bytes} B`;
    case 'dr':
      if (s.dr !== null) return `${s.dr.toPrecision(6)} B/s`;
      if (noDur) return noDur;
      return s.bytes === null ? 'no rate: no event of this activity moves bytes' : 'no rate: every sized event has zero or unknown duration';
    case 'mc':
      if (s.mc !== null) return `up to ${s.mc} events at the same instant`;
      return noTime ?? noDur ?? 'unknown: needs timestamps (-tt) and durations (-T)';
    case 'DR':
      if (s.DR !== null) return `${s.DR.toPrecision(6)} B/s = mc × dr`;
      return `unknown: needs both mc and dr (${s.mc === null ? 'mc' : 'dr'} is missing)`;
  }
}

function value(s: ActivityStats, c: Exclude<StatsColumn, 'id'>): number | null {
  return s[c];
}

/**
 * Sorted copy. Missing values (null / NaN) always sort last whatever the direction; ties are broken by
 * activity id so the order is stable and deterministic.
 */
export function sortStats(rows: readonly ActivityStats[], spec: SortSpec): ActivityStats[] {
  const sign = spec.dir === 'asc' ? 1 : -1;
  const byId = (a: ActivityStats, b: ActivityStats) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const out = rows.slice();
  if (spec.column === 'id') {
    out.sort((a, b) => sign * byId(a, b));
    return out;
  }
  const c = spec.column;
  out.sort((a, b) => {
    const va = value(a, c);
    const vb = value(b, c);
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

/** CSV of the rows as shown (exact numbers, not formatted), for export. */
export function statsCsv(rows: readonly ActivityStats[]): string {
  const q = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const n = (v: number | null) => (v === null ? '' : String(v));
  const lines = ['activity,count,dur_s,rd,bytes,dr_Bps,mc,DR_Bps,cases'];
  for (const r of rows) lines.push([q(r.id), r.count, n(r.dur), n(r.rd), n(r.bytes), n(r.dr), n(r.mc), n(r.DR), r.cases].join(','));
  return `${lines.join('\n')}\n`;
}
