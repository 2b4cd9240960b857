/** gzip'd traces read as a stream (DecompressionStream, as in the browser); edge cases in __fixtures__/README.md. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipSource, isGzip, webInflate } from './gzip';
import { identify, isIdentified, unidentifiedMessage, type Unidentified } from './registry';
import { bytesSource, CancelledError, chunksOf, FileFormatError, type ByteSource } from './source';

const FX = join(__dirname, '__fixtures__');
const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const inflate = webInflate()!;
const bytes = (p: string) => new Uint8Array(readFileSync(p));

/** A source over bytes that records every read (offset, length). */
function recorded(name: string, data: Uint8Array): ByteSource & { reads: [number, number][] } {
  const inner = bytesSource(name, data);
  const reads: [number, number][] = [];
  return { name, size: data.length, reads, read: (o, l) => (reads.push([o, l]), inner.read(o, l)) };
}

async function all(src: ByteSource, step: number): Promise<{ data: Buffer; largest: number }> {
  const parts: Buffer[] = [];
  let largest = 0;
  for await (const c of chunksOf(src, step)) {
    parts.push(Buffer.from(c));
    largest = Math.max(largest, c.byteLength);
  }
  return { data: Buffer.concat(parts), largest };
}

describe('gunzipSource', () => {
  it('streams the decompressed bytes of a real trace in pieces, whatever the read size, counting compressed bytes', async () => {
    const gz = bytes(join(IOR, 'ssf_vm_3.st.gz'));
    const want = gunzipSync(gz);
    expect(isGzip(gz)).toBe(true);
    for (const step of [997, 64 * 1024, 16 * 1024 * 1024]) {
      let counted = 0;
      const file = recorded('ssf_vm_3.st.gz', gz);
      const src = gunzipSource(file, { inflate, onCompressed: (n) => (counted += n) });
      expect(src.name).toBe('ssf_vm_3.st');
      expect(src.size).toBe(gz.length);
      const { data, largest } = await all(src, step);
      expect(data.equals(want)).toBe(true);
      expect(counted).toBe(gz.length);
      // never the whole file at once: compressed reads of at most `step` (1 MiB at most), output in pieces
      expect(Math.max(...file.reads.map(([, l]) => l))).toBeLessThanOrEqual(Math.min(step, 1024 * 1024));
      expect(largest).toBeLessThan(want.length / 2);
    }
  });

  it('reads the head by decompressing the start only', async () => {
    const gz = bytes(join(IOR, 'fpp_vm_0.st.gz'));
    const file = recorded('fpp_vm_0.st.gz', gz);
    const head = await gunzipSource(file, { inflate }).read(0, 4096);
    expect(Buffer.from(head).equals(gunzipSync(gz).subarray(0, 4096))).toBe(true);
    expect(file.reads.reduce((s, [, l]) => s + l, 0)).toBeLessThanOrEqual(64 * 1024);
    await expect(gunzipSource(file, { inflate }).read(10, 5)).rejects.toThrow(/read from its start only/);
  });

  it('names the file and the byte where the data is corrupt (no decompressor internals)', async () => {
    const src = gunzipSource(bytesSource('run/corrupt_vm_0.st.gz', bytes(join(FX, 'corrupt_vm_0.st.gz'))), { inflate });
    // the head is fine: the damage comes later in the stream
    expect((await src.read(0, 4096)).length).toBe(4096);
    const err = await all(src, 4096).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileFormatError);
    expect((err as Error).message).toMatch(/^run\/corrupt_vm_0\.st\.gz: the gzip data is corrupt at byte \d+ \([a-z ]+\)$/);
  });

  it('keeps what decompressed of a file cut short, with one warning naming it', async () => {
    const gz = bytes(join(FX, 'truncated_vm_0.st.gz'));
    // zlib's own partial output of the cut file (no error at the end: a sync flush)
    const want = gunzipSync(gz, { finishFlush: constants.Z_SYNC_FLUSH });
    const warnings: string[] = [];
    const src = gunzipSource(bytesSource('run/truncated_vm_0.st.gz', gz), { inflate, onWarning: (w) => warnings.push(w) });
    const { data } = await all(src, 4096);
    expect(data.equals(want)).toBe(true);
    expect(warnings).toEqual([`run/truncated_vm_0.st.gz is cut short: its gzip data ends inside a member (after ${gz.length} bytes): everything that decompressed before the cut was read (an incomplete last line is left out)`]);
  });

  it('stops reading when cancelled', async () => {
    const gz = bytes(join(IOR, 'ssf_vm_0.st.gz'));
    const file = recorded('ssf_vm_0.st.gz', gz);
    const cancel = { cancelled: false };
    const run = (async () => {
      for await (const c of chunksOf(gunzipSource(file, { inflate }), 1000, cancel)) cancel.cancelled = c.length > 0;
    })();
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(file.reads.reduce((s, [, l]) => s + l, 0)).toBeLessThan(gz.length);
  });
});

describe('identify a gzip file', () => {
  it('sniffs the decompressed head, under the name without .gz', async () => {
    const gz = bytes(join(IOR, 'ssf_vm_0.st.gz'));
    const id = await identify(bytesSource('ior/ssf_vm_0.st.gz', gz));
    expect(isIdentified(id)).toBe(true);
    if (!isIdentified(id)) return;
    expect(id.importer.id).toBe('strace');
    expect(id.source.name).toBe('ior/ssf_vm_0.st');
    expect(id.source.compressed?.name).toBe('ior/ssf_vm_0.st.gz');
    expect(Buffer.from(id.head).equals(gunzipSync(gz).subarray(0, 4096))).toBe(true);
  });

  it('refuses gzip’d HDF5, names gzip’d non-traces and a bad gzip header', async () => {
    const h5 = (await identify(bytesSource('h5py_compound.h5.gz', bytes(join(FX, 'h5py_compound.h5.gz'))))) as Unidentified;
    expect(h5.reason).toBe('random');
    expect(unidentifiedMessage(h5)).toBe('h5py_compound.h5.gz: a gzip-compressed HDF5 file is not read as a stream: decompress it first (gunzip)');
    const md = (await identify(bytesSource('docs/readme.md.gz', bytes(join(FX, 'readme.md.gz'))))) as Unidentified;
    expect(md.reason).toBe('unknown');
    expect(unidentifiedMessage(md)).toBe('docs/readme.md.gz: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace (decompressed)');
    await expect(identify(bytesSource('badheader_node1_1.st.gz', bytes(join(FX, 'badheader_node1_1.st.gz'))))).rejects.toThrow(
      'badheader_node1_1.st.gz: the gzip data is corrupt at byte 4 (unknown compression method)',
    );
  });

  it('without a decompressor, a gzip file is not recognised', async () => {
    const id = await identify(bytesSource('a_node1_1.st.gz', bytes(join(FX, 'a_node1_1.st.gz'))), undefined, null);
    expect(isIdentified(id)).toBe(false);
  });
});
