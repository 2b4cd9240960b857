/**
 * Pure logic of the Call sites table (docs/METHOD.md "Layers"): one row per call site of the analysed events
 * (Session.layers' `sites`: the first frame in the program's own binary) with its calls, bytes, time, layers,
 * files and library entries; sorting and filtering (the filter matches the site, a layer, a file or an entry).
 */
import type { CallSiteRow } from '../../analysis/layers/report';
import { formatBytes, formatCount, formatSeconds } from '../../lib/format';
import { byText, nextSort, sortRows, type ColumnDef, type ColumnSort } from '../tables/columns';

export type SitesColumn = 'site' | 'calls' | 'bytes' | 'time' | 'layers' | 'entries' | 'files';

export type SitesColumnDef = ColumnDef<SitesColumn>;

export const SITE_COLUMNS: readonly SitesColumnDef[] = [
  { key: 'site', label: 'call site', help: "the first frame of the call's stack in the program's own binary (function, binary+offset, file:line when strace printed it)", numeric: false },
  { key: 'calls', label: 'calls', help: 'system calls issued from this site', numeric: true },
  { key: 'bytes', label: 'bytes', help: 'bytes read or written by those calls (calls with a size)', numeric: true },
  { key: 'time', label: 'time', help: 'time in those calls (calls with a known duration)', numeric: true },
  { key: 'layers', label: 'layers', help: 'the layers the calls went through (the rule table of docs/METHOD.md "Layers"), most calls first', numeric: false },
  { key: 'entries', label: 'entry', help: 'the library function the program called (the outermost frame of the layer), most calls first', numeric: false },
  { key: 'files', label: 'files', help: 'the files of the calls, most calls first', numeric: false },
];

export type SitesSort = ColumnSort<SitesColumn>;

/** `a (3), b (1)`: the keys by count, most first (ties: name), at most `max` then `+N`. */
export function topList(m: Record<string, number>, max = 3): string {
  const e = Object.entries(m).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shown = e.slice(0, max).map(([k, n]) => `${k} (${formatCount(n)})`);
  return e.length > max ? `${shown.join(', ')} +${e.length - max}` : shown.join(', ');
}

export function siteCell(r: CallSiteRow, c: SitesColumn): string {
  switch (c) {
    case 'site':
      return r.site;
    case 'calls':
      return formatCount(r.calls);
    case 'bytes':
      return r.bytes > 0 ? formatBytes(r.bytes) : '–';
    case 'time':
      return r.time > 0 ? formatSeconds(r.time) : '–';
    case 'layers':
      return topList(r.layers, 4);
    case 'entries':
      return topList(r.entries, 2);
    case 'files':
      return topList(r.files, 2);
  }
}

/** Every key of the lists, for the cell's title (the cell shows the first few). */
export function siteTitle(r: CallSiteRow, c: SitesColumn): string {
  const m = c === 'layers' ? r.layers : c === 'entries' ? r.entries : c === 'files' ? r.files : null;
  return m ? topList(m, Infinity) : siteCell(r, c);
}

/** Rows whose site, a layer, a file or an entry contains the query (case-insensitive). */
export function filterSites(rows: readonly CallSiteRow[], query: string): CallSiteRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...rows];
  const has = (s: string): boolean => s.toLowerCase().includes(q);
  return rows.filter((r) => has(r.site) || Object.keys(r.layers).some(has) || Object.keys(r.files).some(has) || Object.keys(r.entries).some(has));
}

const first = (m: Record<string, number>): string => topList(m, 1);

export function sortSites(rows: readonly CallSiteRow[], s: SitesSort): CallSiteRow[] {
  const key = (r: CallSiteRow): number | string => {
    switch (s.column) {
      case 'calls':
      case 'bytes':
      case 'time':
        return r[s.column];
      case 'site':
        return r.site;
      default:
        return first(s.column === 'layers' ? r.layers : s.column === 'entries' ? r.entries : r.files);
    }
  };
  return sortRows(rows, key, s.dir, (a, b) => byText(a.site, b.site));
}

/** A click on a header: the same column flips, another starts descending (numbers) or ascending (text). */
export function nextSitesSort(s: SitesSort, column: SitesColumn): SitesSort {
  return nextSort(s, column, !SITE_COLUMNS.find((c) => c.key === column)!.numeric);
}
