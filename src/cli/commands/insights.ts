/** `strace-dfg insights`: the findings of the insight rules on a view (docs/METHOD.md "Insights"). */
import { toInsightsJson, toUnobservableJson } from '../../analysis/insights/json';
import { partitionLabel, viewArgs } from '../cliView';
import type { CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { insightsReport } from './insightsReport';
import { jobsOf, needPaths, type Command } from '../command';
import { has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface InsightsArgs extends OpenViewArgs {
  command: 'insights';
  json: boolean;
}

export async function runInsightsCommand(a: InsightsArgs, io: CliIO): Promise<number> {
  const { session, view, files, ctx } = await openView(io, a, { sortOnLoad: true, reports: 'insights' });
  const r = await session.insights(ctx);
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
