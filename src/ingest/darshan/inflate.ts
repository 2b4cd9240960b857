/**
 * Decompression of one region of a Darshan log. A region holds several zlib streams back to back (each
 * process compresses its own part and the parts are written one after the other), so the inflater is
 * reset at each stream end and goes on until the region's bytes are used up (pako's low-level zlib API:
 * the same code in the browser's parse workers and in Node's).
 */
import { ZStream, Z_BUF_ERROR, Z_NO_FLUSH, Z_OK, Z_STREAM_END, zlibInflate, zlibInflateEnd, zlibInflateInit, zlibInflateReset } from 'pako';
import { FileFormatError } from '../source';
import type { Compression } from './header';

/** Inflates every zlib stream of `input` in order into one buffer. */
export function inflateRegion(input: Uint8Array, what: string, sizeHint = input.length * 4): Uint8Array {
  if (input.length === 0) return input;
  const s = new ZStream();
  zlibInflateInit(s);
  let out = new Uint8Array(Math.max(1024, sizeHint));
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
        if (s.avail_in === 0) break;
        zlibInflateReset(s);
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
  return out.subarray(0, s.next_out);
}

/** The uncompressed bytes of a region, whatever the log's compression. */
export function decompress(compression: Compression, input: Uint8Array, what: string, sizeHint?: number): Uint8Array {
  if (compression === 'none') return input;
  if (compression === 'bzip2') {
    throw new FileFormatError(`${what}: this log is compressed with bzip2, which strace-dfg does not decompress; convert it with darshan-convert (zlib is its default) and load the result`);
  }
  return inflateRegion(input, what, sizeHint);
}
