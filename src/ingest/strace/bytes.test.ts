import { expect, test } from 'vitest';
import { ByteTable, decodeEscaped, decodeUtf8, hashBytes, unescapeBytes } from './bytes';
import { joinPath, openPathArgument } from './paths';

const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

test('lenient UTF-8', () => {
  const b = Uint8Array.from([0x61, 0xc3, 0xa9, 0xff, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xc3]);
  expect(decodeUtf8(b, 0, b.length)).toBe('aé\uFFFD€😀\uFFFD');
  expect(decodeUtf8(enc('\xed\xa0\x80'), 0, 3)).toBe('\uFFFD\uFFFD\uFFFD'); // surrogate halves are invalid
});

test('strace escapes', () => {
  const e = enc('\\x3c\\74\\303\\251\\n\\"\\\\\\t\\q');
  expect(Array.from(unescapeBytes(e, 0, e.length))).toEqual([0x3c, 0x3c, 0xc3, 0xa9, 10, 0x22, 0x5c, 9, 0x71]);
  const s = enc('/a/\\x3cb\\x3e (x)\\');
  expect(decodeEscaped(s, 0, s.length)).toBe('/a/<b> (x)\\');
});

test('ByteTable interns byte ranges', () => {
  const t = new ByteTable(2);
  const words = Array.from({ length: 500 }, (_, i) => enc(`/scratch/rank${i}/file`));
  words.forEach((w, i) => t.add(w, 0, w.length, hashBytes(w, 0, w.length), i));
  words.forEach((w, i) => expect(t.find(w, 0, w.length, hashBytes(w, 0, w.length))).toBe(i));
  const other = enc('xx/scratch/rank7/filexx');
  expect(t.find(other, 2, other.length - 2, hashBytes(other, 2, other.length - 2))).toBe(7);
  expect(t.find(other, 0, 5, hashBytes(other, 0, 5))).toBe(-1);
});

test('paths of failed opens', () => {
  expect(joinPath('/home/u', '../v/./x')).toBe('/home/v/x');
  expect(joinPath('/', '/a/../../b//c/')).toBe('/b/c');
  const a = enc('AT_FDCWD</w>, "rel/f", O_RDONLY');
  expect(openPathArgument(a, 0, a.length, '/w')).toBe('/w/rel/f');
  expect(openPathArgument(a, 0, a.length, null)).toBe('rel/f');
  const b = enc('{x="no"}, "p"');
  expect(openPathArgument(b, 0, b.length, null)).toBe('p');
});
