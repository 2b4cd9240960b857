/**
 * compare(): green against red with numbers (docs/METHOD.md "Comparing green and red"). Per case the
 * measures of the whole case (cases.ts); per activity and edge the per-case count/bytes/time of each side
 * (one pass, matrix.ts), per-side statistics, Mann–Whitney U tests across the cases of the two sides with
 * Cliff's delta and Benjamini–Hochberg q (stats.ts), and the top differences in sentences (top.ts).
 */
import { sumSeconds } from '../../lib/ticks';
import type { EventLog } from '../../model';
import { sideConcurrency } from './sideMc';
import { compileMapping, type CompiledMapping } from '../mapping';
import { caseSides } from '../partition';
import { rankCids } from '../ranks';
import { END, START, edgeKey, type MappingSpec, type PartitionSpec } from '../types';
import { layerRows } from '../layers/compare';
import type { CaseMeasures } from './cases';
import { gapSentence } from '../time/gaps';
import { LogIndex } from '../logIndex';
import { compareMatrix, type CompareMatrix, type Sparse } from './matrix';
import { benjaminiHochberg, mannWhitneyU } from './stats';
import { adjustPerCall, callDurations, callsOf, perCall, PER_CALL_MAX } from './percall';
import { alignments, isAlignLabel } from './align';
import { splitActivity, structuralDifferences } from './structural';
import { topDifferences } from './top';
import {
  CASE_METRICS,
  NO_TEST,
  SEPARATION_MIN,
  type CaseMetric,
  type CaseRow,
  type CompareResult,
  type CompareRow,
  type ElementMetric,
  type SideColumn,
  type SideSummary,
  type Spread,
  type TestResult,
} from './types';

export interface CompareOptions {
  /** Compute the per-side max concurrency (default true): one sweep of the log's time-ordered sequence. */
  mc?: boolean;
  /** How many top-difference sentences (default 8). */
  top?: number;
}

/** Minimum cases per side for a test. */
export const MIN_CASES = 2;

/** A test of green vs red, or NO_TEST when a side has fewer than MIN_CASES values. q is set later. */
function test(g: ArrayLike<number>, r: ArrayLike<number>): TestResult {
  if (g.length < MIN_CASES || r.length < MIN_CASES) return { ...NO_TEST };
  const t = mannWhitneyU(g, r);
  const separated = Math.abs(t.effect) === 1 && g.length >= SEPARATION_MIN && r.length >= SEPARATION_MIN;
  return { u: t.u, p: t.p, effect: t.effect, q: null, method: t.method, ...(separated ? { separated } : {}) };
}

/** Quartiles with numpy's default linear interpolation; NaN values are left out. */
export function spread(values: ArrayLike<number>): Spread {
  const v = Float64Array.from(values).filter((x) => x === x).sort();
  const n = v.length;
  if (n === 0) return { median: null, min: null, max: null, q1: null, q3: null };
  const at = (p: number): number => {
    const h = (n - 1) * p;
    const lo = Math.floor(h);
    const hi = Math.min(n - 1, lo + 1);
    return v[lo] + (h - lo) * (v[hi] - v[lo]);
  };
  return { median: at(0.5), min: v[0], max: v[n - 1], q1: at(0.25), q3: at(0.75) };
}

const orNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** Mean per case; `time` (seconds) summed in integer ns (src/lib/ticks.ts): equal sides give equal means. */
function mean(a: Float64Array, metric: ElementMetric): number {
  if (!a.length) return 0;
  if (metric === 'time') return sumSeconds(a) / a.length;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s / a.length;
}

function sum(a: Float64Array | null): number | null {
  if (a === null) return null;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  return s;
}

