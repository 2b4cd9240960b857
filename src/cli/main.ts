// The `strace-dfg` command (bundled by vite.cli.config.ts into dist-cli/strace-dfg.mjs). The same file is
// the parse worker of `--jobs` (started by src/cli/node/parallel.ts with a tagged workerData).
import { isParseWorker, runParseWorker } from './node/parallel';
import { main } from './run';
import { cleanUpOnSignals } from './node/temps';

if (isParseWorker()) runParseWorker();
else {
  // SIGINT, SIGTERM (Slurm at the wall time), SIGHUP: the temporaries being written go first
  cleanUpOnSignals();
  // `strace-dfg analyze … | head`: the reader went away; stop quietly like other Unix tools
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`strace-dfg: cannot write the output (${e.code ?? e.message})\n`);
    process.exit(1);
  });
  void main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
    process.exitCode = code;
  });
}
