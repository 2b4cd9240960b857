/** `strace-dfg insights`: the findings of the insight rules on a view (docs/METHOD.md "Insights"). */
import type { InsightsResult } from '../../analysis/insights/index';
import { toInsightsJson, toUnobservableJson } from '../../analysis/insights/json';
import type { Session } from '../../session/session';
import { noCtx, type Ctx } from '../../session/types';
import { analyzeParams } from '../../session/view';
import { cliView, partitionLabel, viewArgs, type ViewArgs } from '../cliView';
import { CliError, type CliIO } from '../errors';
import { insightsReport } from './insightsReport';
import { loadPaths } from '../node/load';
import { jobsOf, needPaths, type Command } from '../command';
import { has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface InsightsArgs extends ViewArgs {
  command: 'insights';
  paths: string[];
  json: boolean;
  jobs: number | null;
}

/** The session's insights at the view's thresholds (JSON text); a bad thresholds text is a usage error. */
export async function insightsAt(session: Session, ctx: Ctx, thresholds: string): Promise<InsightsResult> {
  return usage(() => session.insights(ctx, thresholds));
}

/**
 * The next analysis also computes its insights (at the view's thresholds) and, unless `access` is false, its
 * access patterns on idle parse threads while it runs (Session.wantReports); a bad thresholds text is a usage error.
 */
export function wantReportsAt(session: Session, thresholds: string, access = true): Promise<void> {
  return usage(async () => session.wantReports(thresholds, access));
}

async function usage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if ((e as Error).name === 'ThresholdError') throw new CliError(`--thresholds: ${(e as Error).message.replace(/^thresholds: /, '')}`);
    throw e;
  }
}

export async function runInsightsCommand(a: InsightsArgs, io: CliIO): Promise<number> {
  const view = cliView(a);
  const { session, files } = await loadPaths(io, a.paths, { splitByPid: view.splitByPid, jobs: a.jobs, filter: view.mapping.include, sortOnLoad: true });
  const ctx = noCtx();
  await wantReportsAt(session, view.thresholds, false);
  await session.analyze(ctx, analyzeParams(view));
  const r = await insightsAt(session, ctx, view.thresholds);
  if (a.json) io.stdout.write(JSON.stringify({ insights: toInsightsJson(r), unobservable: toUnobservableJson(r) }, null, 2) + '\n');
  else io.stdout.write(insightsReport(r, { cases: session.log?.cases.length ?? 0, files, partitionLabel: partitionLabel(a, view) }));
  return 0;
}

export const insights: Command<InsightsArgs> = {
  usage: 'insights [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    json: { type: 'boolean', help: 'print {"insights": [...]} (docs/FORMATS.md "Insights JSON"); analyze --json carries the same list' },
  },
  args: (p) => ({ command: 'insights', paths: needPaths('insights', p), ...viewArgs(p), json: has(p, 'json'), jobs: jobsOf(p) }),
  run: runInsightsCommand,
};
