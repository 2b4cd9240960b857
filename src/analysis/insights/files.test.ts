/**
 * Insights on many files (mdtest-like: a distinct path per file) build the per-file aggregates once per
 * scope, however many rules ask for them: 300k files × 14 rule calls took seconds (a complexity check,
 * not a timing).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mergeLogs } from '../../model';
import { loadTraceDir } from '../../testing/traceFixtures';
import { writeLatePathsTrace } from '../../testing/latePaths';
import { tempDir } from '../../testing/cliRun';
import { filesBuilt } from './context';
import { runInsights } from '.';

const dir = tempDir('insights-files');

function mdtestLog(name: string, paths: number) {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  writeLatePathsTrace(join(d, `${name}.st`), { paths, headBytes: 0 });
  return loadTraceDir(d);
}

describe('insights over many files', () => {
  test('the per-file aggregates are built once per scope, not once per rule', () => {
    const log = mdtestLog('mdtest_node1_0', 5000);
    expect(log.paths.length).toBeGreaterThan(5000);
    const b0 = filesBuilt.n;
    const a0 = filesBuilt.asked;
    const r = runInsights(log);
    // a dozen rule calls; one scope (all cases), plus at most the two rules that look at a subset of the cases
    expect(filesBuilt.asked - a0).toBeGreaterThanOrEqual(10);
    expect(filesBuilt.n - b0).toBeGreaterThan(0);
    expect(filesBuilt.n - b0).toBeLessThanOrEqual(3);
    expect(r.findings.length).toBeGreaterThan(0);
  });

  test('with a partition: per side and for both sides, still not per rule', () => {
    const log = mergeLogs([mdtestLog('mdtest_node1_0', 2000), mdtestLog('mdtest_node2_0', 2000)]);
    const [a, b] = log.cases.map((c) => c.id);
    const b0 = filesBuilt.n;
    runInsights(log, { partition: { green: [a], red: [b] } });
    expect(filesBuilt.n - b0).toBeLessThanOrEqual(9);
  });
});
