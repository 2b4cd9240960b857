import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { estimateLoad, traceBytes } from './memory';

describe('estimateLoad', () => {
  it('lets a 1 GB load through on an 8 GiB machine and stops 10 GB', () => {
    const gb1 = estimateLoad(1e9, 8);
    expect(gb1.events).toBe(1e7);
    expect(gb1.peak).toBeGreaterThan(1e9);
    expect(gb1.fits).toBe(true);
    const gb10 = estimateLoad(1e10, 8);
    expect(gb10.fits).toBe(false);
    expect(gb10.budget).toBe(4 * 1024 ** 3);
  });
  it('is more careful on small or unknown machines', () => {
    expect(estimateLoad(3e9, 2).fits).toBe(false);
    expect(estimateLoad(3e9, 2).budget).toBe(1024 ** 3);
    expect(estimateLoad(1e9).budget).toBe(2 * 1024 ** 3);
    expect(estimateLoad(0).fits).toBe(true);
  });
});

describe('traceBytes', () => {
  it('counts a .gz file at about its decompressed size (within 2× of the real IOR runs)', () => {
    const dir = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
    for (const f of readdirSync(dir)) {
      const gz = readFileSync(join(dir, f));
      const ratio = traceBytes(f, gz.length) / gunzipSync(gz).length;
      expect(ratio, f).toBeGreaterThan(0.5);
      expect(ratio, f).toBeLessThan(2);
    }
    expect(traceBytes('a_n1_1.st', 1000)).toBe(1000);
    // 1.5 GB of gzip'd traces are ~12 GB of text: announced, not loaded blindly
    expect(estimateLoad(traceBytes('big.st.gz', 1.5e9), 8).fits).toBe(false);
  });
});