/** The per-case columns of element x on both sides from the sparse matrix. */
function columns(sp: Sparse, x: number, nG: number, nR: number, withBytes: boolean, withTime: boolean) {
  const mk = (n: number): [Float64Array, Float64Array | null, Float64Array | null] => [new Float64Array(n), withBytes ? new Float64Array(n) : null, withTime ? new Float64Array(n) : null];
  const cols = [mk(nG), mk(nR)];
  const present = [0, 0];
  for (let j = sp.off[x]; j < sp.off[x + 1]; j++) {
    const s = sp.side[j];
    const p = sp.pos[j];
    const c = cols[s];
    c[0][p] = sp.count[j];
    if (c[1]) c[1][p] = sp.bytes[j];
    if (c[2]) c[2][p] = sp.time[j];
    present[s]++;
  }
  return { cols, present };
}

function emptyColumn(): Omit<SideColumn, 'cases' | 'count' | 'bytes' | 'time'> {
  return { totalCount: 0, totalBytes: null, totalTime: null, meanDur: null, dr: null, mc: null, failureRate: null, meanGap: null };
}

function finishRow(row: Omit<CompareRow, 'mean' | 'ratio' | 'diff' | 'tests'>, metrics: ElementMetric[]): CompareRow {
  const out: CompareRow = { ...row, mean: {}, ratio: {}, diff: {}, tests: {} };
  for (const m of metrics) {
    const g = row.green[m];
    const r = row.red[m];
    if (g === null || r === null) continue;
    const mg = mean(g, m);
    const mr = mean(r, m);
    out.mean[m] = { green: mg, red: mr };
    out.ratio[m] = mg > 0 ? mr / mg : null;
    out.diff[m] = mr - mg;
    out.tests[m] = test(g, r);
  }
  return out;
}

function sideOfRow(g: number, r: number): 'green' | 'red' | 'both' {
  return g > 0 ? (r > 0 ? 'both' : 'green') : 'red';
}

function activityRows(mat: CompareMatrix, names: string[], mc: (Uint32Array | null)[]): CompareRow[] {
  const A = mat.A;
  const nG = mat.sideCases[0].length;
  const nR = mat.sideCases[1].length;
  const rows: CompareRow[] = [];
  for (let a = 0; a < A; a++) {
    if (mat.act.off[a] === mat.act.off[a + 1]) continue;
    const withBytes = mat.actSizeN[a] + mat.actSizeN[A + a] > 0;
    const withTime = mat.actDurN[a] + mat.actDurN[A + a] > 0;
    const { cols, present } = columns(mat.act, a, nG, nR, withBytes, withTime);
    const side = (s: number): SideColumn => {
      const [count, bytes, time] = cols[s];
      const i = s * A + a;
      const totalCount = sum(count)!;
      const totalTime = time === null ? null : sumSeconds(time);
      return {
        ...emptyColumn(),
        cases: present[s],
        count,
        bytes,
        time,
        totalCount,
        totalBytes: sum(bytes),
        totalTime,
        meanDur: totalTime !== null && mat.actDurN[i] > 0 ? totalTime / mat.actDurN[i] : null,
        dr: mat.actRateN[i] > 0 ? mat.actRateSum[i] / mat.actRateN[i] : null,
        mc: mc[s] !== null && mat.actDurN[i] > 0 ? mc[s]![a] : null,
        failureRate: totalCount > 0 ? mat.actFail[i] / totalCount : null,
      };
    };
    const metrics: ElementMetric[] = ['count'];
    if (withBytes) metrics.push('bytes');
    if (withTime) metrics.push('time');
    rows.push(finishRow({ kind: 'activity', id: names[a], side: sideOfRow(present[0], present[1]), green: side(0), red: side(1) }, metrics));
  }
  return rows;
}

function edgeRows(mat: CompareMatrix, names: string[]): CompareRow[] {
  const A = mat.A;
  const E = mat.edges.n;
  const nG = mat.sideCases[0].length;
  const nR = mat.sideCases[1].length;
  const node = (x: number): string => (x === A ? START : x === A + 1 ? END : names[x]);
  const rows: CompareRow[] = [];
  for (let e = 0; e < E; e++) {
    const { cols, present } = columns(mat.edge, e, nG, nR, false, false);
    const side = (s: number): SideColumn => {
      const n = mat.edgeGapN[s * E + e];
      return { ...emptyColumn(), cases: present[s], count: cols[s][0], bytes: null, time: null, totalCount: sum(cols[s][0])!, meanGap: n > 0 ? mat.edgeGapSum[s * E + e] / n : null };
    };
    const source = node(mat.edges.src[e]);
    const target = node(mat.edges.dst[e]);
    rows.push(finishRow({ kind: 'edge', id: edgeKey(source, target), source, target, side: sideOfRow(present[0], present[1]), green: side(0), red: side(1) }, ['count']));
  }
  return rows;
}

