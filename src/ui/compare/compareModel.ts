/**
 * Pure model of the Compare tab: the table rows of a CompareResult for one metric, sorting, the CSV of
 * the table, the cases table, and the effect/q maps the graph's difference colouring uses.
 */
import type { CaseRow, CompareResult, CompareRow, ElementMetric, TestResult } from '../../analysis/compare/types';
import type { TimelineData } from '../../analysis/types';
import type { DifferenceMap } from '../contracts';
import { toCsv } from '../../lib/csv';

export type SortKey = 'effect' | 'q' | 'ratio' | 'id' | 'green' | 'red';

export interface TableRow {
  kind: CompareRow['kind'];
  id: string;
  source?: string;
  target?: string;
  side: CompareRow['side'];
  greenCases: number;
  redCases: number;
  /** Mean per case of the metric on each side (null when the element has no such metric). */
  green: number | null;
  red: number | null;
  ratio: number | null;
  diff: number | null;
  test: TestResult | null;
  greenMeanDur: number | null;
  redMeanDur: number | null;
  greenDr: number | null;
  redDr: number | null;
  greenMc: number | null;
  redMc: number | null;
  greenFail: number | null;
  redFail: number | null;
  /** Activities: the per-call test (every call's duration, green against red). */
  perCall: CompareRow['perCall'] | null;
}

/** The element metric actually shown for a row: edges have count only. */
export const rowMetric = (r: CompareRow, m: ElementMetric): ElementMetric => (r.kind === 'edge' ? 'count' : m);

export function tableRows(res: CompareResult, kind: CompareRow['kind'], metric: ElementMetric): TableRow[] {
  const rows = { activity: res.activities, edge: res.edges, layer: res.layers ?? [], site: res.sites ?? [] }[kind];
  return rows.map((r) => {
    const m = rowMetric(r, metric);
    const mean = r.mean[m];
    return {
      kind: r.kind,
      id: r.id,
      ...(r.source !== undefined ? { source: r.source, target: r.target } : {}),
      side: r.side,
      greenCases: r.green.cases,
      redCases: r.red.cases,
      green: mean ? mean.green : null,
      red: mean ? mean.red : null,
      ratio: r.ratio[m] ?? null,
      diff: r.diff[m] ?? null,
      test: r.tests[m] ?? null,
      greenMeanDur: r.green.meanDur,
      redMeanDur: r.red.meanDur,
      greenDr: r.green.dr,
      redDr: r.red.dr,
      greenMc: r.green.mc,
      redMc: r.red.mc,
      greenFail: r.green.failureRate,
      redFail: r.red.failureRate,
      perCall: r.perCall ?? null,
    };
  });
}

const nullLast = (a: number | null, b: number | null, desc: boolean): number => {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return desc ? b - a : a - b;
};

/** Sorted copy: |effect| and ratio descending, q ascending, names ascending; `reverse` flips. Nulls last. */
export function sortRows(rows: readonly TableRow[], key: SortKey, reverse = false): TableRow[] {
  const by = (x: TableRow, y: TableRow): number => {
    switch (key) {
      case 'effect':
        return nullLast(x.test?.effect == null ? null : Math.abs(x.test.effect), y.test?.effect == null ? null : Math.abs(y.test.effect), true);
      case 'q':
        return nullLast(x.test?.q ?? null, y.test?.q ?? null, false);
      case 'ratio':
        return nullLast(x.ratio === null ? null : Math.abs(Math.log(x.ratio || 1e-300)), y.ratio === null ? null : Math.abs(Math.log(y.ratio || 1e-300)), true);
      case 'green':
        return nullLast(x.green, y.green, true);
      case 'red':
        return nullLast(x.red, y.red, true);
      case 'id':
        return 0;
    }
  };
  const name = (x: TableRow, y: TableRow): number => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  const out = [...rows].sort((x, y) => by(x, y) || name(x, y));
  return reverse ? out.reverse() : out;
}

