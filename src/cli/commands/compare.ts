/**
 * `strace-dfg compare (--green SEL --red SEL | --view '#…') [--json] [view options] PATH...`: green against
 * red with numbers (docs/METHOD.md "Comparing green and red"; JSON: docs/FORMATS.md "Compare JSON output"),
 * on the Session like analyze: every view option of analyze applies.
 */
import { noCtx } from '../../session/types';
import { analyzeParams } from '../../session/view';
import { cliView, viewArgs, type ViewArgs } from '../cliView';
import { compareReport } from './compareReport';
import { CliError, type CliIO } from '../errors';
import { loadPaths } from '../node/load';
import { jobsOf, needPaths, topOf, type Command } from '../command';
import { has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface CompareArgs extends ViewArgs {
  command: 'compare';
  paths: string[];
  json: boolean;
  /** Rows per table in the text output (0 = all). */
  top: number;
  jobs: number | null;
}

export async function runCompare(a: CompareArgs, io: CliIO): Promise<number> {
  const view = cliView(a);
  if (!view.green || !view.red) throw new CliError('compare needs both sides: --green SEL --red SEL (e.g. --green cid:a --red cid:b) or a --view with green= and red=');
  const { session } = await loadPaths(io, a.paths, { splitByPid: view.splitByPid, jobs: a.jobs, filter: view.mapping.include, sortOnLoad: true });
  const ctx = noCtx();
  await session.analyze(ctx, analyzeParams(view));
  if (a.json) io.stdout.write((await session.exportCompareJson(ctx)) + '\n');
  else io.stdout.write(compareReport(await session.compare(ctx), { top: a.top, label: `green = ${view.green}, red = ${view.red}` }));
  return 0;
}

export const compare: Command<CompareArgs> = {
  usage: 'compare (--green SEL --red SEL | --view \'#…green=…&red=…\') [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    json: { type: 'boolean', help: 'print one JSON document (format: docs/FORMATS.md "Compare JSON output"), as the app\'s "Compare JSON"' },
    top: { type: 'string', value: 'N', help: 'rows per table in the text output (default 40, 0 = all)' },
  },
  args: (p) => ({ command: 'compare', paths: needPaths('compare', p), ...viewArgs(p), json: has(p, 'json'), top: topOf(p), jobs: jobsOf(p) }),
  run: runCompare,
};
