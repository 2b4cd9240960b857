/** analyze(): mapping → one scan → DFG, statistics, variants, partition (docs/METHOD.md). */
import { fromTicks } from '../lib/ticks';
import type { EventLog } from '../model';
import { maxConcurrency } from './concurrency';
import { LogIndex } from './logIndex';
import { LEFT_CUSTOM, LEFT_FILTERED, LEFT_NO_FILE, LEFT_SYSTEM, compileMapping, type CompiledMapping } from './mapping';
import { mappingLog } from './pids';
import { caseSides, sideOf } from './partition';
import { unionQuantile } from './quantile';
import { scan, SIDE_GREEN, SIDE_RED } from './scan';
import { END, START, edgeKey, type ActivityStats, type AnalysisResult, type AnalyzeOptions, type DfgEdge, type MappingSpec, type PartitionResult, type PartitionSpec } from './types';
import { scannedVariants } from './variants';

/**
 * The analysis of `log` under a mapping (compiled against `log`, or compiled here) and a partition.
 * `index`: the log's LogIndex (what does not depend on the mapping: per-pair sums, durations, the mc
 * sequence; kept there for the next analysis of the same log); without one, they are computed here.
 */
export function analyze(
  log: EventLog,
  spec: MappingSpec,
  partition?: PartitionSpec | null,
  compiled?: CompiledMapping,
  options: AnalyzeOptions = {},
  index?: LogIndex,
): AnalysisResult {
  if (index && index.log !== log) throw new Error('analyze: the index belongs to another log');
  let ix: LogIndex;
  if (compiled) ix = index ?? new LogIndex(log);
  // without a compiled mapping, the log it is compiled against: per-process paths normalised, layers, or the log
  else if (index) ix = index.mapped(spec);
  else ix = new LogIndex(mappingLog(log, spec));
  log = ix.log;
  const m = compiled ?? compileMapping(log, spec);
  if (m.pairAct.length !== log.pairCall.length) throw new Error('analyze: the compiled mapping belongs to another log');
  const A = m.activities.length;
  const hasTimestamps = log.timeBase !== 'none';
  const ps = ix.pairStats;
  const hasDurations = ps.anyDur;
  // per-activity sums of the per-pair aggregates
  const count = new Float64Array(A);
  const durSum = new Float64Array(A); // integer ns (src/lib/ticks.ts)
  const durN = new Float64Array(A);
  const bytes = new Float64Array(A);
  const sizeN = new Float64Array(A);
  const rateSum = new Float64Array(A);
  const rateN = new Float64Array(A);
  const fail = new Float64Array(A);
  let mapped = 0;
  let systemEvents = 0;
  const leftOut = [0, 0, 0, 0, 0];
  for (let p = 0; p < m.pairAct.length; p++) {
    const a = m.pairAct[p];
    if (m.pairSystem[p]) systemEvents += ps.count[p];
    if (a < 0) {
      leftOut[m.pairLeftOut[p]] += ps.count[p];
      continue;
    }
    count[a] += ps.count[p];
    mapped += ps.count[p];
    durSum[a] += ps.durSum[p];
    durN[a] += ps.durN[p];
    bytes[a] += ps.bytes[p];
    sizeN[a] += ps.sizeN[p];
    rateSum[a] += ps.rateSum[p];
    rateN[a] += ps.rateN[p];
    fail[a] += ps.fail[p];
  }
  const { actStart, actPairs } = pairsByActivity(m.pairAct, A);
  const deferred: ('mc' | 'p95Dur')[] = [];
  const deferP95 = hasDurations && options.defer === true && !ix.hasPairDurations;
  if (deferP95) deferred.push('p95Dur');
  const pd = hasDurations && !deferP95 ? ix.pairDurations : null;
  const errnos: (Record<string, number> | undefined)[] = new Array(A);
  for (let j = 0; j < ps.errPair.length; j++) {
    const a = m.pairAct[ps.errPair[j]];
    if (a < 0) continue;
    const rec = (errnos[a] ??= {});
    const name = log.errnos[ps.errCode[j]];
    rec[name] = (rec[name] ?? 0) + ps.errCount[j];
  }
  const side = partition ? caseSides(log, partition) : null;
  const sc = scan(log, m.pairAct, A, side, hasTimestamps);
  const deferMc = hasTimestamps && hasDurations && options.defer === true && !ix.hasSequence;
  if (deferMc) deferred.push('mc');
  const mc = hasTimestamps && hasDurations && !deferMc ? maxConcurrency(log, m.pairAct, A, ix.sequence) : null;

  let totalDur = 0;
  for (let a = 0; a < A; a++) totalDur += durSum[a];
  const names = (x: number): string => (x === A ? START : x === A + 1 ? END : m.activities[x]);

  const nodes: ActivityStats[] = [];
  for (let a = 0; a < A; a++) {
    if (count[a] === 0) continue;
    const known = durN[a] > 0;
    const dur = known ? fromTicks(durSum[a]) : null;
    const dr = rateN[a] > 0 ? rateSum[a] / rateN[a] : null;
    const mcA = mc !== null && known ? mc[a] : null;
    nodes.push({
      id: m.activities[a],
      count: count[a],
      dur,
      rd: dur !== null && totalDur > 0 ? durSum[a] / totalDur : null,
      bytes: sizeN[a] > 0 ? bytes[a] : null,
      dr,
      mc: mcA,
      DR: mcA !== null && dr !== null ? mcA * dr : null,
      cases: sc.cases[a],
      meanDur: known ? fromTicks(durSum[a]) / durN[a] : null,
      p95Dur: pd && known ? unionQuantile(pd, actPairs, actStart[a], actStart[a + 1], 0.95) : null,
      failures: fail[a],
      failureRate: fail[a] / count[a],
      errnos: sortedKeys(errnos[a]),
    });
  }
  nodes.sort((x, y) => y.count - x.count || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

  const E = sc.edges;
  const edgeIdx: number[] = [];
  for (let e = 0; e < E.n; e++) edgeIdx.push(e);
  edgeIdx.sort((x, y) => E.count[y] - E.count[x] || x - y);
  const edges: DfgEdge[] = edgeIdx.map((e) => {
    const s = E.src[e];
    const d = E.dst[e];
    const gapOk = s !== A && d !== A + 1 && E.gapN[e] > 0;
    return { source: names(s), target: names(d), count: E.count[e], cases: E.cases[e], meanGap: gapOk ? E.gapSum[e] / E.gapN[e] : null };
  });

  let partRes: PartitionResult | null = null;
  if (side) {
    let greenCases = 0;
    let redCases = 0;
    for (let k = 0; k < side.length; k++) {
      if (side[k] === SIDE_GREEN) greenCases++;
      else if (side[k] === SIDE_RED) redCases++;
    }
    // null-prototype records: an activity named `__proto__` is a key like any other
    const pn: PartitionResult['nodes'] = Object.create(null) as PartitionResult['nodes'];
    pn[START] = { side: sideOf(greenCases, redCases), green: greenCases, red: redCases };
    const actIndex = new Map<string, number>();
    m.activities.forEach((id, a) => actIndex.set(id, a));
    for (const n of nodes) {
      const a = actIndex.get(n.id) ?? -1;
      pn[n.id] = { side: sideOf(sc.green[a], sc.red[a]), green: sc.green[a], red: sc.red[a] };
    }
    pn[END] = { side: sideOf(greenCases, redCases), green: greenCases, red: redCases };
    const pe: PartitionResult['edges'] = Object.create(null) as PartitionResult['edges'];
    for (const e of edgeIdx) pe[edgeKey(names(E.src[e]), names(E.dst[e]))] = { side: sideOf(E.green[e], E.red[e]), green: E.green[e], red: E.red[e] };
    partRes = { greenCases, redCases, nodes: pn, edges: pe };
  }

  let hostSet = 0;
  const seen = new Set<string>();
  for (const c of log.cases) {
    if (c.host !== '' && !seen.has(c.host)) {
      seen.add(c.host);
      hostSet++;
    }
  }

  return {
    cases: log.cases.length,
    events: log.n,
    unmapped: log.n - mapped,
    system: { mode: m.system, events: systemEvents },
    leftOut: { noFile: leftOut[LEFT_NO_FILE], filtered: leftOut[LEFT_FILTERED], system: leftOut[LEFT_SYSTEM], custom: leftOut[LEFT_CUSTOM] },
    nodes,
    edges,
    variants: scannedVariants(log, m.pairAct, m.activities, sc.variants, options.maxTraceLength, options.maxVariants),
    partition: partRes,
    hasDurations,
    hasTimestamps,
    hosts: hostSet,
    ...(deferred.length ? { deferred } : {}),
  };
}

/**
 * The statistics an analysis deferred (`result.deferred`: mc and DR, p95 duration) filled in, now that their
 * per-log indexes can be built: exactly what `analyze(log, …, { defer: false })` gives, without analysing
 * again (the mapping, the DFG, the variants and the partition do not depend on them). `result` must be an
 * analysis of this `log` with this compiled mapping. With `only`, just those (the others stay deferred).
 */
export function completeDeferred(result: AnalysisResult, log: EventLog, m: CompiledMapping, only?: readonly ('mc' | 'p95Dur')[], ix: LogIndex = new LogIndex(log)): AnalysisResult {
  const all = result.deferred;
  const deferred = only ? all?.filter((d) => only.includes(d)) : all;
  if (!deferred?.length) return result;
  const A = m.activities.length;
  const index = new Map<string, number>();
  m.activities.forEach((id, a) => index.set(id, a));
  if (ix.log !== log) throw new Error('completeDeferred: the index belongs to another log');
  const mc = deferred.includes('mc') ? maxConcurrency(log, m.pairAct, A, ix.sequence) : null;
  let p95: ((a: number) => number | null) | null = null;
  if (deferred.includes('p95Dur')) {
    const pd = ix.pairDurations;
    const { actStart, actPairs } = pairsByActivity(m.pairAct, A);
    p95 = (a) => unionQuantile(pd, actPairs, actStart[a], actStart[a + 1], 0.95);
  }
  const nodes = result.nodes.map((n) => {
    const a = index.get(n.id);
    // a node without a known duration keeps its nulls (as analyze leaves them)
    if (a === undefined || n.dur === null) return n;
    const out = { ...n };
    if (mc !== null) {
      out.mc = mc[a];
      out.DR = n.dr !== null ? mc[a] * n.dr : null;
    }
    if (p95 !== null) out.p95Dur = p95(a);
    return out;
  });
  const rest = { ...result, nodes };
  const left = all!.filter((d) => !deferred.includes(d));
  if (left.length) rest.deferred = left;
  else delete rest.deferred;
  return rest;
}

/** The pairs of each activity, grouped (counting sort), for the duration quantiles: activity a has
 * actPairs[actStart[a] .. actStart[a + 1]). */
function pairsByActivity(pairAct: Int32Array, A: number): { actStart: Uint32Array; actPairs: Uint32Array } {
  const actStart = new Uint32Array(A + 1);
  for (let p = 0; p < pairAct.length; p++) if (pairAct[p] >= 0) actStart[pairAct[p] + 1]++;
  for (let a = 0; a < A; a++) actStart[a + 1] += actStart[a];
  const actPairs = new Uint32Array(actStart[A]);
  const put = actStart.slice(0, A);
  for (let p = 0; p < pairAct.length; p++) if (pairAct[p] >= 0) actPairs[put[pairAct[p]]++] = p;
  return { actStart, actPairs };
}

/** A copy with the keys in alphabetical order ({} for none), so JSON output is deterministic. */
function sortedKeys(rec: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (rec) for (const k of Object.keys(rec).sort()) out[k] = rec[k];
  return out;
}
