/** Hostile HDF5 files in a folder (src/ingest/hdf5/__fixtures__/README.md): named and skipped, the good traces load. */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliJson } from '../analysis/cliJson';
import { runCli as run, tempDir } from '../testing/cliRun';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const H5 = join(__dirname, '..', 'ingest', 'hdf5', '__fixtures__');
const tmp = tempDir('hostile');

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
