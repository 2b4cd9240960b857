/**
 * The insights fixtures (src/analysis/insights/__fixtures__, README there): a folder per traced program,
 * loaded once per test file; the findings of the rules on one; lines of its raw trace text (for
 * cross-checks that do not go through the parser).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { runInsights, type Finding } from '../analysis/insights';
import type { EventLog } from '../model';
import { loadTraceDir } from './traceFixtures';

export const INSIGHTS_FX = join(import.meta.dirname, '..', 'analysis', 'insights', '__fixtures__');

/**
 * Materiality off (docs/METHOD.md "Insights", "Materiality"): these fixtures are pruned to just above each
 * rule's count thresholds, so most findings are a few milliseconds — immaterial, at most INFO, with the
 * defaults. Tests of a rule's own logic run with this; the labelled benchmark (bench.test.ts) runs the defaults.
 */
export const NO_MATERIALITY = { material_time: 0, material_share: 0, material_bytes: 0, material_file_bytes: 0 } as const;

const logs = new Map<string, EventLog>();
export const insightsLog = (dir: string): EventLog => {
  let l = logs.get(dir);
  if (!l) logs.set(dir, (l = loadTraceDir(join(INSIGHTS_FX, dir))));
  return l;
};
export const findings = (dir: string, thresholds?: object): Finding[] => runInsights(insightsLog(dir), { thresholds: thresholds ?? null }).findings;
export const codes = (dir: string, thresholds?: object): string[] => findings(dir, thresholds).map((f) => f.code);
/** The one finding of `code` (fails the test when there is none or several). */
export const one = (dir: string, code: string, thresholds?: object): Finding => {
  const f = findings(dir, thresholds).filter((x) => x.code === code);
  expect(f, `${code} in ${dir}: ${codes(dir, thresholds).join(' ')}`).toHaveLength(1);
  return f[0];
};
/** The raw text lines of every trace of a fixture folder (or those whose name starts with `only`). */
export const rawLines = (dir: string, only = ''): string[] => {
  const out: string[] = [];
  for (const name of readdirSync(join(INSIGHTS_FX, dir))) {
    if (!/\.st(\.gz)?$/.test(name) || !name.startsWith(only)) continue;
    const raw = readFileSync(join(INSIGHTS_FX, dir, name));
    out.push(...(name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('latin1').split('\n'));
  }
  return out;
};
/** Lines of the raw trace text matching `re`. */
export const grep = (dir: string, re: RegExp, only = ''): number => rawLines(dir, only).filter((l) => re.test(l)).length;
