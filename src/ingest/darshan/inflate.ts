/**
 * Decompression of one region of a Darshan log. A region holds several zlib streams back to back (each
 * process compresses its own part and the parts are written one after the other), so the inflater is
 * reset at each stream end and goes on until the region's bytes are used up. Two inflaters:
 * - pako's low-level zlib API (the same code everywhere: Node, browser workers), one stream at a time;
 * - the runtime's native `DecompressionStream('deflate')` (webStreams below), about three times faster in
 *   Chromium. It does not say where a stream ends, so the region is fed in pieces that end where a zlib
 *   header could begin (0x78 then a byte that makes a valid header): the true start of the next stream is
 *   always such a place, so the stream's last piece ends exactly at its end, and the write after it fails
 *   ("data after the end"), with no output lost. Whether the runtime behaves so is checked once on two tiny
 *   streams; each stream's Adler-32 checksum (its last 4 bytes) is checked against its output, and any
 *   failure falls back to pako, whose error names what is wrong.
 */
import { ZStream, Z_BUF_ERROR, Z_NO_FLUSH, Z_OK, Z_STREAM_END, zlibInflate, zlibInflateEnd, zlibInflateInit, zlibInflateReset } from 'pako';
import { FileFormatError } from '../source';
import type { Compression } from './header';

/** Inflates every zlib stream of `input` in order: one buffer per stream. */
export function inflateStreams(input: Uint8Array, what: string, sizeHint = input.length * 4): Uint8Array[] {
  if (input.length === 0) return [];
  const s = new ZStream();
  zlibInflateInit(s);
  const parts: Uint8Array[] = [];
  // one output buffer (grown as needed): each stream's output is copied out of it when it ends
  let out = new Uint8Array(Math.max(1024, Math.min(sizeHint, 32 << 20)));
  s.input = input;
  s.next_in = 0;
  s.avail_in = input.length;
  s.output = out;
  s.next_out = 0;
  s.avail_out = out.length;
  try {
    for (;;) {
      const r = zlibInflate(s, Z_NO_FLUSH);
      if (r === Z_STREAM_END) {
        const last = s.avail_in === 0;
        parts.push(last && parts.length === 0 ? out.subarray(0, s.next_out) : out.slice(0, s.next_out));
        if (last) break;
        zlibInflateReset(s);
        s.output = out;
        s.next_out = 0;
        s.avail_out = out.length;
        continue;
      }
      if (r === Z_OK || r === Z_BUF_ERROR) {
        if (s.avail_out === 0) {
          const grown = new Uint8Array(out.length * 2);
          grown.set(out);
          out = grown;
          s.output = out;
          s.avail_out = out.length - s.next_out;
          continue;
        }
        if (s.avail_in === 0) throw new FileFormatError(`${what}: the compressed data ends inside a zlib stream (truncated log)`);
        if (r === Z_BUF_ERROR) throw new FileFormatError(`${what}: the zlib data cannot be decompressed`);
        continue;
      }
      throw new FileFormatError(`${what}: the zlib data is corrupt (${s.msg || `zlib error ${r}`})`);
    }
  } finally {
    zlibInflateEnd(s);
  }
  return parts;
}

/** Inflates every zlib stream of `input` in order into one buffer. */
export function inflateRegion(input: Uint8Array, what: string, sizeHint = input.length * 4): Uint8Array {
  return concat(inflateStreams(input, what, sizeHint));
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  n = 0;
  for (const p of parts) {
    out.set(p, n);
    n += p.length;
  }
  return out;
}

/** The uncompressed bytes of a region, whatever the log's compression. */
export function decompress(compression: Compression, input: Uint8Array, what: string, sizeHint?: number): Uint8Array {
  return concat(decompressStreams(compression, input, what, sizeHint));
}

/** The uncompressed bytes of a region, one buffer per compressed stream. */
export function decompressStreams(compression: Compression, input: Uint8Array, what: string, sizeHint?: number): Uint8Array[] {
  if (compression === 'none') return [input];
  if (compression === 'bzip2') {
    throw new FileFormatError(`${what}: this log is compressed with bzip2, which strace-dfg does not decompress; convert it with darshan-convert (zlib is its default) and load the result`);
  }
  return inflateStreams(input, what, sizeHint);
}

