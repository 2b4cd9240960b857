/** convert writes atomically: a failed write is one line, exit 2, and leaves an existing file intact. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './run';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const tmp = mkdtempSync(join(tmpdir(), 'strace-dfg-convert-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  const code = await main(argv, { stdout: { write: () => true }, stderr: { write: (s: string) => (err += s) } });
  return { code, err };
}

describe('convert --force writes a new file and renames it', () => {
  it('an -o whose folder is a file: one line, exit 2, no HDF5 noise', async () => {
    const notDir = join(tmp, 'plain');
    writeFileSync(notDir, 'x');
    const r = await run('convert', FIG1, '-o', join(notDir, 'out.h5'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^strace-dfg: cannot write .*plain\/out\.h5: ENOTDIR\n$/);
    expect(r.err).not.toMatch(/HDF5|DIAG|internal error/);
  });
  it('a successful --force replaces the file and leaves no temporary file', async () => {
    const out = join(tmp, 'log.h5');
    writeFileSync(out, 'old content');
    const r = await run('convert', '--force', FIG1, '-o', out);
    expect(r.code).toBe(0);
    expect(readFileSync(out).subarray(1, 4).toString()).toBe('HDF');
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('--jobs', () => {
  it('is clamped to the cores, and says so', async () => {
    const r = await run('analyze', '--jobs', '20000', FIG1);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^strace-dfg: --jobs 20000 is more than the \d+ cores: using \d+$/m);
  });
});
