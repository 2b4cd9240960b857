/**
 * CompareResult → the JSON document of `strace-dfg compare --json` and of the app's comparison export
 * (docs/FORMATS.md "Compare JSON output"). Pure: no DOM, no Node.
 */
import { reportText } from '../../lib/format';
import { CASE_METRICS, ELEMENT_METRICS, type CompareResult, type CompareRow, type SideColumn, type Spread, type Alignment, type StructuralDifference, type TestResult, type TopDifference } from './types';

export interface JsonTest {
  u: number | null;
  p: number | null;
  effect: number | null;
  q: number | null;
  method: 'exact' | 'asymptotic' | null;
  /** Complete separation with ≥ 3 cases a side (docs/METHOD.md "Complete separation"). */
  separated: boolean;
}

export interface JsonSide {
  cases: number;
  count: number[];
  /** Activities: Σ size per case of the side (0 for a case without sized calls: always an array). */
  bytes?: number[];
  time?: number[] | null;
  total_count: number;
  total_bytes?: number | null;
  total_time?: number | null;
  mean_duration?: number | null;
  dr?: number | null;
  mc?: number | null;
  failure_rate?: number | null;
  mean_gap?: number | null;
}

export interface JsonRow {
  side: 'green' | 'red' | 'both';
  green: JsonSide;
  red: JsonSide;
  tests: Record<string, JsonTest>;
  /** Per metric: mean per case of each side, red/green, red − green. */
  mean: Record<string, { green: number; red: number }>;
  ratio: Record<string, number | null>;
  diff: Record<string, number>;
  /** Activities with durations: every call's duration, green against red (docs/METHOD.md "Per-call tests"). */
  per_call?: { green: { n: number; median: number | null; mean: number | null }; red: { n: number; median: number | null; mean: number | null }; test: JsonTest };
}

export interface CompareJson {
  cases: Record<
    string,
    {
      side: 'green' | 'red' | null;
      wall: number | null;
      traced: number | null;
      coverage: number | null;
      untraced: number | null;
      events: number;
      /** bytes_read + bytes_written. */
      bytes: number;
      bytes_read: number;
      bytes_written: number;
      failures: number;
      cid: string;
      host: string;
      rank: string;
    }
  >;
  sides: Record<'green' | 'red', { cases: string[] } & Record<string, Spread | string[]>>;
  case_tests: Record<string, JsonTest>;
  activities: Record<string, JsonRow>;
  edges: Record<string, JsonRow>;
  /** Per layer and per call site (logs with stacks or layers). */
  layers?: Record<string, JsonRow>;
  sites?: Record<string, JsonRow>;
  /** Activities and edges in every case of one side and none of the other (docs/METHOD.md "Structural differences"). */
  structural: StructuralDifference[];
  /** Places that play the same role on both sides, with the rewrites that align them (docs/METHOD.md "Like for like"). */
  alignments: Alignment[];
  /** Alignments the mapping already applies (rewrites to an alignment label). */
  applied: { label: string; patterns: string[] }[];
  top: string[];
  top_refs: TopDifference[];
  testable: boolean;
  note: string | null;
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const arr = (a: Float64Array | null): number[] | null => (a === null ? null : Array.from(a));

function jsonTest(t: TestResult | undefined): JsonTest {
  return { u: num(t?.u), p: num(t?.p), effect: num(t?.effect), q: num(t?.q), method: t?.method ?? null, separated: t?.separated === true };
}

function jsonSide(c: SideColumn, kind: CompareRow['kind']): JsonSide {
  if (kind === 'edge') return { cases: c.cases, count: Array.from(c.count), total_count: c.totalCount, mean_gap: num(c.meanGap) };
  return {
    cases: c.cases,
    count: Array.from(c.count),
    bytes: c.bytes === null ? new Array<number>(c.count.length).fill(0) : Array.from(c.bytes),
    time: arr(c.time),
    total_count: c.totalCount,
    total_bytes: num(c.totalBytes),
    total_time: num(c.totalTime),
    mean_duration: num(c.meanDur),
    dr: num(c.dr),
    mc: num(c.mc),
    failure_rate: num(c.failureRate),
  };
}

function jsonRow(r: CompareRow): JsonRow {
  const metrics = r.kind === 'edge' ? (['count'] as const) : ELEMENT_METRICS;
  const tests: Record<string, JsonTest> = {};
  const ratio: Record<string, number | null> = {};
  for (const m of metrics) {
    tests[m] = jsonTest(r.tests[m]);
    if (m in r.ratio) ratio[m] = num(r.ratio[m]);
  }
  const out: JsonRow = { side: r.side, green: jsonSide(r.green, r.kind), red: jsonSide(r.red, r.kind), tests, mean: { ...r.mean }, ratio, diff: { ...r.diff } };
  if (r.perCall) out.per_call = { green: { ...r.perCall.green }, red: { ...r.perCall.red }, test: jsonTest(r.perCall.test) };
  return out;
}

export function toCompareJson(res: CompareResult): CompareJson {
  const cases: CompareJson['cases'] = {};
  for (const c of res.cases) {
    cases[c.id] = {
      side: c.side,
      wall: num(c.wall),
      traced: num(c.traced),
      coverage: num(c.coverage),
      untraced: num(c.untraced),
      events: c.events,
      bytes: c.bytesRead + c.bytesWritten,
      bytes_read: c.bytesRead,
      bytes_written: c.bytesWritten,
      failures: c.failures,
      cid: c.cid,
      host: c.host,
      rank: c.rid,
    };
  }
  const side = (s: CompareResult['green']): CompareJson['sides']['green'] => ({ cases: s.ids.slice(), ...Object.fromEntries(CASE_METRICS.map((m) => [m, { ...s.stats[m] }])) });
  const caseTests: Record<string, JsonTest> = {};
  for (const m of CASE_METRICS) caseTests[m] = jsonTest(res.caseTests[m]);
  const rows = (list: CompareRow[]): Record<string, JsonRow> => Object.fromEntries(list.map((r) => [r.id, jsonRow(r)]));
  return {
    cases,
    sides: { green: side(res.green), red: side(res.red) },
    case_tests: caseTests,
    activities: rows(res.activities),
    edges: rows(res.edges),
    ...(res.layers ? { layers: rows(res.layers) } : {}),
    ...(res.sites ? { sites: rows(res.sites) } : {}),
    structural: (res.structural ?? []).map((x) => ({ ...x })),
    alignments: (res.alignments ?? []).map((a) => ({ ...(JSON.parse(JSON.stringify(a)) as Alignment), text: reportText(a.text) })),
    applied: (res.applied ?? []).map((a) => ({ label: a.label, patterns: [...a.patterns] })),
    top: res.top.map((t) => reportText(t.text)),
    top_refs: res.top.map((t) => ({ ...t, text: reportText(t.text) })),
    testable: res.testable,
    note: res.note,
  };
}
