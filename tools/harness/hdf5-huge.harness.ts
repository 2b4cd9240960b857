/**
 * A ≥ 2 GB native event log (a timing harness, not in npm test; needs ~8 GB RAM and ~3 GB in /tmp):
 *
 *   npm run bench:harness -- tools/harness/hdf5-huge.harness.ts
 *
 * Tiles the strace fixtures into 64 Mi events (≈ 2.2 GB on disk), writes the native file (chunked columns),
 * loads it back slab by slab and checks every column. Set BENCH_HUGE_KEEP=path to keep the file.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mergeLogs, type EventLog } from '../../src/model';
import { parseStraceBytes } from '../../src/ingest/strace';
import { loadH5wasm, readHdf5Log, writeNativeHdf5 } from '../../src/ingest/hdf5/index';

const FIX = fileURLToPath(new URL('../../src/ingest/hdf5/__fixtures__/', import.meta.url));

describe('2 GB native event log', () => {
  it('writes and loads 64 Mi events', async () => {
    const src = mergeLogs(['ls_node1_1.st', 'ls_node1_2.st', 'lsl_node2_1.st', 'sh_node2_2.st'].map((t) => parseStraceBytes(t, readFileSync(`${FIX}src/${t}`))));
    const reps = Math.ceil((64 << 20) / src.n);
    const n = src.n * reps;
    const tile = <T extends Int32Array | Uint32Array | Uint16Array | Float64Array>(a: T, make: (k: number) => T): T => {
      const out = make(n);
      for (let r = 0; r < reps; r++) out.set(a, r * src.n);
      return out;
    };
    const k = src.cases.length;
    const log: EventLog = {
      ...src,
      n,
      pid: tile(src.pid, (m) => new Int32Array(m)),
      pair: tile(src.pair, (m) => new Uint32Array(m)),
      errno: tile(src.errno, (m) => new Uint16Array(m)),
      start: tile(src.start, (m) => new Float64Array(m)),
      dur: tile(src.dur, (m) => new Float64Array(m)),
      size: tile(src.size, (m) => new Float64Array(m)),
      line: tile(src.line, (m) => new Uint32Array(m)),
      cases: Array.from({ length: k * reps }, (_, i) => ({ ...src.cases[i % k], id: `${src.cases[i % k].id}_${Math.floor(i / k)}` })),
      caseOffsets: Uint32Array.from({ length: k * reps + 1 }, (_, i) => (i === k * reps ? n : Math.floor(i / k) * src.n + src.caseOffsets[i % k])),
    };
    const h5 = await loadH5wasm();
    const path = process.env.BENCH_HUGE_KEEP ?? join(tmpdir(), `huge-${process.pid}.h5`);
    try {
      let t = performance.now();
      writeNativeHdf5(h5, log, path);
      const writeS = (performance.now() - t) / 1000;
      const bytes = statSync(path).size;
      t = performance.now();
      const back = readHdf5Log(h5, path, 'huge.h5');
      const loadS = (performance.now() - t) / 1000;
      console.log(`${n} events, ${(bytes / 2 ** 30).toFixed(2)} GiB: write ${writeS.toFixed(1)} s, load ${loadS.toFixed(1)} s (${(bytes / 1e6 / loadS).toFixed(0)} MB/s)`);
      expect(bytes).toBeGreaterThan(2e9);
      expect(back.n).toBe(n);
      for (const c of ['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line', 'caseOffsets'] as const) expect(back[c].length, c).toBe(log[c].length);
      for (const c of ['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line', 'caseOffsets'] as const) {
        const a = log[c];
        const b = back[c];
        let bad = -1;
        for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) { bad = i; break; }
        expect(bad, c).toBe(-1);
      }
      expect(back.cases).toEqual(log.cases);
    } finally {
      if (!process.env.BENCH_HUGE_KEEP) rmSync(path, { force: true });
    }
  }, 1_200_000);
});
