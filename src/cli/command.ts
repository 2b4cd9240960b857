/**
 * A subcommand of `strace-dfg`: its usage line, its options, how its typed arguments are read from the
 * parsed line, and what it runs. Each lives in src/cli/commands/<name>.ts; the registry of them is
 * src/cli/commands/index.ts (--help and the argument parser are built from it).
 */
import { CliError, type CliIO } from './errors';
import { intArg, last, type OptionTable, type ParsedLine } from './options';

export interface Command<A extends { command: string }> {
  /** The usage line(s), after `strace-dfg `. */
  usage: string;
  options: OptionTable;
  /** Typed arguments from the parsed line (throws CliError for bad usage). */
  args(p: ParsedLine): A;
  run(a: A, io: CliIO): Promise<number>;
}

/** `--jobs N` (null = the default: the cores, at most 8). */
export const jobsOf = (p: ParsedLine): number | null => {
  const j = last(p, 'jobs');
  return j === undefined ? null : intArg('--jobs', j, 1);
};

/** The PATH arguments (at least one). */
export const needPaths = (command: string, p: ParsedLine): string[] => {
  if (!p.positionals.length) throw new CliError(`${command} needs at least one PATH (see strace-dfg --help)`);
  return p.positionals;
};

/** `--top N` (rows per table in the text output; default 40, 0 = all). */
export const topOf = (p: ParsedLine): number => {
  const top = last(p, 'top');
  return top === undefined ? 40 : intArg('--top', top, 0);
};
