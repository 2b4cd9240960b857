// The `strace-dfg` command (bundled by vite.cli.config.ts into dist-cli/strace-dfg.mjs). The same file is
// the parse worker of `--jobs` (started by src/cli/parallel.ts with a tagged workerData).
import { isParseWorker, runParseWorker } from './parallel';
import { main } from './run';

if (isParseWorker()) runParseWorker();
else {
  void main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
    process.exitCode = code;
  });
}
