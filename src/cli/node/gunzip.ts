/** Node's zlib as the CLI's gzip decompressor (src/ingest/gzip.ts): a stream, never the whole file in memory. */
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';
import type { Inflate } from '../../ingest/gzip';

/** Decompressed bytes per output chunk. */
const OUT_CHUNK = 1024 * 1024;

export const nodeInflate: Inflate = async function* inflate(compressed) {
  const gz = createGunzip({ chunkSize: OUT_CHUNK });
  const stop = new AbortController();
  // Feeds the compressed chunks in, with backpressure; each is copied (a source may reuse its buffer).
  // An input error destroys the stream with it, so the loop below throws it.
  const pump = (async () => {
    try {
      for await (const c of compressed) {
        if (stop.signal.aborted) return;
        if (!gz.write(Buffer.from(c))) await once(gz, 'drain', { signal: stop.signal });
      }
      gz.end();
    } catch (e) {
      if (!stop.signal.aborted) gz.destroy(e as Error);
    }
  })();
  try {
    for await (const out of gz) yield out as Buffer;
  } finally {
    // stopping early (the head was read) or failing: the pump ends and closes its input (the file)
    stop.abort();
    gz.destroy();
    await pump;
  }
};
