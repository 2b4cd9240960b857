/** The command line of `strace-dfg`: subcommand + options (node:util parseArgs), from the registry src/cli/commands/index.ts. */
import { COMMANDS, type CommandArgs, type CommandName } from './commands';
import { CliError } from './errors';
import { optionHelp, readOptions, type OptionTable } from './options';

export { CliError };

export type Args = CommandArgs | { command: 'help' } | { command: 'version' };

const names = Object.keys(COMMANDS) as CommandName[];

export const HELP = [
  'strace-dfg — Directly-Follows Graphs of file-system activity from strace traces',
  '',
  'Usage:',
  ...names.map((n) => `  strace-dfg ${COMMANDS[n].usage}`),
  '  strace-dfg --help | --version',
  '',
  'PATH is a trace file, an HDF5 event log (.h5), or a folder: every file inside (recursively) that is a',
  'trace by its content (strace text or HDF5) is read, others are named on stderr and skipped. Traces are',
  'recorded with  strace -f -tt -T -y -e trace=<calls> -o {cid}_$(hostname)_$$.st <command>',
  'and each file is one case, named {cid}_{host}_{rid}.st.',
  ...names.flatMap((n) => ['', `${n} options:`, ...optionHelp(COMMANDS[n].options)]),
  '',
  "The view options are the keys of the app's link (docs/FORMATS.md \"The view text form\"): --view takes a",
  "whole link's view, e.g. --view '#depth=3&filter=/scratch&green=cid:a&red=cid:b', and gives the analysis the",
  'app shows for that link and those files; options given beside it apply after it.',
  '--green-cid C --red-cid C is the same as --green cid:C --red cid:C.',
  '',
  'Units are binary (KiB = 1024 B, MiB/s). Exit codes: 0 ok, 1 internal error, 2 bad usage or input.',
].join('\n');

/**
 * `strace-dfg SUB --help`: that subcommand's usage and options only, and a line pointing to the global
 * help (PATH, view keys, exit codes); null when argv does not start with a subcommand.
 */
export function commandHelp(argv: readonly string[]): string | null {
  const name = argv[0];
  if (!(name in COMMANDS)) return null;
  const cmd = COMMANDS[name as CommandName];
  return [`Usage: strace-dfg ${cmd.usage}`, '', `${name} options:`, ...optionHelp(cmd.options), '', 'strace-dfg --help: what PATH may be, the view keys (--view), units and exit codes.'].join('\n');
}

/** Parses argv (without `node` and the script). Throws CliError on bad usage. */
export function parseArgs(argv: readonly string[]): Args {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '--version' || argv[0] === '-V') return { command: 'version' };
  const command = argv[0];
  if (!(command in COMMANDS)) throw new CliError(`unknown command '${command}' (expected ${names.join(' or ')}; see strace-dfg --help)`);
  const spec = COMMANDS[command as CommandName];
  const others: Record<string, OptionTable> = Object.fromEntries(names.filter((n) => n !== command).map((n) => [n, COMMANDS[n].options]));
  const line = readOptions(command, argv.slice(1), spec.options, others);
  if (line.help) return { command: 'help' };
  return spec.args(line) as Args;
}