/** Adler-32 (RFC 1950) of `b`: the checksum that ends a zlib stream (8 bytes a step; sums are exact doubles). */
export function adler32(b: Uint8Array): number {
  let a = 1;
  let s = 0;
  const n = b.length;
  let i = 0;
  while (i < n) {
    const end = Math.min(n, i + 65536);
    const end8 = i + ((end - i) & ~7);
    for (; i < end8; i += 8) {
      const b0 = b[i], b1 = b[i + 1], b2 = b[i + 2], b3 = b[i + 3], b4 = b[i + 4], b5 = b[i + 5], b6 = b[i + 6], b7 = b[i + 7];
      s += 8 * a + 8 * b0 + 7 * b1 + 6 * b2 + 5 * b3 + 4 * b4 + 3 * b5 + 2 * b6 + b7;
      a += b0 + b1 + b2 + b3 + b4 + b5 + b6 + b7;
    }
    for (; i < end; i++) {
      a += b[i];
      s += a;
    }
    a %= 65521;
    s %= 65521;
  }
  return (s * 65536 + a) >>> 0;
}

// ---- the native inflater ----

// The few Streams API members used here (the core type checks have no DOM / WebWorker library).
interface Reader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
}
interface Writer {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}
export type DSCtor = new (format: 'deflate') => { readonly readable: { getReader(): Reader }; readonly writable: { getWriter(): Writer } };

/** Where a zlib stream could begin in `b` after `from` (CMF 0x78: deflate, 32 KiB window; FCHECK valid; no dictionary). */
function zlibStarts(b: Uint8Array): number[] {
  const out: number[] = [];
  for (let p = b.indexOf(0x78, 1); p >= 0 && p + 1 < b.length; p = b.indexOf(0x78, p + 1)) {
    const flg = b[p + 1];
    if ((0x7800 | flg) % 31 === 0 && (flg & 0x20) === 0) out.push(p);
  }
  return out;
}

/**
 * Inflates the zlib streams of `input` with DecompressionStream: one buffer per stream, or null when
 * something does not hold (no such runtime, a stream that fails or whose checksum differs): the caller then
 * uses inflateStreams, which says what is wrong.
 */
export async function nativeStreams(DS: DSCtor, input: Uint8Array): Promise<Uint8Array[] | null> {
  const starts = zlibStarts(input);
  const parts: Uint8Array[] = [];
  let s = 0;
  let k = 0;
  while (s < input.length) {
    const ds = new DS('deflate');
    const w = ds.writable.getWriter();
    const r = ds.readable.getReader();
    const chunks: Uint8Array[] = [];
    let failed = false;
    const reading = (async () => {
      for (;;) {
        const x = await r.read().catch(() => ({ done: true, value: undefined }));
        if (x.done) return;
        if (x.value) chunks.push(x.value);
      }
    })();
    let at = s;
    let ended = false;
    while (k < starts.length && starts[k] <= s) k++;
    for (;;) {
      const end = k < starts.length ? starts[k] : input.length;
      try {
        await w.write(input.subarray(at, end));
      } catch {
        ended = true;
        break;
      }
      at = end;
      if (end === input.length) break;
      k++;
    }
    if (!ended) {
      try {
        await w.close();
      } catch {
        failed = true;
      }
    }
    await reading;
    if (failed || at - s < 6) return null;
    const out = concat(chunks.length ? chunks : [new Uint8Array(0)]);
    const c = input;
    const want = ((c[at - 4] << 24) | (c[at - 3] << 16) | (c[at - 2] << 8) | c[at - 1]) >>> 0;
    if (adler32(out) !== want) return null;
    parts.push(out);
    s = at;
  }
  return parts;
}

/** Two zlib streams of one stored block each ('a', then 'b'): how the runtime's inflater is checked. */
const PROBE = new Uint8Array([0x78, 0x01, 0x01, 0x01, 0x00, 0xfe, 0xff, 0x61, 0x00, 0x62, 0x00, 0x62, 0x78, 0x01, 0x01, 0x01, 0x00, 0xfe, 0xff, 0x62, 0x00, 0x63, 0x00, 0x63]);
let probed: Promise<DSCtor | null> | null = null;

/** The runtime's DecompressionStream when it stops at each stream's end as nativeStreams needs (checked once). */
function nativeInflater(): Promise<DSCtor | null> {
  probed ??= (async () => {
    const DS = (globalThis as { DecompressionStream?: DSCtor }).DecompressionStream;
    if (!DS) return null;
    try {
      const p = await nativeStreams(DS, PROBE);
      return p && p.length === 2 && p[0].length === 1 && p[0][0] === 0x61 && p[1].length === 1 && p[1][0] === 0x62 ? DS : null;
    } catch {
      return null;
    }
  })();
  return probed;
}

/** decompressStreams with the runtime's native inflater where it has a usable one (the browser's). */
export async function decompressStreamsFast(compression: Compression, input: Uint8Array, what: string): Promise<Uint8Array[]> {
  if (compression === 'zlib' && input.length > 0) {
    const DS = await nativeInflater();
    const parts = DS ? await nativeStreams(DS, input).catch(() => null) : null;
    if (parts) return parts;
  }
  return decompressStreams(compression, input, what);
}
