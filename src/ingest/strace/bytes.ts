/**
 * Byte-level helpers of the strace importer: lenient UTF-8 decoding, strace escape decoding,
 * and a hash table that interns byte ranges (decoding a range to a string only the first time it is seen).
 * DOM-free: no TextDecoder (not in the ES2022 lib), a small decoder instead; it runs once per distinct string.
 */

/** Decodes UTF-8 bytes; invalid sequences become U+FFFD (one per offending byte). */
export function decodeUtf8(b: Uint8Array, s: number, e: number): string {
  let out = '';
  let i = s;
  const codes: number[] = [];
  while (i < e) {
    const c = b[i];
    let cp = 0xfffd;
    let n = 1;
    if (c < 0x80) {
      cp = c;
    } else if (c >= 0xc2 && c <= 0xdf && i + 1 < e && (b[i + 1] & 0xc0) === 0x80) {
      cp = ((c & 0x1f) << 6) | (b[i + 1] & 0x3f);
      n = 2;
    } else if (c >= 0xe0 && c <= 0xef && i + 2 < e && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80) {
      const v = ((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f);
      if (v >= 0x800 && (v < 0xd800 || v > 0xdfff)) {
        cp = v;
        n = 3;
      }
    } else if (c >= 0xf0 && c <= 0xf4 && i + 3 < e && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
      const v = ((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f);
      if (v >= 0x10000 && v <= 0x10ffff) {
        cp = v;
        n = 4;
      }
    }
    if (cp > 0xffff) {
      cp -= 0x10000;
      codes.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else codes.push(cp);
    i += n;
    if (codes.length > 4096) {
      out += String.fromCharCode(...codes);
      codes.length = 0;
    }
  }
  return out + String.fromCharCode(...codes);
}

function hexVal(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

const SIMPLE_ESCAPES: Record<number, number> = { 0x6e: 10, 0x74: 9, 0x72: 13, 0x76: 11, 0x66: 12, 0x61: 7, 0x62: 8, 0x65: 27 };

/**
 * Decodes strace's C-style escapes (`\x3c`, octal `\74` / `\303\251`, `\\`, `\"`, `\n` …) into raw bytes.
 * An unknown escape keeps the escaped character; a trailing lone backslash is kept.
 */
export function unescapeBytes(b: Uint8Array, s: number, e: number): Uint8Array {
  const out = new Uint8Array(e - s);
  let w = 0;
  let i = s;
  while (i < e) {
    const c = b[i];
    if (c !== 0x5c || i + 1 >= e) {
      out[w++] = c;
      i++;
      continue;
    }
    const d = b[i + 1];
    if (d === 0x78 && i + 2 < e && hexVal(b[i + 2]) >= 0) {
      let v = hexVal(b[i + 2]);
      i += 3;
      if (i < e && hexVal(b[i]) >= 0) v = v * 16 + hexVal(b[i++]);
      out[w++] = v;
    } else if (d >= 0x30 && d <= 0x37) {
      let v = 0;
      let k = 0;
      i++;
      while (k < 3 && i < e && b[i] >= 0x30 && b[i] <= 0x37) {
        v = v * 8 + (b[i] - 0x30);
        i++;
        k++;
      }
      out[w++] = v & 0xff;
    } else {
      out[w++] = SIMPLE_ESCAPES[d] ?? d;
      i += 2;
    }
  }
  return out.subarray(0, w);
}

/** A lenient decoding of an escaped strace string or annotation: escapes → bytes → UTF-8. */
export function decodeEscaped(b: Uint8Array, s: number, e: number): string {
  const raw = unescapeBytes(b, s, e);
  return decodeUtf8(raw, 0, raw.length);
}

/**
 * FNV-1a style 32-bit hash of a byte range, as a signed int32: a small integer to V8, so the tables' arrays
 * of hashes keep one element kind (unsigned values ≥ 2^31 would turn them into double arrays on the way,
 * and the optimised lookups with them).
 */
export function hashBytes(b: Uint8Array, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let i = s; i < e; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h | 0;
}

/**
 * Open-addressing hash table from byte sequences to small integers. Keys are copied into one growing
 * byte store, so the source buffer may be reused after `add`.
 */
export class ByteTable {
  private slots: Int32Array;
  private mask: number;
  private keyStart: number[] = [];
  private keyLen: number[] = [];
  private keyHash: number[] = [];
  readonly values: number[] = [];
  /** The entry number (0, 1, … in order of addition) of the last key found or added. */
  entry = -1;
  private store = new Uint8Array(1024);
  private used = 0;

  constructor(bits = 10) {
    this.slots = new Int32Array(1 << bits).fill(-1);
    this.mask = (1 << bits) - 1;
  }

  get size(): number {
    return this.values.length;
  }

  /** The value for bytes [s, e) with hash h, or -1. */
  find(b: Uint8Array, s: number, e: number, h: number): number {
    const len = e - s;
    const st = this.store;
    const mask = this.mask;
    let p = h & mask;
    for (;;) {
      const k = this.slots[p];
      if (k < 0) return -1;
      // the next slot, computed before it is needed: probing runs only after a collision, and an operation that
      // never ran before the lookup was optimised would throw the optimised code (and its callers') away
      const next = (p + 1) & mask;
      if (this.keyHash[k] === h && this.keyLen[k] === len) {
        const o = this.keyStart[k];
        let j = 0;
        while (j < len && st[o + j] === b[s + j]) j++;
        if (j === len) {
          this.entry = k;
          return this.values[k];
        }
      }
      p = next;
    }
  }

  /** Adds a key known to be absent. */
  add(b: Uint8Array, s: number, e: number, h: number, value: number): void {
    const len = e - s;
    if (this.used + len > this.store.length) {
      const grown = new Uint8Array(Math.max(this.store.length * 2, this.used + len));
      grown.set(this.store.subarray(0, this.used));
      this.store = grown;
    }
    this.store.set(b.subarray(s, e), this.used);
    const k = this.values.length;
    this.entry = k;
    this.keyStart.push(this.used);
    this.keyLen.push(len);
    this.keyHash.push(h);
    this.values.push(value);
    this.used += len;
    if (this.values.length * 2 > this.slots.length) this.rehash();
    else this.place(k, h);
  }

  private place(k: number, h: number): void {
    let p = h & this.mask;
    while (this.slots[p] >= 0) p = (p + 1) & this.mask;
    this.slots[p] = k;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    this.mask = this.slots.length - 1;
    for (let k = 0; k < this.values.length; k++) this.place(k, this.keyHash[k]);
  }
}
