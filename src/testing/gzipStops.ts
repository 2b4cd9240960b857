/**
 * A runtime gzip decompressor that stops the way Chrome's DecompressionStream does on a second member, zero
 * padding or a cut (e2e/loading.spec.ts checks the real one): it gives the first `after` bytes of the
 * runtime's output, then throws a TypeError naming the Streams API (tests of src/ingest/gzip.ts).
 */
import { webInflate, type Inflate } from '../ingest/gzip';

export const stopsAfter = (after: number): Inflate =>
  async function* (input) {
    let given = 0;
    for await (const c of webInflate()!(input)) {
      const n = Math.min(c.length, after - given);
      if (n > 0) yield c.subarray(0, n);
      given += n;
      if (given >= after) break;
    }
    throw new TypeError("Failed to execute 'close' on 'WritableStreamDefaultWriter': Junk found after end of compressed data.");
  };
