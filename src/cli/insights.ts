/** `strace-dfg insights`: the findings of the insight rules on a view (docs/METHOD.md "Insights"). */
import { toInsightsJson } from '../analysis/insights/json';
import { noCtx } from '../session/types';
import { analyzeParams } from '../session/view';
import { cliView, partitionLabel, type ViewArgs } from './cliView';
import { CliError, type CliIO } from './errors';
import { insightsReport } from './insightsReport';
import { loadPaths } from './load';

export interface InsightsArgs extends ViewArgs {
  command: 'insights';
  paths: string[];
  json: boolean;
  jobs: number | null;
}

export async function runInsightsCommand(a: InsightsArgs, io: CliIO): Promise<number> {
  const view = cliView(a);
  const { session, files } = await loadPaths(io, a.paths, { splitByPid: view.splitByPid, jobs: a.jobs });
  const ctx = noCtx();
  await session.analyze(ctx, analyzeParams(view));
  let r;
  try {
    r = await session.insights(ctx, view.thresholds);
  } catch (e) {
    if ((e as Error).name === 'ThresholdError') throw new CliError(`--thresholds: ${(e as Error).message.replace(/^thresholds: /, '')}`);
    throw e;
  }
  if (a.json) io.stdout.write(JSON.stringify({ insights: toInsightsJson(r) }, null, 2) + '\n');
  else io.stdout.write(insightsReport(r, { cases: session.log?.cases.length ?? 0, files, partitionLabel: partitionLabel(a, view) }));
  return 0;
}
