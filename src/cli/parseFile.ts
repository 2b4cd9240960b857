/** Streaming one strace file through the parser (shared by the CLI, its worker threads and the bench). */
import { closeSync, openSync, readSync } from 'node:fs';
import type { EventLog } from '../model';
import { StraceParser } from '../ingest/strace';

/** Chunk size when streaming a strace file through the parser. */
export const CHUNK = 16 << 20;

/** Parses one strace file, streamed in CHUNK-sized byte chunks (never one string). */
export function parseStraceFile(path: string, name: string, chunk = CHUNK): EventLog {
  const parser = new StraceParser(name);
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const buf = new Uint8Array(chunk);
      const n = readSync(fd, buf, 0, chunk, null);
      if (n <= 0) break;
      parser.push(n === chunk ? buf : buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return parser.finish();
}
