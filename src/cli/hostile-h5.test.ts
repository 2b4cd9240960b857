/** Hostile HDF5 files in a folder (src/ingest/hdf5/__fixtures__/README.md): named and skipped, the good traces load. */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliJson } from '../analysis/cliJson';
import { main } from './run';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const H5 = join(__dirname, '..', 'ingest', 'hdf5', '__fixtures__');
const tmp = mkdtempSync(join(tmpdir(), 'strace-dfg-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

describe('a folder with a hostile .h5 beside good traces', () => {
  for (const [bad, why] of [
    ['bad_native_report_null.h5', /file report 0 is null/],
    ['bad_native_report_empty.h5', /'name' is missing/],
    ['bad_native_rows_1e9.h5', /claims 1,000,000,000 rows/],
    ['bad_external_storage.h5', /refers to another file \(\/etc\/passwd\)/],
    ['bad_lzf.h5', /LZF filter/],
  ] as const) {
    it(`${bad}: named and skipped, the good traces load`, async () => {
      const d = join(tmp, bad.replace(/\.h5$/, ''));
      mkdirSync(d);
      copyFileSync(join(H5, bad), join(d, bad));
      for (const f of ['a_node1_1.st', 'a_node1_2.st']) copyFileSync(join(FIG1, f), join(d, f));
      const r = await run('analyze', '--json', d);
      expect(r.code).toBe(0);
      expect(r.err).toMatch(new RegExp(`^strace-dfg: could not load 1 file: \\S*${bad.replace(/\./g, '\\.')} \\(`));
      expect(r.err).toMatch(why);
      expect(r.err).not.toMatch(/internal error|HDF5-DIAG|Aborted/);
      expect((JSON.parse(r.out) as CliJson).cases).toBe(2);
    });
  }
  it('given explicitly, the bad file is one line, exit 2', async () => {
    const r = await run('analyze', join(H5, 'bad_native_report_shape.h5'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^strace-dfg: .*bad_native_report_shape\.h5: broken strace-dfg event log: file report 0: 'warnings' is "not a list"/);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
  });
});
