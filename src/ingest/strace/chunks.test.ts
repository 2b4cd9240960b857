import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate } from '../../model';
import { StraceParser, parseStraceBytes } from './index';
import { accounted, digest, parseChunked } from '../../testing/straceTestkit';

const FX = join(__dirname, '__fixtures__');
const files = readdirSync(FX).filter((f) => f !== 'README.md').sort();

describe('every fixture gives the identical EventLog whatever the chunking', () => {
  test('there are fixtures', () => expect(files.length).toBeGreaterThan(30));
  for (const f of files) {
    test(f, () => {
      const bytes = new Uint8Array(readFileSync(join(FX, f)));
      const whole = parseStraceBytes(f, bytes);
      validate(whole);
      expect(accounted(whole)).toBe(whole.files[0].lines);
      const ref = digest(whole);
      for (const size of [1, 7, 64 * 1024]) {
        const log = parseChunked(f, bytes, size);
        validate(log);
        expect(digest(log)).toEqual(ref);
      }
      // a reader that refills one buffer (same object, new bytes) for every chunk
      for (const size of [97, 4096]) {
        const p = new StraceParser(f);
        const buf = new Uint8Array(size);
        for (let o = 0; o < bytes.length; o += size) {
          const k = Math.min(size, bytes.length - o);
          buf.set(bytes.subarray(o, o + k));
          p.push(k === size ? buf : buf.subarray(0, k));
        }
        expect(digest(p.finish())).toEqual(ref);
      }
      // the same bytes with CRLF endings give the same events
      const c = parseStraceBytes(f, Uint8Array.from(new TextDecoder('latin1').decode(bytes).replace(/\r?\n/g, '\r\n'), (ch) => ch.charCodeAt(0)));
      expect(Array.from(c.start)).toEqual(Array.from(whole.start));
      expect(c.paths).toEqual(whole.paths);
    });
  }
});
