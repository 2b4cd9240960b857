/** A file on disk as a ByteSource (the CLI's and its parse threads'), and the strace parse of one file. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ByteSource } from '../../ingest/source';
import { CHUNK } from '../../ingest/source';
import { straceImporter } from '../../ingest/strace/importer';
import type { EventLog } from '../../model';

/** One read buffer per thread, reused by every file (fresh 16 MiB buffers cost page faults and zeroing). */
let shared: Buffer | null = null;

/** `path` read with positioned reads; `name` is what the summary and the case id show. */
export function fsSource(path: string, name: string, size = statSync(path).size): ByteSource {
  return {
    name,
    size,
    path: resolve(path),
    async read(offset, length) {
      const fd = openSync(path, 'r');
      try {
        const buf = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        let got = 0;
        while (got < buf.length) {
          const n = readSync(fd, buf, got, buf.length - got, offset + got);
          if (n <= 0) break;
          got += n;
        }
        return got === buf.length ? buf : buf.subarray(0, got);
      } finally {
        closeSync(fd);
      }
    },
    reader() {
      const fd = openSync(path, 'r');
      return { read: (buf: Uint8Array) => readSync(fd, buf, 0, buf.length, null), close: () => closeSync(fd) };
    },
    // Sequential chunks into one reused buffer: each is valid until the next one is asked for.
    *chunks(chunk) {
      const fd = openSync(path, 'r');
      try {
        const buf = chunk === CHUNK ? (shared ??= Buffer.allocUnsafe(CHUNK)) : Buffer.allocUnsafe(chunk);
        for (;;) {
          const n = readSync(fd, buf, 0, buf.length, null);
          if (n <= 0) break;
          yield n === buf.length ? buf : buf.subarray(0, n);
        }
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** Parses one strace file as the CLI does (streamed in `chunk`-byte reads); for the benchmark and tests. */
export function parseStraceFile(path: string, name: string, chunk = CHUNK): Promise<EventLog> {
  return straceImporter.read(fsSource(path, name), new Uint8Array(0), { chunk }, { cancel: { cancelled: false }, onBytes: () => {} });
}
