/** The CLI in-process for its tests: `runCli(...argv)` collects stdout, stderr and the exit code;
 * `tempDir(name)` is a fresh folder removed after the test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { main } from '../cli/run';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCli(...argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

/** A new folder `strace-dfg-<name>-XXXXXX` in the system's temporary folder, removed after the file's tests. */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `strace-dfg-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
