/**
 * Fuzz (issue #33.8): a real IOR trace gzip'd in seeded random members (split anywhere, even mid-line), with
 * random zero padding, cut at random offsets, read through the loading path (identify + forReading) with the
 * runtime's decompressor and with one that stops early as Chrome's does. Every time: the events of zlib's own
 * output (what decompressed before a cut), events + dropped = lines, a warning exactly when the cut falls
 * inside a member, and never anything but a FileFormatError.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseStraceBytes } from './strace/index';
import { forReading, webInflate } from './gzip';
import { stopsAfter } from '../testing/gzipStops';
import { prng } from '../lib/prng';
import { identify, isIdentified } from './registry';
import { bytesSource, FileFormatError } from './source';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const TRACE = gunzipSync(readFileSync(join(IOR, 'ssf_vm_5.st.gz')));

const linesOf = (b: Uint8Array): number => {
  let n = 0;
  for (const x of b) if (x === 10) n++;
  return n + (b.length && b[b.length - 1] !== 10 ? 1 : 0);
};

describe('gzip fuzz: members, padding, cuts', () => {
  it('200 seeded files: zlib’s events, events + dropped = lines, one warning exactly when cut inside a member', async () => {
    const r = prng(33_8);
    let cuts = 0;
    for (let k = 0; k < 200; k++) {
      // members: the trace split at 0-4 random byte offsets, each part gzip'd on its own
      const at = Array.from({ length: Math.floor(r() * 5) }, () => Math.floor(r() * TRACE.length)).sort((a, b) => a - b);
      const parts = [0, ...at, TRACE.length].slice(1).map((end, i, ends) => gzipSync(TRACE.subarray(i ? ends[i - 1] : 0, end), { level: 1 + Math.floor(r() * 9) }));
      const padding = r() < 0.4 ? Math.floor(r() * 5000) : 0;
      const whole = Buffer.concat([...parts, Buffer.alloc(padding)]);
      const dataEnd = whole.length - padding;
      // a cut in 2 of 3 files, anywhere after the first member's head (the sniffed head must decompress)
      const size = r() < 2 / 3 ? 2000 + Math.floor(r() * (whole.length - 2000)) : whole.length;
      const gz = new Uint8Array(whole.subarray(0, size));
      const want = gunzipSync(gz, { finishFlush: constants.Z_SYNC_FLUSH });
      const cut = size < dataEnd;
      cuts += cut ? 1 : 0;
      const inflate = r() < 0.5 ? webInflate()! : stopsAfter(Math.floor(r() * want.length));
      const name = `fuzz_${k}.st.gz`;
      const id = await identify(bytesSource(name, gz), undefined, inflate);
      expect(isIdentified(id), name).toBe(true);
      if (!isIdentified(id)) continue;
      const rd = forReading(id.source, inflate, () => undefined);
      const log = await id.importer
        .read(rd.source, id.head, {}, { cancel: { cancelled: false }, onBytes: rd.onBytes })
        .then(rd.done)
        .catch((e: unknown) => {
          expect(e, name).toBeInstanceOf(FileFormatError);
          throw e;
        });
      const f = log.files[0];
      expect(log.n, name).toBe(parseStraceBytes(name, want).n);
      expect(f.lines, name).toBe(linesOf(want));
      expect(f.events + Object.values(f.dropped).reduce((a, b) => a + b, 0), name).toBe(f.lines);
      expect(f.warnings.filter((w) => w.startsWith(`${name} is cut short`)), name).toHaveLength(cut ? 1 : 0);
      expect(f.warnings.some((w) => /last line is incomplete/.test(w)), name).toBe(false);
    }
    expect(cuts).toBeGreaterThan(100);
  }, 180_000);
});