/** Sets q on every test of `tests` (one Benjamini–Hochberg family). */
function adjust(tests: TestResult[]): void {
  const q = benjaminiHochberg(tests.map((t) => t.p));
  tests.forEach((t, i) => (t.q = q[i]));
}

const bestQ = (r: CompareRow): number => Math.min(...Object.values(r.tests).map((t) => t?.q ?? 2));
const bestEffect = (r: CompareRow): number => Math.max(...Object.values(r.tests).map((t) => Math.abs(t?.effect ?? 0)));
/** Most significant first, then the largest |effect|, then by id. */
const rowOrder = (x: CompareRow, y: CompareRow): number => bestQ(x) - bestQ(y) || bestEffect(y) - bestEffect(x) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** The case measures with `untraced` (analysis/time/gaps.ts: Σ of the case's gaps = wall − traced). */
type Measures = CaseMeasures & { untraced: Float64Array };

function caseRows(log: EventLog, cm: Measures, side: Uint8Array): CaseRow[] {
  const ranked = rankCids(log.cases);
  return log.cases.map((c, k) => ({
    id: c.id,
    cid: c.cid,
    host: c.host,
    rid: c.rid,
    rank: ranked.has(c.cid),
    side: side[k] === 1 ? 'green' : side[k] === 2 ? 'red' : null,
    start: orNull(cm.first[k]),
    wall: orNull(cm.wall[k]),
    traced: orNull(cm.traced[k]),
    coverage: orNull(cm.coverage[k]),
    untraced: orNull(cm.untraced[k]),
    events: cm.events[k],
    bytesRead: cm.bytesRead[k],
    bytesWritten: cm.bytesWritten[k],
    failures: cm.failures[k],
  }));
}

function caseValues(cm: Measures, cases: Uint32Array, m: CaseMetric): Float64Array {
  const col = cm[m];
  const out = new Float64Array(cases.length);
  for (let j = 0; j < cases.length; j++) out[j] = col[cases[j]];
  return out;
}

/** Green against red (`index`: the log's LogIndex, for its per-case measures and mc sequence; made here without one). */
export function compare(log: EventLog, spec: MappingSpec, partition: PartitionSpec, compiled?: CompiledMapping, options: CompareOptions = {}, index: LogIndex = new LogIndex(log)): CompareResult {
  if (index.log !== log) throw new Error('compare: the index belongs to another log');
  const m = compiled ?? compileMapping(log, spec);
  if (m.pairAct.length !== log.pairCall.length) throw new Error('compare: the compiled mapping belongs to another log');
  const A = m.activities.length;
  const side = caseSides(log, partition);
  const hasTimestamps = log.timeBase !== 'none';
  const mat = compareMatrix(log, m.pairAct, A, side, hasTimestamps);
  const ut = index.untraced;
  const cm: Measures = { ...index.caseMeasures, untraced: new Float64Array(log.cases.length).fill(NaN) };
  if (ut.located) for (const c of ut.cases) cm.untraced[c.case] = c.untraced;
  const [gc, rc] = mat.sideCases;
  let hasDurations = false;
  for (let i = 0; i < 2 * A && !hasDurations; i++) hasDurations = mat.actDurN[i] > 0;
  if (!hasDurations) for (const k of [...gc, ...rc]) if (cm.traced[k] === cm.traced[k]) hasDurations = true;

  let mc: (Uint32Array | null)[] = [null, null];
  if (options.mc !== false && hasTimestamps && hasDurations) {
    const side = new Uint8Array(log.cases.length);
    for (const k of gc) side[k] = 1;
    for (const k of rc) side[k] = 2;
    mc = sideConcurrency(log, m.pairAct, A, side, index.sequence);
  }

  const activities = activityRows(mat, m.activities, mc);
  const edges = edgeRows(mat, m.activities);
  adjust([...activities, ...edges].flatMap((r) => Object.values(r.tests)));
  // per call: the durations of the individual calls of each activity, green against red
  const calls = hasDurations ? callDurations(log, m.pairAct, A, side, PER_CALL_MAX, mat.actDurN) : null;
  const actIdx = new Map(m.activities.map((a, i) => [a, i]));
  if (calls) {
    const list = activities.filter((r) => r.green.time !== null).map((r) => (r.perCall = perCall(callsOf(calls, 0, actIdx.get(r.id)!), callsOf(calls, 1, actIdx.get(r.id)!))));
    adjustPerCall(list);
  }
  activities.sort(rowOrder);
  edges.sort(rowOrder);

  const caseTests = {} as Record<CaseMetric, TestResult>;
  const summary = (cases: Uint32Array): SideSummary => ({
    ids: Array.from(cases, (k) => log.cases[k].id),
    stats: Object.fromEntries(CASE_METRICS.map((x) => [x, spread(caseValues(cm, cases, x))])) as Record<CaseMetric, Spread>,
  });
  for (const x of CASE_METRICS) {
    const known = (v: Float64Array): Float64Array => v.filter((y) => y === y);
    caseTests[x] = test(known(caseValues(cm, gc, x)), known(caseValues(cm, rc, x)));
  }
  adjust(Object.values(caseTests));

  const hosts = new Set<string>();
  for (const k of [...gc, ...rc]) if (log.cases[k].host !== '') hosts.add(log.cases[k].host);
  const testable = gc.length >= MIN_CASES && rc.length >= MIN_CASES;
  const note = testable
    ? null
    : `no tests: ${gc.length} green and ${rc.length} red case${rc.length === 1 ? '' : 's'} — a test needs at least ${MIN_CASES} cases on each side`;
  const res: CompareResult = {
    green: summary(gc),
    red: summary(rc),
    cases: caseRows(log, cm, side),
    caseTests,
    activities,
    edges,
    top: [],
    testable,
    note,
    hasDurations,
    hasTimestamps,
    hosts: hosts.size,
    perCallNote: hasDurations && !calls ? `no per-call tests: more than ${PER_CALL_MAX.toLocaleString('en-US')} calls` : null,
  };
  const byLayer = layerRows(log, m.pairAct, gc, rc, spec.layerRules);
  if (byLayer) Object.assign(res, byLayer);
  res.alignments = alignments(activities, gc.length, rc.length, spec.depth, calls, actIdx);
  const applied = new Map<string, string[]>();
  for (const r of spec.rewrites) if (r.kind === 'prefix' && isAlignLabel(r.label)) applied.set(r.label, [...(applied.get(r.label) ?? []), r.pattern]);
  res.applied = [...applied].map(([label, patterns]) => ({ label, patterns }));
  const aligned = new Set(res.alignments.flatMap((x) => x.calls.flatMap((c) => [c.green, c.red])));
  for (const x of res.alignments) for (const r of activities) if (splitActivity(r.id)[1] === x.green || splitActivity(r.id)[1] === x.red) aligned.add(r.id);
  res.structural = structuralDifferences(activities, edges, gc.length, rc.length, aligned);
  // per side, the largest untraced gap of its cases and what fills it
  const where = (cases: Uint32Array): string | null => {
    const set = new Set(cases);
    let best: { c: (typeof ut.cases)[number]; g: (typeof ut.cases)[number]['gaps'][number] } | null = null;
    for (const c of ut.cases) if (set.has(c.case) && c.gaps.length && (!best || c.gaps[0].seconds > best.g.seconds)) best = { c, g: c.gaps[0] };
    return best ? `${best.c.id}: ${gapSentence(best.c, best.g)}` : null;
  };
  if (ut.located) res.untracedWhere = { green: where(gc), red: where(rc) };
  res.top = topDifferences(res, options.top ?? 8);
  return res;
}
