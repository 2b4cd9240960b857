/**
 * `strace-dfg compare (--green SEL --red SEL | --view '#…') [--json] [view options] PATH...`: green against
 * red with numbers (docs/METHOD.md "Comparing green and red"; JSON: docs/FORMATS.md "Compare JSON output"),
 * on the Session like analyze: every view option of analyze applies.
 */
import { viewArgs } from '../cliView';
import { compareReport } from './compareReport';
import { CliError, type CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { jobsOf, needPaths, topOf, type Command } from '../command';
import { has, LOAD_OPTIONS, VIEW_OPTIONS } from '../options';

export interface CompareArgs extends OpenViewArgs {
  command: 'compare';
  json: boolean;
  /** Rows per table in the text output (0 = all). */
  top: number;
}

export async function runCompare(a: CompareArgs, io: CliIO): Promise<number> {
  const { session, view, ctx } = await openView(io, a, {
    sortOnLoad: true,
    check: (v) => {
      if (!v.green || !v.red) throw new CliError('compare needs both sides: --green SEL --red SEL (e.g. --green cid:a --red cid:b) or a --view with green= and red=');
    },
  });
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
