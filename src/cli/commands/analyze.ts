/** `strace-dfg analyze`: the analysis of a view, as the text report or the JSON document. */
import { noCtx } from '../../session/types';
import { analyzeParams } from '../../session/view';
import { cliView, partitionLabel, viewArgs, type ViewArgs } from '../cliView';
import type { CliIO } from '../errors';
import { insightsAt, wantReportsAt } from './insights';
import { loadPaths } from '../node/load';
import { textReport } from './analyzeReport';
import { jobsOf, needPaths, topOf, type Command } from '../command';
import { has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface AnalyzeArgs extends ViewArgs {
  command: 'analyze';
  paths: string[];
  json: boolean;
  /** Rows per table in the text output (0 = all). */
  top: number;
  /** Parse threads (null = the default: cores, at most 8). */
  jobs: number | null;
}

export async function runAnalyze(a: AnalyzeArgs, io: CliIO): Promise<number> {
  const view = cliView(a);
  const { session, files } = await loadPaths(io, a.paths, { splitByPid: view.splitByPid, jobs: a.jobs, filter: view.mapping.include, sortOnLoad: true });
  const ctx = noCtx();
  // insights and access patterns (both outputs carry them) on a parse thread, beside the analysis
  await wantReportsAt(session, view.thresholds);
  const { result } = await session.analyze(ctx, analyzeParams(view));
  // the JSON document's "insights" at the view's thresholds (a bad thresholds text is a usage error)
  await insightsAt(session, ctx, view.thresholds);
  if (a.json) {
    await session.writeJson(ctx, (part) => io.stdout.write(part));
    io.stdout.write('\n');
  }
  else io.stdout.write(textReport(result, await session.analysisJson(ctx), { files, top: a.top, partitionLabel: partitionLabel(a, view) }));
  return 0;
}

export const analyze: Command<AnalyzeArgs> = {
  usage: 'analyze [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    json: { type: 'boolean', help: 'print one JSON document (format: docs/FORMATS.md "CLI JSON output"), as the app\'s "analysis JSON"' },
    top: { type: 'string', value: 'N', help: 'rows per table in the text output (default 40, 0 = all)' },
  },
  args: (p) => ({ command: 'analyze', paths: needPaths('analyze', p), ...viewArgs(p), json: has(p, 'json'), top: topOf(p), jobs: jobsOf(p) }),
  run: runAnalyze,
};
