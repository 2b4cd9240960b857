/**
 * Timing harness (not a test; not in npm test):  npm run bench:harness -- tools/harness/perf.harness.ts
 * Prints the time of re-map + DFG + statistics (analyze) on 10 M synthetic events.
 * BENCH_EVENTS / BENCH_CASES / BENCH_PAIRS override the size.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze';
import { concurrencySequence, maxConcurrency } from '../../src/analysis/concurrency';
import { compileMapping } from '../../src/analysis/mapping';
import { pairStats } from '../../src/analysis/pairStats';
import { pairDurations, unionQuantile, type PairDurations } from '../../src/analysis/quantile';
import { scan } from '../../src/analysis/scan';
import { syntheticLog } from '../../src/testing/syntheticLog';
import { computeVariants } from '../../src/analysis/variants';
import { DEFAULT_MAPPING } from '../../src/analysis/types';

const proc = (globalThis as { process?: { env: Record<string, string | undefined>; cpuUsage(): { user: number; system: number } } }).process;
const env = proc?.env ?? {};
/** CPU time of this process in ms (a fairer measure than wall time when other jobs share the cores). */
const cpuMs = (): number => {
  const u = proc?.cpuUsage();
  return u ? (u.user + u.system) / 1000 : NaN;
};
const N = Number(env.BENCH_EVENTS ?? 10_000_000);
const K = Number(env.BENCH_CASES ?? 192);
const PAIRS = Number(env.BENCH_PAIRS ?? 2000);

/** The p95 of every activity, as analyze() computes it (timed on its own). */
function p95All(pd: PairDurations, pairAct: Int32Array, A: number): (number | null)[] {
  const start = new Uint32Array(A + 1);
  for (const a of pairAct) if (a >= 0) start[a + 1]++;
  for (let a = 0; a < A; a++) start[a + 1] += start[a];
  const pairs = new Uint32Array(start[A]);
  const put = start.slice(0, A);
  pairAct.forEach((a, p) => {
    if (a >= 0) pairs[put[a]++] = p;
  });
  const out: (number | null)[] = [];
  for (let a = 0; a < A; a++) out.push(unionQuantile(pd, pairs, start[a], start[a + 1], 0.95));
  return out;
}

describe('analysis speed', () => {
  it(`re-map + DFG + stats on ${N} events`, () => {
    let t = performance.now();
    const log = syntheticLog({ events: N, cases: K, pairs: PAIRS, seed: 7 });
    const ms = (): string => {
      const now = performance.now();
      const d = (now - t).toFixed(0);
      t = now;
      return `${d} ms`;
    };
    console.log(`generate ${N} events, ${K} cases, ${PAIRS} pairs: ${ms()}`);
    concurrencySequence(log);
    console.log(`mc sequence (once per log, cached): ${ms()}`);
    pairStats(log);
    console.log(`per-pair aggregates (once per log, cached): ${ms()}`);
    const c0 = cpuMs();
    const pd = pairDurations(log);
    console.log(`per-pair sorted durations for p95 (once per log, cached): ${ms()}, ${(cpuMs() - c0).toFixed(0)} ms CPU`);
    const specs = [DEFAULT_MAPPING, { ...DEFAULT_MAPPING, depth: 3 }, { ...DEFAULT_MAPPING, depth: 1, excludeCalls: ['close'] }];
    let best = Infinity;
    let bestCpu = Infinity;
    for (const spec of specs) {
      const t0 = performance.now();
      const m = compileMapping(log, spec);
      const t1 = performance.now();
      const cq = cpuMs();
      const p95 = p95All(pd, m.pairAct, m.activities.length);
      const p95Cpu = cpuMs() - cq;
      const sc = scan(log, m.pairAct, m.activities.length, null, true);
      const t2 = performance.now();
      maxConcurrency(log, m.pairAct, m.activities.length);
      const t3 = performance.now();
      const c3 = cpuMs();
      const r = analyze(log, spec, null, m, { maxTraceLength: 1000 });
      const t4 = performance.now();
      const c4 = cpuMs();
      computeVariants(log, m.pairAct, m.activities, sc.caseH1, sc.caseH2, sc.caseLen);
      const t5 = performance.now();
      best = Math.min(best, t4 - t3 + (t1 - t0));
      bestCpu = Math.min(bestCpu, c4 - c3);
      console.log(
        `depth ${spec.depth}: ${m.activities.length} activities, ${sc.edges.n} edges, ${r.variants.length} variants | ` +
          `map ${(t1 - t0).toFixed(1)} ms, scan ${(t2 - t1).toFixed(0)} ms, mc ${(t3 - t2).toFixed(0)} ms, ` +
          `analyze (map + DFG + stats + mc + variants cut at 1000) ${(t4 - t3 + (t1 - t0)).toFixed(0)} ms; ` +
          `full variant traces alone ${(t5 - t4).toFixed(0)} ms; analyze CPU time ${(c4 - c3).toFixed(0)} ms, of which p95 of all ` +
          `${p95.length} activities ${p95Cpu.toFixed(1)} ms CPU`,
      );
      t = performance.now();
    }
    console.log(`BEST re-map + DFG + stats (analyze) on ${N} events: ${best.toFixed(0)} ms wall, ${bestCpu.toFixed(0)} ms CPU`);
    expect(best).toBeGreaterThan(0);
  }, 600_000);
});
