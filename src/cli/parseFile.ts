/** Streaming one strace file through the parser (shared by the CLI, its worker threads and the bench). */
import { closeSync, openSync, readSync } from 'node:fs';
import type { EventLog } from '../model';
import { StraceParser } from '../ingest/strace';

/** Chunk size when streaming a strace file through the parser. */
export const CHUNK = 16 << 20;

/** One read buffer per thread, reused by every file (fresh 16 MiB buffers cost page faults and zeroing). */
let shared: Buffer | null = null;

/**
 * Parses one strace file, streamed in chunks of at most `chunk` bytes (never one string) read into one
 * reused buffer: the parser copies whatever it keeps of a chunk (carried partial lines, interned keys).
 */
export function parseStraceFile(path: string, name: string, chunk = CHUNK): EventLog {
  const parser = new StraceParser(name);
  const fd = openSync(path, 'r');
  try {
    const buf = chunk === CHUNK ? (shared ??= Buffer.allocUnsafe(CHUNK)) : Buffer.allocUnsafe(chunk);
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      parser.push(n === buf.length ? buf : buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return parser.finish();
}
