/**
 * gzip decompressed exactly as RFC 1952 and GNU gzip read it, in JavaScript (pako's low-level zlib API, as
 * for Darshan's regions): the same in the browser, its workers and Node. It knows where each member ends, so
 * it reads what the browser's DecompressionStream refuses ("Junk found after end of compressed data"):
 * members written one after the other (`cat a.gz b.gz`, `gzip` appending, pigz), zero bytes padding the end
 * (tape blocks, some file systems), and a file cut short (a job killed at its wall time): all it could
 * decompress is given, then the cut is reported, not thrown. src/ingest/gzip.ts uses it where the runtime's
 * decompressor stops; estimates use it for the compression ratio of a file's head (inflatedBytes).
 */
import { ZStream, Z_BUF_ERROR, Z_NO_FLUSH, Z_OK, Z_STREAM_END, zlibInflate, zlibInflateEnd, zlibInflateInit2, zlibInflateReset } from 'pako';

/** zlib's window bits for a gzip wrapper (15 + 16). */
const GZIP_WBITS = 31;
/** Decompressed bytes per output piece. */
const OUT = 256 * 1024;

/** How a gzip stream ended (filled in as it is read). */
export interface GunzipEnd {
  /** The input ended inside a member: everything before the cut was given. */
  truncated?: boolean;
  /** Compressed offset of bytes after a member that are neither zeros nor another member (not read). */
  junkAt?: number;
  /** Members read in full. */
  members: number;
  /** Compressed bytes used (members and padding). */
  consumed: number;
}

/** A gzip data error: `at` is the compressed offset where zlib stopped. */
export class GzipDataError extends Error {
  constructor(
    readonly why: string,
    readonly at: number,
  ) {
    super(`the gzip data is corrupt at byte ${at} (${why})`);
  }
}

/**
 * The decompressed bytes of every gzip member of `compressed`, in order. Zeros after a member end the
 * data; anything else after a member that is not another member is left unread (`end.junkAt`). Throws
 * GzipDataError on bad data (a bad header, an invalid block, a CRC or length that does not match).
 */
export async function* gunzipExact(compressed: AsyncIterable<Uint8Array>, end: GunzipEnd): AsyncGenerator<Uint8Array> {
  const s = new ZStream();
  zlibInflateInit2(s, GZIP_WBITS);
  // 'member': inside one (or at its start); 'after': a member ended, what follows decides; 'zeros': padding
  let state: 'member' | 'after' | 'zeros' = 'member';
  let base = 0;
  try {
    for await (const c of compressed) {
      let pos = 0;
      while (pos < c.length) {
        if (state !== 'member') {
          while (pos < c.length && c[pos] === 0) {
            pos++;
            state = 'zeros';
          }
          if (pos === c.length) break;
          if (state === 'zeros' || c[pos] !== 0x1f) {
            end.junkAt = base + pos;
            return;
          }
          zlibInflateReset(s);
          state = 'member';
        }
        s.input = c;
        s.next_in = pos;
        s.avail_in = c.length - pos;
        for (;;) {
          const out = new Uint8Array(OUT);
          s.output = out;
          s.next_out = 0;
          s.avail_out = OUT;
          const r = zlibInflate(s, Z_NO_FLUSH);
          end.consumed = base + s.next_in;
          if (s.next_out > 0) yield out.subarray(0, s.next_out);
          if (r === Z_STREAM_END) {
            end.members++;
            state = 'after';
            break;
          }
          if ((r === Z_OK || r === Z_BUF_ERROR) && s.avail_out === 0) continue; // more output of this input
          if ((r === Z_OK || r === Z_BUF_ERROR) && s.avail_in === 0) break; // the next input chunk
          throw new GzipDataError(s.msg || `zlib error ${r}`, base + s.next_in);
        }
        pos = s.next_in;
      }
      base += c.length;
      end.consumed = base;
    }
    if (state === 'member') end.truncated = true;
  } finally {
    zlibInflateEnd(s);
  }
}

/** What decompressing the head of a gzip file showed (inflatedBytes). */
export interface HeadRatio {
  /** The whole file was decompressed: `bytes` is its decompressed size. */
  exact: boolean;
  /** Decompressed bytes read, and the compressed bytes they came from. */
  bytes: number;
  used: number;
  /**
   * Decompressed bytes per compressed byte over the second half of what was read: the start of a trace
   * (the program's start-up, its libraries) compresses less than the calls that follow, which fill the rest.
   */
  ratio: number;
}

/**
 * Decompresses the head of a gzip file until `outBytes` came out (or the file ended: then `exact`). The size
 * of a file still compressed is `bytes + (size - used) * ratio`: gzip's own trailer (ISIZE) gives only the
 * last member's size, modulo 4 GiB, and nothing for a padded or cut file.
 */
export async function inflatedBytes(compressed: AsyncIterable<Uint8Array>, outBytes: number): Promise<HeadRatio> {
  const end: GunzipEnd = { members: 0, consumed: 0 };
  let out = 0;
  let exact = true;
  // where the second half of the sample starts
  let midOut = -1;
  let midIn = 0;
  try {
    for await (const piece of gunzipExact(compressed, end)) {
      out += piece.length;
      if (midOut < 0 && out >= outBytes / 2) {
        midOut = out;
        midIn = end.consumed;
      }
      if (out >= outBytes) {
        exact = false;
        break;
      }
    }
  } catch (e) {
    if (!(e instanceof GzipDataError)) throw e;
  }
  const used = end.consumed;
  const tail = midOut >= 0 && used > midIn ? (out - midOut) / (used - midIn) : 0;
  return { exact, bytes: out, used, ratio: tail > 0 ? tail : used > 0 ? out / used : 1 };
}
