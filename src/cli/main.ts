// The `strace-dfg` command (bundled by vite.cli.config.ts into dist-cli/strace-dfg.mjs).
import { main } from './run';

void main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
