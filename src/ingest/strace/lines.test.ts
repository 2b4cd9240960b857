import { describe, expect, it } from 'vitest';
import { nextNewline } from './lines';

describe('nextNewline (line ends four bytes at a time)', () => {
  it('finds the same line end as indexOf from every start, at every alignment and length', () => {
    // a seeded mix of line ends, bytes that differ from `\n` in one bit (0x0b, 0x08, 0x8a) and 0x00/0xff
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) / 65536;
    const alphabet = [10, 11, 8, 0x8a, 0, 0xff, 0x0a0, 65, 32];
    const buf = new Uint8Array(4096);
    for (let i = 0; i < buf.length; i++) buf[i] = rnd() < 0.03 ? 10 : alphabet[Math.floor(rnd() * alphabet.length)] & 0xff;
    for (const base of [0, 4, 8]) {
      for (const len of [0, 1, 3, 4, 5, 63, 64, 65, 1000]) {
        const b = buf.subarray(base, base + len);
        const words = new Uint32Array(b.buffer, b.byteOffset, len >>> 2);
        for (let from = 0; from <= len; from++) expect(nextNewline(b, words, from, len)).toBe(b.indexOf(10, from));
      }
    }
    // no line end at all, and one in the last byte of a word / after the last whole word
    const none = new Uint8Array(64).fill(0x0b);
    expect(nextNewline(none, new Uint32Array(none.buffer), 0, 64)).toBe(-1);
    for (const at of [3, 7, 61, 62, 63]) {
      const one = new Uint8Array(64).fill(0x0b);
      one[at] = 10;
      expect(nextNewline(one, new Uint32Array(one.buffer), 0, 64)).toBe(at);
    }
  });
});
