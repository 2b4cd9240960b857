/** Bad input inside real traces: every line counted, nothing else lost (docs/FORMATS.md "Lines"). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validate, type EventLog } from '../../model';
import { loadH5wasm, nativeHdf5Bytes, putBytes, readHdf5Log, removeFile, type H5Module } from '../hdf5';
import { accounted, parseChunked, rows } from '../../testing/straceTestkit';
import { looksLikeStrace } from './looks';
import { parseStraceBytes } from './parser';

const FX = join(__dirname, '__fixtures__');
const real = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FX, name)));
const parse = (name: string, bytes: Uint8Array): EventLog => {
  const log = parseStraceBytes(name, bytes);
  validate(log);
  expect(accounted(log)).toBe(log.files[0].lines);
  return log;
};
const enc = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
/** The bytes with line `k` (0-based) replaced by `line`. */
function withLine(bytes: Uint8Array, k: number, line: string): Uint8Array {
  const lines = Buffer.from(bytes).toString('latin1').split('\n');
  lines[k] = line;
  return enc(lines.join('\n'));
}
const base = real('flags_tt.st');
const baseLog = parseStraceBytes('flags_tt.st', base);

describe('a NUL byte in the head', () => {
  test('is one bad line: the trace is still sniffed as strace and the other lines load', () => {
    const text = Buffer.from(base).toString('latin1').split('\n');
    const bytes = withLine(base, 1, text[1].replace('close', 'cl\0se'));
    expect(looksLikeStrace(bytes)).toBe(true);
    const log = parse('nul.st', bytes);
    expect(log.n).toBe(baseLog.n - 1);
    expect(log.files[0].dropped.unparsable).toBe(1);
    expect(log.files[0].unparsable[0].line).toBe(2);
  });
  test('binary data is still not strace', () => {
    const bin = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(looksLikeStrace(bin)).toBe(false);
  });
});

describe('line endings', () => {
  test('a lone-CR file is split at the CRs (and says so), giving the same events', () => {
    const cr = base.map((c) => (c === 10 ? 13 : c));
    expect(looksLikeStrace(cr)).toBe(true);
    for (const chunk of [1, 7, 1 << 16]) {
      const log = parseChunked('cr.st', cr, chunk);
      validate(log);
      expect(rows(log)).toEqual(rows(baseLog));
      expect(log.files[0].warnings.join('\n')).toMatch(/lone CR/);
    }
  });
  test('\\r\\r\\n endings keep the durations (no false "traced without -T")', () => {
    const crcrlf = enc(Buffer.from(base).toString('latin1').replaceAll('\n', '\r\r\n'));
    const log = parse('crcrlf.st', crcrlf);
    expect(rows(log)).toEqual(rows(baseLog));
    expect(log.files[0].flags?.durations).toBe(true);
    expect(log.files[0].warnings.join('\n')).not.toMatch(/-T/);
  });
});

describe('out-of-range timestamps', () => {
  test('a -ttt time no event can have is counted as bad input, the rest loads', () => {
    const ttt = real('flags_ttt.st');
    const good = parseStraceBytes('flags_ttt.st', ttt);
    const text = Buffer.from(ttt).toString('latin1').split('\n');
    const bytes = withLine(ttt, 3, text[3].replace(/^(\d+ )\d+\.\d+/, '$199999999999999.000001'));
    const log = parse('huge.st', bytes);
    expect(log.n).toBe(good.n - 1);
    expect(log.files[0].dropped.unparsable).toBe(1);
    expect(log.files[0].unparsable[0]).toEqual({ line: 4, text: text[3].replace(/^(\d+ )\d+\.\d+/, '$199999999999999.000001') });
    expect(log.files[0].warnings.join('\n')).toMatch(/1 line\(s\) with a timestamp beyond/);
    expect(Math.max(...log.start)).toBeLessThan(1e11);
  });
});

describe('a NUL in a path', () => {
  let h5: H5Module;
  beforeAll(async () => {
    h5 = await loadH5wasm();
  });
  afterAll(() => undefined);
  test('stays visible as \\0 and survives the native HDF5 round trip (convert)', () => {
    const bytes = enc('1 10:00:00.000001 read(3</tmp/a\\0b>, "x", 1) = 1 <0.000001>\n1 10:00:00.000002 openat(AT_FDCWD</w>, "c\\x00d", O_RDONLY) = -1 ENOENT (x) <0.000001>\n');
    const log = parse('nulpath.st', bytes);
    expect(rows(log).map((r) => r.fp)).toEqual(['/tmp/a\\0b', '/w/c\\0d']);
    const file = nativeHdf5Bytes(h5, log);
    const path = putBytes(h5, file, 'nulpath');
    try {
      const back = readHdf5Log(h5, path, 'nulpath.h5');
      expect(back.paths).toEqual(log.paths);
    } finally {
      removeFile(h5, path);
    }
  });
});

test('spliced strace messages at scale parse in linear time', () => {
  // one call line cut by 40,000 strace messages in a row, each after some text (2.3 MB): quadratic before
  const parts = ['1 10:00:00.000001 write(1</dev/pts/0>, "abc strace: Process 5 attached'];
  for (let k = 0; k < 40000; k++) parts.push(`${'x'.repeat(24)} strace: Process ${k + 6} attached`);
  parts.push('", 3) = 3 <0.000001>', '1 10:00:00.000002 read(3</a>, "", 1) = 0 <0.000001>', '');
  const bytes = enc(parts.join('\n'));
  expect(bytes.length).toBeGreaterThan(2e6);
  const t0 = performance.now();
  const log = parse('splices.st', bytes);
  expect(performance.now() - t0).toBeLessThan(3000);
  expect(rows(log).map((r) => r.call)).toEqual(['read']);
  // the first 9 lines join (the call line and 8 messages); the rest do not start like strace lines
  expect(log.files[0].dropped['strace-message']).toBe(9);
  expect(log.files[0].dropped.unparsable).toBe(40001 - 8);
  expect(log.files[0].warnings.join('\n')).toMatch(/1 call line\(s\) cut by more than 8 strace messages/);
});
