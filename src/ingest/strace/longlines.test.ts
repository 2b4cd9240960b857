/** One line-length limit for the CLI and the app (#33.6, docs/FORMATS.md "Lines"): reading in place = pushing chunks. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { bytesSource, type ByteSource } from '../source';
import { straceImporter } from './importer';
import { MAX_LINE } from './lines';

const bytes = new Uint8Array(gunzipSync(readFileSync(join(__dirname, '__fixtures__', 'long_lines.st.gz'))));
const dir = mkdtempSync(join(tmpdir(), 'longlines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file on disk read synchronously into the parser's window, as the CLI's fsSource does. */
function onDisk(name: string): ByteSource {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  let at = 0;
  const src = bytesSource(name, bytes);
  return {
    ...src,
    reader: () => ({
      read(into: Uint8Array) {
        const n = Math.min(into.length, bytes.length - at);
        into.set(bytes.subarray(at, at + n));
        at += n;
        return n;
      },
      close() {},
    }),
  };
}

const ctx = { cancel: { cancelled: false }, onBytes: () => {} };

test('writes of 100 B to 3 MB (a real strace -s 4000000): the same events in place (CLI) and pushed in chunks (app)', async () => {
  const lens = new TextDecoder('latin1').decode(bytes).trimEnd().split('\n').map((l) => l.length);
  expect(lens.length).toBe(7);
  const app = await straceImporter.read(bytesSource('long_lines.st', bytes), new Uint8Array(0), { chunk: 1 << 20 }, ctx);
  const cli = await straceImporter.read(onDisk('long_lines.st'), new Uint8Array(0), {}, ctx);
  const sizes = (log: typeof app) => Array.from(log.size);
  // the documented limit: lines up to MAX_LINE bytes are events, longer ones unparsable (both readers)
  const want = lens.filter((n) => n <= MAX_LINE).length;
  for (const log of [app, cli]) {
    expect(log.n).toBe(want);
    expect(log.files[0].dropped.unparsable).toBe(lens.length - want);
  }
  expect(sizes(cli)).toEqual(sizes(app));
  expect(sizes(app)).toEqual([100, 1048000, 50]);
});
