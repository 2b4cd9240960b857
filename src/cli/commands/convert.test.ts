/** convert writes atomically: a failed write is one line, exit 2, and leaves an existing file intact. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../run';

/** A writer that fails mid-write when `fail` is set: it leaves part of a file behind, then throws. */
const writer = vi.hoisted(() => ({ fail: null as null | 'enospc' | 'hdf5', paths: [] as string[] }));
vi.mock('../node/hdf5', async (importOriginal) => {
  const real = await importOriginal<typeof import('../node/hdf5')>();
  return {
    ...real,
    writeHdf5File: async (...args: Parameters<typeof real.writeHdf5File>): Promise<void> => {
      const [, path] = args;
      writer.paths.push(path);
      if (!writer.fail) return real.writeHdf5File(...args);
      writeFileSync(path, '\x89HDF\r\n\x1a\n half a file');
      if (writer.fail === 'enospc') throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      throw new Error("HDF5-DIAG: Error detected in HDF5 (1.14.2): H5Dwrite(): can't write data; error message = 'No space left on device'");
    },
  };
});

const FIG1 = join(__dirname, '..', '__fixtures__', 'fig1');
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

describe('convert --force that fails keeps the old file', () => {
  for (const fail of ['enospc', 'hdf5'] as const) {
    it(`a write that fails midway (${fail}): one line, exit 2, the old bytes unchanged, no temporary file left`, async () => {
      const dir = mkdtempSync(join(tmp, 'fail-'));
      const out = join(dir, 'log.h5');
      const old = Buffer.from('the old log: \x00\x01\x02 bytes that must survive');
      writeFileSync(out, old);
      writer.fail = fail;
      writer.paths = [];
      let r: { code: number; err: string };
      try {
        r = await run('convert', '--force', FIG1, '-o', out);
      } finally {
        writer.fail = null;
      }
      expect(writer.paths).toHaveLength(1);
      expect(writer.paths[0]).not.toBe(out); // written beside it, never over it
      expect(r.code).toBe(2);
      expect(r.err).toBe(`strace-dfg: cannot write ${out}: no space left on the device (ENOSPC) (the existing file is unchanged)\n`);
      expect(readFileSync(out).equals(old)).toBe(true);
      expect(readdirSync(dir)).toEqual(['log.h5']);
    });
  }
});

describe('--jobs', () => {
  it('is clamped to the cores, and says so', async () => {
    const r = await run('analyze', '--jobs', '20000', FIG1);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^strace-dfg: --jobs 20000 is more than the \d+ cores: using \d+$/m);
  });
});
