/** T06, T07: one case doing most of a run's I/O, and the stragglers of its I/O phases. */
import { NF, R_MAXDUR, R_MTIME, R_RBYTES, R_RTIME, R_WBYTES, R_WTIME, type InsightsContext, type Scope } from '../context';
import { formatBytes, durationSlot, pct, top, topCasesOf } from '../report';
import { scopeOf } from '../scope';
import { LUSTRE_STRIPING } from '../snippets';
import { stragglerRule } from '../../time/phases';
import type { Thresholds } from '../thresholds';
import type { RawFinding, Rule } from '../types';
import { appPerCase } from './balance';

/** Whether case k is the first rank of its program: the lowest rank number among the scope's cases of its cid. */
function isFirstRank(ctx: InsightsContext, scope: Scope, k: number): boolean {
  const rank = (c: number): number => {
    const r = ctx.log.cases[c].rid;
    return /^\d+$/.test(r) ? Number(r) : Infinity;
  };
  if (rank(k) === Infinity) return false;
  const cid = ctx.log.cases[k].cid;
  return scope.cases.every((c) => c === k || ctx.log.cases[c].cid !== cid || rank(c) > rank(k));
}

/** Per case: its longest single call on the application's files. */
function longestAppCall(ctx: InsightsContext, scope: Scope): Float64Array {
  const out = new Float64Array(ctx.log.cases.length);
  for (let r = 0; r < ctx.nRec; r++) {
    const k = ctx.recCase[r];
    if (scope.has[k] && ctx.appFile[ctx.recFp[r]] && ctx.rec[r * NF + R_MAXDUR] > out[k]) out[k] = ctx.rec[r * NF + R_MAXDUR];
  }
  return out;
}

const rankHeavy: Rule = {
  code: 'T06',
  title: 'One case (rank 0) does most of the I/O',
  levels: 'HIGH when one case of a run moves > rank_heavy of the bytes or spends > rank_heavy of the I/O time — without its longest call (with ≥ rank_heavy_min_cases cases)',
  target: 'user',
  perRun: true,
  run(ctx, scope, t) {
    const n = scope.cases.length;
    if (n < t.rank_heavy_min_cases) return [];
    const share = (arr: Float64Array, less?: Float64Array): { k: number; share: number; sum: number } => {
      let sum = 0;
      let k = scope.cases[0];
      for (const c of scope.cases) {
        sum += arr[c];
        if (arr[c] > arr[k]) k = c;
      }
      const cut = less ? less[k] : 0;
      return { k, share: sum - cut > 0 ? (arr[k] - cut) / (sum - cut) : 0, sum };
    };
    const bytes = appPerCase(ctx, scope, [R_RBYTES, R_WBYTES]);
    const time = appPerCase(ctx, scope, [R_RTIME, R_WTIME, R_MTIME]);
    const b = share(bytes);
    // by time only when the lead is not one call (one slow open or fsync is not a rank doing the I/O)
    const tm = share(time, longestAppCall(ctx, scope));
    const hit = b.share > t.rank_heavy ? b : tm.share > t.rank_heavy ? tm : null;
    if (!hit) return [];
    const k = hit.k;
    const id = ctx.log.cases[k].id;
    const first = isFirstRank(ctx, scope, k) ? ' (the first rank)' : '';
    const parts: string[] = [];
    if (b.sum > 0) parts.push(`${pct(bytes[k] / b.sum)} of the bytes (${formatBytes(bytes[k])} of ${formatBytes(b.sum)})`);
    if (tm.sum > 0) parts.push(`${pct(time[k] / tm.sum)} of the I/O time (${durationSlot(time[k])} of ${durationSlot(tm.sum)})`);
    const byBytes = hit === b;
    return [{
      code: 'T06', level: 'HIGH', target: 'user',
      message: `Case ${id}${first} moves ${parts.join(' and spends ')} of the ${n} cases`,
      details: [],
      cases: topCasesOf(ctx, scope, byBytes ? bytes : time, t), files: [],
      numbers: { bytes_share: b.sum > 0 ? bytes[k] / b.sum : 0, time_share: tm.sum > 0 ? time[k] / tm.sum : 0, cases: n },
      recommendations: [
        { text: 'Spread the I/O over the ranks (each writes its part of a shared file), or use MPI-IO collectives / parallel HDF5 instead of funnelling the data through one rank', snippet: { lang: 'c', code: '/* every rank writes its own block instead of gathering to rank 0 */\nMPI_File_write_at_all(fh, (MPI_Offset)rank * block, buf, block, MPI_BYTE, MPI_STATUS_IGNORE);' } },
      ],
      // the heavy case's time and bytes above the run's mean
      cost: Math.max(0, time[k] - tm.sum / n),
      costBytes: Math.max(0, bytes[k] - b.sum / n),
    }];
  },
};

