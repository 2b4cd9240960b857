/** `strace-dfg analyze`: the analysis of a view, as the text report or the JSON document. */
import { partitionLabel, viewArgs } from '../cliView';
import type { CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { textReport } from './analyzeReport';
import { jobsOf, needPaths, topOf, type Command } from '../command';
import { has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface AnalyzeArgs extends OpenViewArgs {
  command: 'analyze';
  json: boolean;
  /** Rows per table in the text output (0 = all). */
  top: number;
}

export async function runAnalyze(a: AnalyzeArgs, io: CliIO): Promise<number> {
  // insights and access patterns (both outputs carry them) on parse threads, beside the analysis
  const { session, view, reply, files, ctx } = await openView(io, a, { sortOnLoad: true, reports: 'both' });
  if (a.json) {
    await session.writeJson(ctx, (part) => io.stdout.write(part));
    io.stdout.write('\n');
  }
  else io.stdout.write(textReport(reply.result, await session.analysisJson(ctx), { files, top: a.top, partitionLabel: partitionLabel(a, view) }));
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
