import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validate } from '../../model';
import { prng } from '../../lib/prng';
import { accounted, parseChunked } from '../../testing/straceTestkit';

const FX = join(__dirname, '__fixtures__');

const rng = prng;

const SPECIAL = [...'()[]{}<>"\\=,. :+-?#\r\t0123456789'].map((c) => c.charCodeAt(0));
const PIECES = [' <unfinished ...>', '<... read resumed>', ') = ', ' = ? ERESTARTSYS (x)', '<0.000001>', '[pid 12]', 'strace: Process 9 attached',
  '--- SIGCHLD {} ---', '+++ exited with 0 +++', '3</a<b>>', '"\\"', '\xff\xfe', '23:59:59.999999 ', '(+ 0.1) '].map((s) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff));

test('seeded fuzz: mutated fixture lines and random bytes never throw and every line is accounted for', () => {
  const sources = readdirSync(FX).filter((f) => f.endsWith('.st') || /\.st\.\d+$/.test(f)).map((f) => new Uint8Array(readFileSync(join(FX, f))));
  const lines: Uint8Array[] = [];
  for (const s of sources) {
    let p = 0;
    for (;;) {
      const nl = s.indexOf(10, p);
      if (nl < 0) break;
      lines.push(s.subarray(p, nl));
      p = nl + 1;
    }
  }
  const r = rng(20240715);
  let totalLines = 0;
  for (let round = 0; round < 60; round++) {
    const parts: number[] = [];
    const nLines = 20 + Math.floor(r() * 200);
    for (let k = 0; k < nLines; k++) {
      const mode = r();
      let line: number[];
      if (mode < 0.1) line = Array.from({ length: Math.floor(r() * 120) }, () => Math.floor(r() * 256));
      else {
        line = Array.from(lines[Math.floor(r() * lines.length)]);
        const edits = Math.floor(r() * 4);
        for (let m = 0; m < edits; m++) {
          const at = Math.floor(r() * (line.length + 1));
          const op = r();
          if (op < 0.3) line.splice(at, Math.floor(r() * 12));
          else if (op < 0.6) line.splice(at, 0, SPECIAL[Math.floor(r() * SPECIAL.length)]);
          else if (op < 0.85) line.splice(at, 0, ...PIECES[Math.floor(r() * PIECES.length)]);
          else line.length = at;
        }
      }
      for (const c of line) parts.push(c === 10 ? 32 : c);
      parts.push(10);
    }
    if (r() < 0.3) parts.length = Math.floor(r() * parts.length);
    const bytes = Uint8Array.from(parts);
    const chunk = 1 + Math.floor(r() * 300);
    const log = parseChunked(`fuzz_${round}.st`, bytes, chunk);
    validate(log);
    const f = log.files[0];
    expect(accounted(log)).toBe(f.lines);
    expect(f.lines).toBe(bytes.filter((c) => c === 10).length + (bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? 1 : 0));
    totalLines += f.lines;
  }
  expect(totalLines).toBeGreaterThan(3000);
});
