import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validate } from '../../model';
import { prng } from '../../lib/prng';
import { accounted, parseChunked } from '../../testing/straceTestkit';
import { CR_HEAD } from './lines';

const FX = join(__dirname, '__fixtures__');

const rng = prng;

const SPECIAL = [...'()[]{}<>"\\=,. :+-?#\r\t0123456789'].map((c) => c.charCodeAt(0));
const PIECES = [' <unfinished ...>', '<... read resumed>', ') = ', ' = ? ERESTARTSYS (x)', '<0.000001>', '[pid 12]', 'strace: Process 9 attached',
  '--- SIGCHLD {} ---', '+++ exited with 0 +++', '3</a<b>>', '"\\"', '\xff\xfe', '23:59:59.999999 ', '(+ 0.1) ', '\0', '\r', '\r\r',
  '99999999999999.000001 ', '1e308 ', '3</a\\0b>', 'x strace: Process 7 attached'].map((s) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff));

/** Lines as docs/FORMATS.md "Lines" counts them: LF ends a line, also a lone CR when the head has no LF but a CR. */
function expectedLines(bytes: Uint8Array): number {
  const head = bytes.subarray(0, CR_HEAD);
  const crOnly = head.indexOf(10) < 0 && head.indexOf(13) >= 0;
  const ends = (c: number): boolean => c === 10 || (crOnly && c === 13);
  return bytes.filter(ends).length + (bytes.length > 0 && !ends(bytes[bytes.length - 1]) ? 1 : 0);
}

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
    // a lone-CR file now and then
    if (r() < 0.1) for (let k = 0; k < parts.length; k++) if (parts[k] === 10) parts[k] = 13;
    const bytes = Uint8Array.from(parts);
    const chunk = 1 + Math.floor(r() * 300);
    const log = parseChunked(`fuzz_${round}.st`, bytes, chunk);
    validate(log);
    const f = log.files[0];
    expect(accounted(log)).toBe(f.lines);
    expect(f.lines).toBe(expectedLines(bytes));
    totalLines += f.lines;
  }
  expect(totalLines).toBeGreaterThan(3000);
});

test('seeded fuzz at scale: long runs of spliced strace messages, NULs and huge timestamps stay linear and accounted', () => {
  const r = rng(977);
  const parts: string[] = [];
  for (let k = 0; k < 30000; k++) {
    const x = r();
    if (x < 0.4) parts.push(`${'y'.repeat(Math.floor(r() * 40))} strace: Process ${k} attached`);
    else if (x < 0.5) parts.push(`1 10:00:00.${String(k).padStart(6, '0')} read(3</a>, "${'z'.repeat(Math.floor(r() * 20))} strace: Process ${k} attached`);
    else if (x < 0.6) parts.push(`1 99999999999999.${String(k).padStart(6, '0')} read(3</a>, "", 1) = 0 <0.000001>`);
    else if (x < 0.65) parts.push(`1 10:00:01.000000 re\0ad(3</a>, "", 1) = 0 <0.000001>`);
    else parts.push(`1 10:00:02.${String(k).padStart(6, '0')} read(3</a>, "x", 1) = 1 <0.000001>`);
  }
  const bytes = Uint8Array.from(parts.join('\n') + '\n', (c) => c.charCodeAt(0));
  const t0 = performance.now();
  const log = parseChunked('fuzz_scale.st', bytes, 1 << 16);
  expect(performance.now() - t0).toBeLessThan(5000);
  validate(log);
  expect(accounted(log)).toBe(log.files[0].lines);
  expect(log.files[0].lines).toBe(parts.length);
});
