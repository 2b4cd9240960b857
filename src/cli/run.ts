/** `strace-dfg` commands. `main` takes argv and output streams so tests can call it in-process. */
import { commandHelp, HELP, parseArgs } from './args';
import { COMMANDS } from './commands';
import { CliError, type CliIO } from './errors';
import { safe } from './text';

export type { CliIO, Out } from './errors';

export const VERSION = '0.1.0';

/** Runs the CLI; resolves to the exit code. Errors become one line on stderr, never a stack trace. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    const args = parseArgs(argv);
    if (args.command === 'help') {
      io.stdout.write((commandHelp(argv) ?? HELP) + '\n');
      return 0;
    }
    if (args.command === 'version') {
      io.stdout.write(`strace-dfg ${VERSION}\n`);
      return 0;
    }
    const cmd = COMMANDS[args.command] as { run(a: typeof args, io: CliIO): Promise<number> };
    return await cmd.run(args, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr.write(`strace-dfg: ${safe(e.message)}\n`);
      return e.code;
    }
    const err = e as Error;
    // Errors of the engine that name the problem (bad regex, bad HDF5, …) are input errors.
    if (err && /^(MappingError|Hdf5FormatError|PartitionError)$/.test(err.name)) {
      io.stderr.write(`strace-dfg: ${safe(err.message)}\n`);
      return 2;
    }
    io.stderr.write(`strace-dfg: internal error: ${safe(err?.message ?? String(e))}${process.env.STRACE_DFG_DEBUG ? `\n${err?.stack ?? ''}` : ' (set STRACE_DFG_DEBUG=1 for details)'}\n`);
    return 1;
  }
}
