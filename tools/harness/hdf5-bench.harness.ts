/**
 * HDF5 timing harness (not a test; not in npm test):
 *
 *   npm run bench:harness -- tools/harness/hdf5-bench.harness.ts
 *
 * On the seeded synthetic traces of tools/gen-traces.mjs (BENCH_MB, default 50 MB): strace parse vs native
 * .h5 write and load (MB/s of the strace text, events/s), and the load of the same events as an h5py
 * compound-per-case file (the foreign path: string columns decoded and interned). Prints one table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../gen-traces.mjs';
import { mergeLogs } from '../../src/model';
import { parseStraceBytes } from '../../src/ingest/strace';
import { loadH5wasm, readHdf5Log, writeNativeHdf5 } from '../../src/ingest/hdf5/index';

const best = (runs: number, f: () => void): number => {
  let b = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    f();
    b = Math.min(b, performance.now() - t);
  }
  return b / 1000;
};

describe('HDF5 benchmark', () => {
  it('native .h5 load is ≥ 3× faster than parsing the strace text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'h5bench-'));
    try {
      const mb = Number(process.env.BENCH_MB ?? 50);
      generate({ files: 16, mb, seed: 1, out: join(dir, 'traces') });
      const names = readdirSync(join(dir, 'traces')).filter((n) => n.endsWith('.st'));
      const texts = names.map((n) => readFileSync(join(dir, 'traces', n)));
      const bytes = texts.reduce((s, t) => s + t.length, 0);
      let log = mergeLogs([]);
      const parseS = best(2, () => {
        log = mergeLogs(names.map((n, i) => parseStraceBytes(n, texts[i])));
      });
      const h5 = await loadH5wasm();
      const native = join(dir, 'log.h5');
      const writeS = best(1, () => writeNativeHdf5(h5, log, native));
      let back = log;
      const loadS = best(3, () => {
        back = readHdf5Log(h5, native, 'log.h5');
      });
      expect(back.n).toBe(log.n);
      const compound = join(dir, 'compound.h5');
      const py = `
import sys, h5py, numpy as np
src, dst = sys.argv[1], sys.argv[2]
with h5py.File(src) as h, h5py.File(dst, 'w') as o:
    e = h['events']; calls = h['strings/calls'][:]; paths = h['strings/paths'][:]
    pc, pf = h['pairs/call'][:], h['pairs/fp'][:]; off = h['cases/offsets'][:]
    for k, cid in enumerate(h['cases/id'][:]):
        a, b = off[k], off[k + 1]; pair = e['pair'][a:b]
        t = np.zeros(b - a, dtype=[('pid', '<i8'), ('call', 'S16'), ('start', '<f8'), ('dur', '<f8'), ('fp', 'S128'), ('size', '<i8')])
        t['pid'] = e['pid'][a:b]; t['call'] = calls[pc[pair]]; t['start'] = e['start'][a:b]; t['dur'] = e['dur'][a:b]
        t['fp'] = paths[pf[pair]]; s = e['size'][a:b]; t['size'] = np.where(np.isnan(s), -1, s)
        o.create_group(cid.decode()).create_dataset('events', data=t)
`;
      const r = spawnSync('/usr/bin/python3', ['-c', py, native, compound], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      let foreignN = 0;
      const foreignS = best(2, () => {
        foreignN = readHdf5Log(h5, compound, 'compound.h5').n;
      });
      expect(foreignN).toBe(log.n);
      const MB = 1e6;
      const row = (what: string, s: number): string =>
        `${what.padEnd(34)} ${s.toFixed(3).padStart(7)} s  ${(bytes / MB / s).toFixed(0).padStart(6)} MB/s  ${(log.n / s / 1e6).toFixed(2).padStart(6)} M events/s`;
      console.log(
        [
          `${names.length} traces, ${(bytes / MB).toFixed(1)} MB, ${log.n} events, ${log.cases.length} cases; native .h5 ${(statSync(native).size / MB).toFixed(1)} MB`,
          row('strace parse (parseStraceBytes)', parseS),
          row('native .h5 write', writeS),
          row('native .h5 load', loadS),
          row('h5py compound .h5 load (foreign)', foreignS),
          `native load vs strace parse: ${(parseS / loadS).toFixed(1)}×`,
        ].join('\n'),
      );
      expect(parseS / loadS).toBeGreaterThanOrEqual(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
