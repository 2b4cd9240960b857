/**
 * The subcommands: ONE table. A subcommand = one entry (its usage, options, how its arguments are read,
 * and what it runs); --help and the argument parser are built from the table. Option groups shared by
 * the subcommands that load traces and analyse a view: src/cli/options.ts.
 */
import { runAnalyze, type AnalyzeArgs } from './analyze';
import { viewArgs } from './cliView';
import { runCompare, type CompareArgs } from './compareCmd';
import { runConvert, type ConvertArgs } from './convert';
import { runExport, type ExportArgs } from './exportCmd';
import { runInsightsCommand, type InsightsArgs } from './insights';
import { runTime, type TimeArgs } from './timeCmd';
import { CliError, type CliIO } from './errors';
import { all, has, intArg, last, LOAD_OPTIONS, VIEW_OPTIONS, type OptionTable, type ParsedLine } from './options';

export interface Command<A> {
  /** The usage line(s), after `strace-dfg `. */
  usage: string;
  options: OptionTable;
  /** Typed arguments from the parsed line (throws CliError for bad usage). */
  args(p: ParsedLine): A;
  run(a: A, io: CliIO): Promise<number>;
}

const jobsOf = (p: ParsedLine): number | null => {
  const j = last(p, 'jobs');
  return j === undefined ? null : intArg('--jobs', j, 1);
};
const needPaths = (command: string, p: ParsedLine): string[] => {
  if (!p.positionals.length) throw new CliError(`${command} needs at least one PATH (see strace-dfg --help)`);
  return p.positionals;
};

const analyze: Command<AnalyzeArgs> = {
  usage: 'analyze [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    json: { type: 'boolean', help: 'print one JSON document (format: docs/FORMATS.md "CLI JSON output"), as the app\'s "analysis JSON"' },
    top: { type: 'string', value: 'N', help: 'rows per table in the text output (default 40, 0 = all)' },
  },
  args: (p) => {
    const top = last(p, 'top');
    return { command: 'analyze', paths: needPaths('analyze', p), ...viewArgs(p), json: has(p, 'json'), top: top === undefined ? 40 : intArg('--top', top, 0), jobs: jobsOf(p) };
  },
  run: runAnalyze,
};

const insights: Command<InsightsArgs> = {
  usage: 'insights [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    json: { type: 'boolean', help: 'print {"insights": [...]} (docs/FORMATS.md "Insights JSON"); analyze --json carries the same list' },
  },
  args: (p) => ({ command: 'insights', paths: needPaths('insights', p), ...viewArgs(p), json: has(p, 'json'), jobs: jobsOf(p) }),
  run: runInsightsCommand,
};

const convert: Command<ConvertArgs> = {
  usage: 'convert [--case-per-pid] [--force] PATH... -o LOG.h5',
  options: {
    out: { type: 'string', short: 'o', value: 'LOG.h5', help: "the HDF5 event log to write (strace-dfg's native layout, docs/FORMATS.md)" },
    ...LOAD_OPTIONS,
    force: { type: 'boolean', help: 'overwrite LOG.h5 if it exists' },
  },
  args: (p) => {
    const paths = needPaths('convert', p);
    const out = last(p, 'out');
    if (!out) throw new CliError('convert needs -o LOG.h5');
    return { command: 'convert', paths, out, casePerPid: has(p, 'case-per-pid'), force: has(p, 'force'), jobs: jobsOf(p) };
  },
  run: runConvert,
};

const compare: Command<CompareArgs> = {
  usage: 'compare (--green SEL --red SEL | --view \'#…green=…&red=…\') [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    json: { type: 'boolean', help: 'print one JSON document (format: docs/FORMATS.md "Compare JSON output"), as the app\'s "Compare JSON"' },
    top: { type: 'string', value: 'N', help: 'rows per table in the text output (default 40, 0 = all)' },
  },
  args: (p) => {
    const top = last(p, 'top');
    return { command: 'compare', paths: needPaths('compare', p), ...viewArgs(p), json: has(p, 'json'), top: top === undefined ? 40 : intArg('--top', top, 0), jobs: jobsOf(p) };
  },
  run: runCompare,
};

const time: Command<TimeArgs> = {
  usage: 'time [options] PATH...',
  options: {
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
    activity: { type: 'string', multiple: true, value: 'ACT', help: "only this activity's events make the phases (repeat; default every mapped event), as the overview's 'selected activity only'" },
    json: { type: 'boolean', help: 'print one JSON document (docs/FORMATS.md "Time JSON output")' },
  },
  args: (p) => {
    const acts = all(p, 'activity');
    return { command: 'time', paths: needPaths('time', p), ...viewArgs(p), json: has(p, 'json'), activities: acts.length ? acts : null, jobs: jobsOf(p) };
  },
  run: runTime,
};

const exportCmd: Command<ExportArgs> = {
  usage: 'export --chrome [options] PATH... -o TRACE.json',
  options: {
    chrome: { type: 'boolean', help: 'Chrome Trace Event JSON for Perfetto / chrome://tracing (docs/FORMATS.md "Chrome trace"): a process per case, a thread per pid, an event per call' },
    out: { type: 'string', short: 'o', value: 'TRACE.json', help: 'the file to write (streamed; replaced only once complete)' },
    force: { type: 'boolean', help: 'overwrite TRACE.json if it exists' },
    ...VIEW_OPTIONS,
    ...LOAD_OPTIONS,
  },
  args: (p) => {
    const paths = needPaths('export', p);
    if (!has(p, 'chrome')) throw new CliError('export needs a format: --chrome');
    const out = last(p, 'out');
    if (!out) throw new CliError('export needs -o TRACE.json');
    return { command: 'export', paths, ...viewArgs(p), format: 'chrome', out, force: has(p, 'force'), jobs: jobsOf(p) };
  },
  run: runExport,
};

/** Every subcommand, in the order of --help. Add one here. */
export const COMMANDS = { analyze, insights, compare, time, convert, export: exportCmd } satisfies Record<string, Command<{ command: string }>>;
export type CommandName = keyof typeof COMMANDS;
