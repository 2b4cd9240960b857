/**
 * The region inflaters (inflate.ts) against zlib itself and each other: pako stream by stream, and the
 * native path (DecompressionStream fed in pieces that end where a zlib header could begin). Node's own
 * DecompressionStream ignores data after a stream's end, so the native path is driven here by a stand-in
 * that behaves as Chromium's does (a write after the end fails; the output before it was read); the real
 * Chromium path is checked end to end by e2e/darshan.spec.ts (the app's JSON of the 32-rank mpi-io-test log
 * equals the CLI's, which inflates with pako).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ZStream, Z_NO_FLUSH, Z_OK, Z_STREAM_END, zlibInflate, zlibInflateInit } from 'pako';
import { describe, expect, test } from 'vitest';
import { readHeader } from './header';
import { adler32, concat, inflateStreams, nativeStreams, type DSCtor } from './inflate';

const DIR = join(__dirname, '__fixtures__');

/** A DecompressionStream('deflate') stand-in over pako: `strict` = Chromium (data after the end fails the write), else Node (ignored). */
function fakeDS(strict: boolean): DSCtor {
  return class {
    private s = new ZStream();
    private ended = false;
    private queue: Uint8Array[] = [];
    private error: Error | null = null;
    private wake: (() => void) | null = null;
    constructor() {
      zlibInflateInit(this.s);
    }
    get writable() {
      return {
        getWriter: () => ({
          write: async (chunk: Uint8Array) => {
            // backpressure: a chunk is taken once the output of the one before it was read
            while (this.queue.length) await new Promise((r) => setTimeout(r, 0));
            this.transform(chunk);
            this.wake?.();
            if (this.error) throw this.error;
          },
          close: async () => {
            if (!this.ended) this.fail(new Error('truncated'));
            this.wake?.();
            if (this.error) throw this.error;
            this.closed = true;
          },
        }),
      };
    }
    private closed = false;
    get readable() {
      return {
        getReader: () => ({
          read: async (): Promise<{ done: boolean; value?: Uint8Array }> => {
            for (;;) {
              if (this.error) throw this.error;
              const v = this.queue.shift();
              if (v) return { done: false, value: v };
              if (this.closed) return { done: true };
              await new Promise<void>((r) => {
                this.wake = r;
                setTimeout(r, 1);
              });
            }
          },
        }),
      };
    }
    private fail(e: Error): void {
      this.error = e;
      this.queue = []; // an errored stream drops what was not read yet
    }
    private transform(chunk: Uint8Array): void {
      if (this.ended) {
        if (strict && chunk.length) this.fail(new Error('Junk found after end of compressed data.'));
        return;
      }
      const s = this.s;
      s.input = chunk;
      s.next_in = 0;
      s.avail_in = chunk.length;
      for (;;) {
        const out = new Uint8Array(16384);
        s.output = out;
        s.next_out = 0;
        s.avail_out = out.length;
        const r = zlibInflate(s, Z_NO_FLUSH);
        if (s.next_out) this.queue.push(out.slice(0, s.next_out));
        if (r === Z_STREAM_END) {
          this.ended = true;
          if (strict && s.avail_in) this.fail(new Error('Junk found after end of compressed data.'));
          return;
        }
        if (r !== Z_OK && !(s.avail_in === 0 && s.avail_out > 0)) return this.fail(new Error('The compressed data was not valid.'));
        if (s.avail_in === 0 && s.avail_out > 0) return;
      }
    }
  } as unknown as DSCtor;
}

/** The DXT_POSIX region of a real log, compressed as it is in the file. */
function dxtRegion(rel: string): Uint8Array {
  const b = new Uint8Array(readFileSync(join(DIR, rel)));
  const m = readHeader(rel, b, b.length).modules.find((x) => x.name === 'DXT_POSIX')!;
  return b.subarray(m.region.off, m.region.off + m.region.len);
}

const MPIIO_TEST = 'mpi_io_test_with_dxt/treddy_mpi-io-test_id4373053_6-2-60198-9815401321915095332_1.darshan';

describe('adler32', () => {
  test('equals the checksum zlib writes at the end of its streams', () => {
    for (const n of [0, 1, 7, 8, 9, 5552, 65535, 65536, 65537, 300_001]) {
      const x = new Uint8Array(n);
      for (let i = 0; i < n; i++) x[i] = (i * 2654435761) >>> 24;
      if (n > 100) x.fill(255, 10, 90_000); // the largest sums
      const z = deflateSync(x);
      expect([n, adler32(x)]).toEqual([n, z.readUInt32BE(z.length - 4)]);
    }
  });
});

describe('inflateStreams', () => {
  test('one buffer per zlib stream, as compressed', () => {
    const parts = [new Uint8Array(100).fill(1), new Uint8Array(0), new Uint8Array(70_000).map((_, i) => i % 251), new Uint8Array([0x78, 0x9c, 0x78, 0xda])];
    const region = concat(parts.map((p) => new Uint8Array(deflateSync(p))));
    expect(inflateStreams(region, 'r', 16)).toEqual(parts);
  });

  test("a real 32-rank log's DXT region: one stream per rank", () => {
    const parts = inflateStreams(dxtRegion(MPIIO_TEST), 'r');
    expect(parts.length).toBe(32);
  });
});

describe('nativeStreams (with a stand-in that behaves as Chromium)', () => {
  test("gives pako's streams on a real 32-rank log's DXT region", async () => {
    const region = dxtRegion(MPIIO_TEST);
    const want = inflateStreams(region, 'r');
    expect(await nativeStreams(fakeDS(true), region)).toEqual(want);
  });

  test('on streams whose data holds many false zlib headers (0x78 0x9c)', async () => {
    const raw = [0, 1, 2].map((k) => {
      const x = new Uint8Array(50_000 + k);
      for (let i = 0; i < x.length; i++) x[i] = (i * 7919 + k) % 256;
      for (let i = 100; i + 1 < x.length; i += 997) x.set([0x78, 0x9c], i);
      return x;
    });
    // stored blocks keep the data's bytes as they are: every 0x78 0x9c of the data is a false start
    const region = concat(raw.map((x) => new Uint8Array(deflateSync(x, { level: 0 }))));
    let falseStarts = 0;
    for (let p = 1; p + 1 < region.length; p++) if (region[p] === 0x78 && region[p + 1] === 0x9c) falseStarts++;
    expect(falseStarts).toBeGreaterThan(100);
    expect(await nativeStreams(fakeDS(true), region)).toEqual(raw);
  });

  test('null when the runtime ignores data after a stream (as Node does): the checksum of the last stream differs', async () => {
    expect(await nativeStreams(fakeDS(false), dxtRegion(MPIIO_TEST))).toBeNull();
  });

  test('null on a corrupt or truncated region (pako then names the fault)', async () => {
    const region = dxtRegion(MPIIO_TEST).slice();
    const cut = region.subarray(0, region.length - 100);
    expect(await nativeStreams(fakeDS(true), cut)).toBeNull();
    expect(() => inflateStreams(cut, 'r')).toThrow(/ends inside a zlib stream/);
    region[Math.floor(region.length / 2)] ^= 0xff;
    expect(await nativeStreams(fakeDS(true), region)).toBeNull();
  });
});
