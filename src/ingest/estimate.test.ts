/**
 * The distinct-paths estimate must not refuse ordinary traces (issue #33.7: a 3 GB trace of 402 distinct
 * paths read in a loop was estimated at 4.4 M paths and refused). Reproduced without writing gigabytes: a
 * real strace of a program reading the same 402 files twice (src/session/__fixtures__/many-paths/loop.sh),
 * tiled to 3 GB by a source whose bytes at any offset are the trace's (the slices the estimate reads are
 * the bytes that fooled it: every path of a slice seen once, half of them first in its second half).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseStraceBytes } from './strace/index';
import type { ByteSource } from './source';
import { estimatePaths, HEAP_PER_PATH, SAMPLE_BYTES, SLICES } from './estimate';

const FIX = join(__dirname, '..', 'session', '__fixtures__', 'many-paths');
const LOOP = new Uint8Array(gunzipSync(readFileSync(join(FIX, 'loop_node1_0.st.gz'))));
const MDTEST = new Uint8Array(gunzipSync(readFileSync(join(FIX, 'mdtest_node1_0.st.gz'))));

/** `bytes` repeated to `size` bytes (it ends with a line end: the copies are whole lines). */
function tiled(name: string, bytes: Uint8Array, size: number): ByteSource {
  return {
    name,
    size,
    async read(offset, length) {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = new Uint8Array(n);
      for (let got = 0; got < n; ) {
        const at = (offset + got) % bytes.length;
        const take = Math.min(n - got, bytes.length - at);
        out.set(bytes.subarray(at, at + take), got);
        got += take;
      }
      return out;
    },
  };
}

const distinct = (bytes: Uint8Array): number => parseStraceBytes('x', bytes).paths.length - 1;

/** About 3 GB of the loop, sized so that the 8 slices of the sample (SLICES, spread evenly) fall at spread
 * places of a copy, as on a real trace, not each on the same seam between two copies. */
function spreadSize(period: number): number {
  const slice = SAMPLE_BYTES / SLICES;
  const step = Math.floor(3e9 / 7 / period) * period + Math.round(0.37 * period);
  return 7 * step + slice;
}

describe('the distinct-paths estimate on a trace that reads the same files in a loop', () => {
  it('a 3 GB trace of 402 data files read over and over: a few hundred paths, not millions', async () => {
    const truth = distinct(LOOP);
    expect(truth).toBeGreaterThan(402); // the data files, the libraries, the working folder
    expect(truth).toBeLessThan(420);
    expect(LOOP.length).toBeGreaterThan(2 * 128 * 1024); // one loop is longer than a slice of the sample
    const est = await estimatePaths([tiled('loop_node1_0.st', LOOP, spreadSize(LOOP.length))]);
    expect(est.slices).toBe(8);
    expect(est.paths).toBeGreaterThanOrEqual(truth * 0.9);
    expect(est.paths).toBeLessThan(truth * 3);
    expect(est.heapBytes).toBeLessThan(4 * HEAP_PER_PATH * truth);
    // exactly 3e9 bytes: the slices fall next to each other on the seams of the copies (3.6 KB apart), and the
    // few paths one slice has to itself are extrapolated over 3 GB: an over-estimate, far under any heap
    const seams = await estimatePaths([tiled('loop_node1_0.st', LOOP, 3e9)]);
    expect(seams.heapBytes).toBeLessThan(256 << 20);
    // many files of it, as many ranks: still the same few paths per file
    const ranks = await estimatePaths(Array.from({ length: 32 }, (_, k) => tiled(`loop_node1_${k}.st`, LOOP, 1e8)));
    expect(ranks.paths).toBeLessThan(truth * 3);
  });

  it('a trace that meets new paths throughout is still estimated as such (mdtest-like, tiled: each copy the same paths)', async () => {
    // tiled, the mdtest-like trace holds its 12,000 paths however long it is: the slices of a copy see paths
    // no other slice sees, so the estimate scales them (an over-estimate, never a refusal of the loop above)
    const truth = distinct(MDTEST);
    const est = await estimatePaths([tiled('mdtest_node1_0.st', MDTEST, MDTEST.length)]);
    expect(Math.abs(est.paths - truth) / truth).toBeLessThan(0.3);
  });
});
