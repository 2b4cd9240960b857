/** Streaming one strace file through the parser (shared by the CLI, its worker threads and the bench). */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { EventLog } from '../model';
import { StraceParser } from '../ingest/strace';

/** Chunk size when streaming a strace file through the parser. */
export const CHUNK = 16 << 20;

/**
 * Parses one strace file, streamed in chunks of at most `chunk` bytes (never one string). Each chunk is a
 * fresh, uninitialised buffer sized to what is left of the file (no zero-filling of 16 MiB for a 2 MB
 * file), so the parser may keep views of earlier chunks.
 */
export function parseStraceFile(path: string, name: string, chunk = CHUNK): EventLog {
  const parser = new StraceParser(name);
  const fd = openSync(path, 'r');
  try {
    let left = fstatSync(fd).size;
    for (;;) {
      // +1: a file that grew since fstat is still read to its end
      const buf = Buffer.allocUnsafe(Math.max(1, Math.min(chunk, left + 1)));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      parser.push(n === buf.length ? buf : buf.subarray(0, n));
      left = Math.max(0, left - n);
    }
  } finally {
    closeSync(fd);
  }
  return parser.finish();
}
