import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { validate } from '../../model';
import { prng } from '../../lib/prng';
import { accounted, parseChunked } from '../../testing/straceTestkit';
import { CR_HEAD } from './lines';
import { parseStraceBytes } from './index';

const FX = join(__dirname, '__fixtures__');

const rng = prng;

const SPECIAL = [...'()[]{}<>"\\=,. :+-?#\r\t0123456789'].map((c) => c.charCodeAt(0));
const PIECES = [' <unfinished ...>', '<... read resumed>', ') = ', ' = ? ERESTARTSYS (x)', '<0.000001>', '[pid 12]', 'strace: Process 9 attached',
  '--- SIGCHLD {} ---', '+++ exited with 0 +++', '3</a<b>>', '"\\"', '\xff\xfe', '23:59:59.999999 ', '(+ 0.1) ', '\0', '\r', '\r\r',
  '99999999999999.000001 ', '1e308 ', '3</a\\0b>', 'x strace: Process 7 attached', '<4294967296.000000>', '2147483647</a>', '4294967296</a>'].map((s) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff));

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

test('seeded fuzz: fd numbers up to 2^31-1 give the same offsets as the same calls on small fds, in the same time', () => {
  const r = rng(31);
  const OPS = 4000;
  // a random program of opens, seeks, reads, writes, dups, closes and forks over 12 fds and 3 files
  const prog: { op: string; fd: number; fd2: number; n: number; pid: number }[] = [];
  for (let k = 0; k < OPS; k++) {
    const x = r();
    const op = x < 0.15 ? 'open' : x < 0.35 ? 'lseek' : x < 0.6 ? 'read' : x < 0.75 ? 'write' : x < 0.85 ? 'dup2' : x < 0.95 ? 'close' : 'clone';
    prog.push({ op, fd: Math.floor(r() * 12), fd2: Math.floor(r() * 12), n: Math.floor(r() * 5000), pid: 100 + Math.floor(r() * 2) });
  }
  const file = (fd: number): string => `/data/f${fd % 3}.dat`;
  const text = (map: (fd: number) => number): Uint8Array => {
    const lines: string[] = [];
    let t = 0;
    const ts = (): string => `10:00:${String(Math.floor(++t / 1e6)).padStart(2, '0')}.${String(t % 1e6).padStart(6, '0')}`;
    for (const p of prog) {
      const a = `${map(p.fd)}<${file(p.fd)}>`;
      if (p.op === 'open') lines.push(`${p.pid} ${ts()} openat(AT_FDCWD</data>, "${file(p.fd)}", O_RDWR) = ${a} <0.000004>`);
      else if (p.op === 'lseek') lines.push(`${p.pid} ${ts()} lseek(${a}, ${p.n}, SEEK_SET) = ${p.n} <0.000001>`);
      else if (p.op === 'read' || p.op === 'write') lines.push(`${p.pid} ${ts()} ${p.op}(${a}, "x", ${p.n}) = ${p.n} <0.000002>`);
      else if (p.op === 'dup2') lines.push(`${p.pid} ${ts()} dup2(${a}, ${map(p.fd2)}) = ${map(p.fd2)}<${file(p.fd)}> <0.000001>`);
      else if (p.op === 'close') lines.push(`${p.pid} ${ts()} close(${a}) = 0 <0.000001>`);
      else lines.push(`${p.pid} ${ts()} clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|SIGCHLD, child_tidptr=0x7f) = ${p.pid === 100 ? 101 : 100} <0.000050>`);
    }
    return new TextEncoder().encode(lines.join('\n') + '\n');
  };
  const small = parseChunked('small.st', text((fd) => fd), 1 << 12);
  const t0 = performance.now();
  const big = parseChunked('big.st', text((fd) => 2147483647 - fd * 1000003), 1 << 12);
  expect(performance.now() - t0).toBeLessThan(3000);
  validate(big);
  expect(accounted(big)).toBe(big.files[0].lines);
  expect(big.n).toBe(small.n);
  expect(Array.from(big.offset)).toEqual(Array.from(small.offset));
  // the program did reach known offsets (not all NaN)
  expect(Array.from(small.offset).filter((o) => o > 0).length).toBeGreaterThan(200);
});

test('seeded fuzz: a corrupt duration put on a random call line of each real fixture is found there, and only there', () => {
  const r = rng(4242);
  let judged = 0;
  for (const f of readdirSync(FX).filter((x) => /^(multiproc|threads|flags_tt|flags_stderr|offsets|path_|killed|fd_near)/.test(x))) {
    const text = readFileSync(join(FX, f), 'latin1');
    const lines = text.split('\n');
    const orig = parseStraceBytes(f, Uint8Array.from(text, (c) => c.charCodeAt(0)));
    for (let round = 0; round < 5; round++) {
      const cands = lines.map((l, i) => (i < lines.length - 2 && /\) += [^<]*<\d+\.\d+>$/.test(l) ? i : -1)).filter((i) => i >= 0);
      if (cands.length === 0) break;
      const at = cands[Math.floor(r() * cands.length)];
      const bad = lines.slice();
      bad[at] = bad[at].replace(/<\d+\.\d+>$/, `<${(1e5 + r() * 4e9).toFixed(6)}>`);
      const log = parseStraceBytes(f, Uint8Array.from(bad.join('\n'), (c) => c.charCodeAt(0)));
      expect(log.files[0].warnings.find((w) => w.includes('impossible duration')), `${f}:${at + 1}`).toContain(`1 impossible duration(s)`);
      let changed = 0;
      for (let i = 0; i < log.n; i++) if (!Object.is(log.dur[i], orig.dur[i])) changed++;
      expect(changed).toBe(1);
      judged++;
    }
  }
  expect(judged).toBeGreaterThan(40);
});