/** Case k's longest mapped call starting in phase j (as phaseBusy counts them): its events from the phase's start. */
function longestIn(ctx: InsightsContext, k: number, j: number): number {
  const ph = ctx.phases();
  const from = ph.t0 + ph.phases[j].start;
  const to = j + 1 < ph.phases.length ? ph.t0 + ph.phases[j + 1].start : Infinity;
  const { pair, start, dur, caseOffsets } = ctx.log;
  // events are sorted by start within a case: the first at or after the phase's start
  let lo = caseOffsets[k];
  let hi = caseOffsets[k + 1];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (start[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  let m = 0;
  for (let i = lo, b = caseOffsets[k + 1]; i < b && start[i] < to; i++) if (ctx.pairAct[pair[i]] >= 0 && dur[i] > m) m = dur[i];
  return m;
}

const stragglerCases: Rule = {
  code: 'T07',
  title: 'Straggler cases',
  levels: 'WARN when, within an I/O phase of a run (docs/METHOD.md "Time"), cases are stragglers — busy time above mean + straggler_sigma σ of the phase\'s cases, as the time views say, and above the mean by more than their longest call — and one exceeds the mean by straggler_excess (at least 3 cases)',
  target: 'user',
  perRun: true,
  run(ctx, scope, t) {
    if (!ctx.hasDurations || scope.cases.length < 3) return [];
    // the phases and per-case busy times of the time views (stragglers: docs/METHOD.md "Stragglers")
    const ph = ctx.phases();
    const { busy, seen } = ctx.phaseBusy();
    const P = ph.phases.length;
    const out: RawFinding[] = [];
    for (let j = 0; j < P; j++) {
      const cases = scope.cases.filter((k) => seen[k * P + j]);
      if (cases.length < 3) continue;
      const label = P === 1 ? 'the run' : `I/O phase ${j + 1} of ${P} (${ph.phases[j].start.toFixed(2)}–${ph.phases[j].end.toFixed(2)} s)`;
      out.push(...stragglerFindings(ctx, scopeOf(scope, cases), t, cases.map((k) => busy[k * P + j]), label, ph.phases[j].end - ph.phases[j].start, (i) => longestIn(ctx, cases[i], j)));
    }
    return out;
  },
};

/**
 * One phase's T07 finding: the stragglers by the time views' rule (`stragglerRule`, at straggler_sigma)
 * whose lead over the mean is more than their longest call in the phase (one slow call is not a straggling
 * case: busy − longest > mean), all of them named; reported only when one of them exceeds the mean by straggler_excess (among
 * three nearly equal cases one is always above mean + 1 σ: that gate keeps such noise out of the report).
 * `span`: the phase's length (seconds); `longest(i)`: the i-th case's longest call in the phase, asked of the stragglers only (none given: not checked).
 */
export function stragglerFindings(ctx: InsightsContext, scope: Scope, t: Thresholds, times: number[], phase: string, span: number, longest?: (i: number) => number): RawFinding[] {
  const n = times.length;
  const { mean, std: sd, slow: all } = stragglerRule(times, t.straggler_sigma);
  const idx = all.filter((j) => !longest || times[j] - longest(j) > mean);
  if (!idx.length || !(mean > 0) || !idx.some((j) => times[j] > mean * (1 + t.straggler_excess))) return [];
  idx.sort((x, y) => times[y] - times[x] || x - y);
  const slow = idx.map((j) => scope.cases[j]);
  const val = new Float64Array(ctx.log.cases.length);
  scope.cases.forEach((k, j) => (val[k] = times[j]));
  const lines = slow.map((k) => `${ctx.log.cases[k].id}: ${durationSlot(val[k])} busy (+${pct(val[k] / mean - 1)} over the mean)`);
  return [{
    code: 'T07', level: 'WARN', target: 'user',
    message: `${slow.length} case(s) spend more time in I/O during ${phase} than mean + ${t.straggler_sigma} σ of the ${n} cases (busy time, the sum of a case's call durations in it: mean ${durationSlot(mean)}, σ ${durationSlot(sd)})`,
    details: lines,
    cases: top(slow.map((k) => [ctx.log.cases[k].id, val[k]] as [string, number]), { ...t, top_share: 0 }),
    files: [],
    numbers: { stragglers: slow.length, mean, sd, cases: n },
    recommendations: [
      { text: 'Check where the stragglers ran (host, file system client) and whether they get more data than the others', snippet: { lang: 'sh', code: 'grep -c . traces/*.st          # calls per case\nstrace-dfg analyze --green-cid … # compare a straggler with the rest' } },
      LUSTRE_STRIPING,
    ],
    key: `T07:${phase}`,
    // the stragglers' busy time above the mean; material against the phase (its span × its cases), which they lengthen
    cost: slow.reduce((s, k) => s + val[k] - mean, 0),
    base: span * n,
  }];
}

export const RANK_RULES: Rule[] = [rankHeavy, stragglerCases];