/** The table as CSV (SI units: seconds, bytes, bytes/s), one row per element, every tested metric. */
export function compareCsv(res: CompareResult): string {
  const head = ['kind', 'element', 'side', 'green_cases', 'red_cases'];
  const metrics: ElementMetric[] = ['count', 'bytes', 'time'];
  for (const m of metrics) head.push(`${m}_green_mean`, `${m}_red_mean`, `${m}_ratio`, `${m}_u`, `${m}_p`, `${m}_effect`, `${m}_q`);
  head.push('mean_duration_green_s', 'mean_duration_red_s', 'dr_green', 'dr_red', 'mc_green', 'mc_red', 'failure_rate_green', 'failure_rate_red');
  head.push('per_call_n_green', 'per_call_n_red', 'per_call_median_green_s', 'per_call_median_red_s', 'per_call_u', 'per_call_p', 'per_call_effect', 'per_call_q');
  const rows = [...res.activities, ...res.edges].map((r) => {
    const cells: (string | number | null)[] = [r.kind, r.id, r.side, r.green.cases, r.red.cases];
    for (const m of metrics) {
      const t = r.tests[m];
      const mean = r.mean[m];
      cells.push(mean?.green ?? null, mean?.red ?? null, r.ratio[m] ?? null, t?.u ?? null, t?.p ?? null, t?.effect ?? null, t?.q ?? null);
    }
    cells.push(r.green.meanDur, r.red.meanDur, r.green.dr, r.red.dr, r.green.mc, r.red.mc, r.green.failureRate, r.red.failureRate);
    const pc = r.perCall;
    cells.push(pc?.green.n ?? null, pc?.red.n ?? null, pc?.green.median ?? null, pc?.red.median ?? null, pc?.test.u ?? null, pc?.test.p ?? null, pc?.test.effect ?? null, pc?.test.q ?? null);
    return cells;
  });
  return toCsv(head, rows);
}

export type CaseSortKey = 'id' | 'side' | 'host' | 'rid' | 'wall' | 'traced' | 'coverage' | 'events' | 'bytes' | 'failures';

/**
 * What the cases table's id column holds (the last part of a trace file's name, `{cid}_{host}_{rid}.st`):
 * "rank" only where it is an MPI rank (CaseRow.rank, analysis/ranks.ts: a cid's rids are exactly 0 … k−1);
 * other numbers are "pid / case" (src/ui/strace.sh names a run outside MPI by its pid, `$$`; hand-named files
 * often by a case number); anything else "id"; a mix of ranks and others "rank / pid".
 */
export function ridColumn(cases: readonly Pick<CaseRow, 'rid' | 'rank'>[]): string {
  const withRid = cases.filter((c) => c.rid !== '');
  const ranks = withRid.filter((c) => c.rank).length;
  const numeric = withRid.every((c) => /^\d+$/.test(c.rid));
  return withRid.length === 0 || !numeric ? 'id' : ranks === withRid.length ? 'rank' : ranks === 0 ? 'pid / case' : 'rank / pid';
}

/** Cases of both sides (unassigned ones left out), filtered by a search text, sorted. */
export function caseRows(res: CompareResult, search: string, key: CaseSortKey, reverse = false): CaseRow[] {
  const s = search.trim().toLowerCase();
  const rows = res.cases.filter((c) => c.side !== null && (s === '' || `${c.id} ${c.host} ${c.rid} ${c.side}`.toLowerCase().includes(s)));
  const val = (c: CaseRow): number | string | null => (key === 'bytes' ? c.bytesRead + c.bytesWritten : c[key]);
  const out = rows.sort((x, y) => {
    const a = val(x);
    const b = val(y);
    if (typeof a === 'string' || typeof b === 'string') return String(a ?? '').localeCompare(String(b ?? ''), 'en', { numeric: true }) || (x.id < y.id ? -1 : 1);
    return nullLast(a, b, true) || (x.id < y.id ? -1 : 1);
  });
  return reverse ? out.reverse() : out;
}

/** Effect and q per node id and per edge key for the difference colouring (edges: their count test). */
export function differenceMap(res: CompareResult, metric: ElementMetric): DifferenceMap {
  const nodes: DifferenceMap['nodes'] = {};
  const edges: DifferenceMap['edges'] = {};
  for (const r of res.activities) {
    const t = r.tests[metric];
    nodes[r.id] = { effect: t?.effect ?? null, q: t?.q ?? null, ...(t?.separated ? { separated: true } : {}) };
  }
  for (const r of res.edges) {
    const t = r.tests.count;
    edges[r.id] = { effect: t?.effect ?? null, q: t?.q ?? null, ...(t?.separated ? { separated: true } : {}) };
  }
  return { metric, nodes, edges, n: `n = ${res.green.ids.length} vs ${res.red.ids.length}` };
}

/**
 * A timeline with every case's events shifted so that the case's first event (of any activity, from the
 * comparison's case measures) is at 0 s: relative time, green and red runs on one scale. Rows of cases
 * without a known start keep their times.
 */
export function alignAtCaseStart(t: TimelineData, res: CompareResult): TimelineData {
  const startOf = new Map(res.cases.map((c) => [c.id, c.start]));
  const rowShift = t.rowCase.map((id) => startOf.get(id) ?? 0);
  const start = new Float64Array(t.start.length);
  for (let i = 0; i < start.length; i++) start[i] = t.start[i] - rowShift[t.row[i]];
  return { ...t, timeBase: 'relative', start };
}
