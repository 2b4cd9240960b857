/**
 * Issue #33.8: gzip files the browser's DecompressionStream stops on (members one after the other, zero
 * padding, a cut) read as GNU gzip reads them, through the session's reading path (forReading) with the
 * runtime's decompressor (Node's here; Chrome's in e2e/gzip.spec.ts) and with one that stops the way
 * Chrome's does. Fixtures: src/ingest/__fixtures__/README.md (tools/make-gzip-fixtures.sh).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseStraceBytes } from './strace/index';
import { forReading, gunzipSource, webInflate, type Inflate } from './gzip';
import { stopsAfter } from '../testing/gzipStops';
import { gunzipExact, inflatedBytes, type GunzipEnd } from './gunzipExact';
import { identify, isIdentified } from './registry';
import { bytesSource, chunksOf, FileFormatError } from './source';

const FX = join(__dirname, '__fixtures__');
const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const bytes = (p: string) => new Uint8Array(readFileSync(p));
/** zlib's own output of a gzip file, what decompressed of a cut one included (a sync flush: no error at the end). */
const truth = (gz: Uint8Array) => gunzipSync(gz, { finishFlush: constants.Z_SYNC_FLUSH });

async function readAll(name: string, gz: Uint8Array, inflate: Inflate, step = 4096): Promise<{ data: Buffer; warnings: string[] }> {
  const warnings: string[] = [];
  const parts: Buffer[] = [];
  for await (const c of chunksOf(gunzipSource(bytesSource(name, gz), { inflate, onWarning: (w) => warnings.push(w) }), step)) parts.push(Buffer.from(c));
  return { data: Buffer.concat(parts), warnings };
}

describe('gzip files the browser stops on', () => {
  const cases = [
    ['multimember_vm_2.st.gz', false],
    ['padded_vm_1.st.gz', false],
    ['cutmember_vm_2.st.gz', true],
    ['truncated_vm_0.st.gz', true],
  ] as const;

  it('give zlib’s bytes whatever the runtime decompressor gave before it stopped, and a warning only when cut', async () => {
    for (const [f, cut] of cases) {
      const gz = bytes(join(FX, f));
      const want = truth(gz);
      for (const inflate of [webInflate()!, stopsAfter(0), stopsAfter(1000), stopsAfter(70_001), stopsAfter(want.length)]) {
        const { data, warnings } = await readAll(f, gz, inflate);
        expect(data.equals(want), f).toBe(true);
        expect(warnings, f).toEqual(cut ? [`${f} is cut short: its gzip data ends inside a member (after ${gz.length} bytes): everything that decompressed before the cut was read (an incomplete last line is left out)`] : []);
      }
    }
  });

  it('the members of one trace read as the trace itself (the same events as the single-member file)', async () => {
    const plain = gunzipSync(readFileSync(join(IOR, 'ssf_vm_2.st.gz')));
    const { data } = await readAll('multimember_vm_2.st.gz', bytes(join(FX, 'multimember_vm_2.st.gz')), stopsAfter(1000));
    expect(data.equals(plain)).toBe(true);
    const end: GunzipEnd = { members: 0, consumed: 0 };
    for await (const c of gunzipExact(chunksOf(bytesSource('m', bytes(join(FX, 'multimember_vm_2.st.gz'))), 999), end)) void c;
    expect(end.members).toBe(3);
  });

  it('a load keeps the events of a cut file, with one warning naming the .gz (forReading)', async () => {
    for (const inflate of [webInflate()!, stopsAfter(5000)]) {
      const gz = bytes(join(FX, 'cutmember_vm_2.st.gz'));
      const id = await identify(bytesSource('run/cutmember_vm_2.st.gz', gz), undefined, inflate);
      expect(isIdentified(id)).toBe(true);
      if (!isIdentified(id)) return;
      const r = forReading(id.source, inflate, () => undefined);
      const log = r.done(await id.importer.read(r.source, id.head, {}, { cancel: { cancelled: false }, onBytes: r.onBytes }));
      const want = parseStraceBytes('run/cutmember_vm_2.st', truth(gz));
      expect(log.n).toBe(want.n);
      expect(log.n).toBeGreaterThan(100);
      expect(log.files[0].warnings).toEqual([expect.stringMatching(/^run\/cutmember_vm_2\.st\.gz is cut short: /)]);
      expect(log.files[0].dropped['truncated-last-line']).toBe(1);
    }
  });

  it('errors name the file and the byte, never the runtime decompressor’s internals', async () => {
    for (const inflate of [webInflate()!, stopsAfter(0), stopsAfter(3000)]) {
      const err = await readAll('corrupt_vm_0.st.gz', bytes(join(FX, 'corrupt_vm_0.st.gz')), inflate).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FileFormatError);
      expect((err as Error).message).toMatch(/^corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \([a-z ]+\)$/);
    }
  });

  it('bytes after the data that are neither zeros nor gzip are left out with a warning', async () => {
    const gz = bytes(join(IOR, 'fpp_vm_0.st.gz'));
    const junk = new Uint8Array([...gz, ...new TextEncoder().encode('not gzip\n')]);
    const { data, warnings } = await readAll('junk.st.gz', junk, stopsAfter(0));
    expect(data.equals(gunzipSync(gz))).toBe(true);
    expect(warnings).toEqual([`junk.st.gz: the bytes from ${gz.length} on are not gzip data and were ignored`]);
  });
});

describe('inflatedBytes (the compression ratio of a head)', () => {
  it('is exact for a file decompressed whole, and extrapolates the ratio of the head of a longer one', async () => {
    const gz = bytes(join(FX, 'multimember_vm_2.st.gz'));
    const want = truth(gz).length;
    const whole = await inflatedBytes(chunksOf(bytesSource('m', gz), 4096), 1 << 30);
    expect(whole).toMatchObject({ exact: true, bytes: want, used: gz.length });
    const head = await inflatedBytes(chunksOf(bytesSource('m', gz), 4096), 100_000);
    expect(head.exact).toBe(false);
    expect(head.bytes).toBeGreaterThanOrEqual(100_000);
    const predicted = head.bytes + (gz.length - head.used) * head.ratio;
    expect(predicted).toBeGreaterThan(0.75 * want);
    expect(predicted).toBeLessThan(1.25 * want);
  });
});
