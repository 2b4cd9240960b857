/** The strace importer: sniffed by content (or an empty head named `.st`), streamed through StraceParser. */
import type { Importer } from '../importer';
import { CHUNK, CancelledError, chunksOf, type Cancel, type SequentialReader } from '../source';
import type { EventLog } from '../../model';
import { looksLikeStrace } from './looks';
import { StraceParser } from './parser';

/** Bytes parsed between two progress reports (a few per second on a slow machine). */
export const PROGRESS_STEP = 1 << 20;

export const straceImporter: Importer = {
  id: 'strace',
  pooled: true,
  sequential: true,
  sniff: (head, name) => looksLikeStrace(head) || (head.length === 0 && /\.st(\.\d+)?$/.test(name)),
  async read(source, _head, opts, ctx) {
    const chunkSize = opts.chunk ?? CHUNK;
    const parser = new StraceParser(source.name, { ...(opts.pathFilter ? { pathFilter: opts.pathFilter } : {}), firstChunkHint: Math.min(source.size, chunkSize) });
    if (source.reader) return readInPlace(parser, source.reader(), ctx);
    // The parser copies whatever it keeps of a chunk (carried partial lines, interned keys): a source may
    // hand the same buffer back for every chunk. A chunk is parsed in pieces of PROGRESS_STEP so the
    // progress bar moves while a single file (smaller than one chunk) parses.
    for await (const chunk of chunksOf(source, opts.chunk, ctx.cancel)) {
      for (let at = 0; at < chunk.byteLength; at += PROGRESS_STEP) {
        const piece = chunk.byteLength <= PROGRESS_STEP ? chunk : chunk.subarray(at, Math.min(chunk.byteLength, at + PROGRESS_STEP));
        parser.push(piece);
        ctx.onBytes(piece.byteLength);
      }
    }
    return parser.finish();
  },
};

/**
 * A source that reads synchronously into a buffer (a file on disk): read straight into the parser's
 * WebAssembly window (StraceParser.intake), else into one buffer pushed; PROGRESS_STEP bytes per read.
 */
function readInPlace(parser: StraceParser, reader: SequentialReader, ctx: { cancel: Cancel; onBytes(n: number): void }): EventLog {
  let buf: Uint8Array | null = null;
  try {
    for (;;) {
      if (ctx.cancel.cancelled) throw new CancelledError();
      const into = parser.intake(PROGRESS_STEP);
      let n: number;
      if (into !== null) {
        n = Math.max(0, reader.read(into));
        parser.took(n); // also at the end: the carried start of the last line goes back to the parser
        if (n === 0) break;
      } else {
        buf ??= new Uint8Array(PROGRESS_STEP);
        n = reader.read(buf);
        if (n <= 0) break;
        parser.push(buf.subarray(0, n));
      }
      ctx.onBytes(n);
    }
  } finally {
    reader.close();
  }
  return parser.finish();
}
