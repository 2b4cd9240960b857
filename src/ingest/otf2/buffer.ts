/**
 * OTF2's buffer encoding (docs/FORMATS.md "OTF2"), as OTF2 3.0 writes it: a file is a sequence of chunks
 * (`chunkSize` bytes each, the last one cut short), each opened by a header `03 E first:u64 last:u64`
 * (E = 0x42 little or 0x23 big endian; definition and event files alike). Integers of 32 and 64 bits are
 * *compressed*: one size byte n (0 = the value 0, 0xff = all bits set: "undefined", else 1..8) followed by the n
 * low bytes in the file's byte order; 8- and 16-bit integers, floats, doubles and the 8-byte timestamps are
 * written whole. A record is a type byte, then (for all records but the singleton events) its length: one
 * byte, or 0xff followed by a full u64. Readers skip what they do not know by that length.
 */

/** What the compressed 0xff size byte stands for: OTF2_UNDEFINED_UINT32 / UINT64 (refs and sizes "unknown"). */
export const UNDEFINED = -1;
/** The chunk header: type 03, endianness, first and last event number (u64 each). */
export const CHUNK_HEADER = 18;

export const BIG = 0x23;
export const LITTLE = 0x42;

/** Thrown for bytes that break the encoding (the importer names the file). */
export class Otf2Error extends Error {
  override name = 'Otf2Error';
}

// TextDecoder is in every runtime this runs in (browsers, workers, Node), not in the core type checks' ES2022 library.
type Decoder = { decode(b: Uint8Array): string };
const utf8: Decoder = new (globalThis as unknown as { TextDecoder: new (label: string) => Decoder }).TextDecoder('utf-8');

/** A cursor over one chunk (or one record) of an OTF2 file. */
export class Cursor {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
    public end: number,
    public little = true,
  ) {
    this.pos = start;
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new Otf2Error(`record runs past its end (byte ${this.pos})`);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++];
  }

  u16(): number {
    this.need(2);
    const b = this.bytes;
    const p = (this.pos += 2) - 2;
    return this.little ? b[p] | (b[p + 1] << 8) : (b[p] << 8) | b[p + 1];
  }

  /** n bytes as an unsigned number (exact up to 2^53) in the file's byte order. */
  private uint(n: number): number {
    this.need(n);
    const b = this.bytes;
    const p = this.pos;
    this.pos += n;
    let v = 0;
    if (this.little) for (let i = n - 1; i >= 0; i--) v = v * 256 + b[p + i];
    else for (let i = 0; i < n; i++) v = v * 256 + b[p + i];
    return v;
  }

  /** A compressed unsigned integer (32 or 64 bits); UNDEFINED for the all-ones value. */
  uc(): number {
    const n = this.u8();
    if (n === 0) return 0;
    if (n === 0xff) return UNDEFINED;
    if (n > 8) throw new Otf2Error(`invalid compressed integer size ${n} (byte ${this.pos - 1})`);
    return this.uint(n);
  }

  /** A compressed signed 64-bit integer (two's complement of the compressed unsigned bits). */
  ic(): number {
    const n = this.u8();
    if (n === 0) return 0;
    if (n === 0xff) return -1;
    if (n > 8) throw new Otf2Error(`invalid compressed integer size ${n} (byte ${this.pos - 1})`);
    const v = this.uint(n);
    return n === 8 && v >= 2 ** 63 ? v - 2 ** 64 : v;
  }

  /** A compressed u64 as [high 32 bits, low 32 bits] (exact for any value: timestamps in ticks). */
  ucParts(): [number, number] {
    const n = this.u8();
    if (n === 0) return [0, 0];
    if (n === 0xff) return [0xffffffff, 0xffffffff];
    if (n > 8) throw new Otf2Error(`invalid compressed integer size ${n} (byte ${this.pos - 1})`);
    return this.parts(n);
  }

  /** A full (uncompressed) u64 minus a base [hi, lo], exact below 2^53: an event file's timestamp in ticks since the global offset. */
  ticksSince(baseHi: number, baseLo: number): number {
    this.need(8);
    const b = this.bytes;
    const p = this.pos;
    this.pos += 8;
    let lo: number;
    let hi: number;
    if (this.little) {
      lo = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)) + b[p + 3] * 0x1000000;
      hi = (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16)) + b[p + 7] * 0x1000000;
    } else {
      hi = (b[p + 3] | (b[p + 2] << 8) | (b[p + 1] << 16)) + b[p] * 0x1000000;
      lo = (b[p + 7] | (b[p + 6] << 8) | (b[p + 5] << 16)) + b[p + 4] * 0x1000000;
    }
    return (hi - baseHi) * 4294967296 + (lo - baseLo);
  }

  /** A full (uncompressed) u64 as [high, low]: timestamps in event files. */
  u64Parts(): [number, number] {
    return this.parts(8);
  }

  private parts(n: number): [number, number] {
    this.need(n);
    const b = this.bytes;
    const p = this.pos;
    this.pos += n;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.little ? b[p + i] : b[p + n - 1 - i];
      if (i < 4) lo += byte * 2 ** (8 * i);
      else hi += byte * 2 ** (8 * (i - 4));
    }
    return [hi, lo];
  }

  f64(): number {
    this.need(8);
    const v = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.pos, 8).getFloat64(0, this.little);
    this.pos += 8;
    return v;
  }

  /** A NUL-terminated UTF-8 string. */
  str(): string {
    const z = this.bytes.indexOf(0, this.pos);
    if (z < 0 || z >= this.end) throw new Otf2Error(`string without its NUL (byte ${this.pos})`);
    const s = utf8.decode(this.bytes.subarray(this.pos, z));
    this.pos = z + 1;
    return s;
  }

  /** A record's length (after its type byte): one byte, or 0xff and a full u64. */
  recordLength(): number {
    const n = this.u8();
    if (n !== 0xff) return n;
    const [hi, lo] = this.parts(8);
    return hi * 2 ** 32 + lo;
  }

  /** A cursor over the next `length` bytes (a record's data); this one moves past them. */
  take(length: number): Cursor {
    this.need(length);
    const c = new Cursor(this.bytes, this.pos, this.pos + length, this.little);
    this.pos += length;
    return c;
  }
}

/** Ticks [hi, lo] minus a base [hi, lo], exact while the difference is below 2^53. */
export const ticksSince = (t: [number, number], base: [number, number]): number => (t[0] - base[0]) * 2 ** 32 + (t[1] - base[1]);

/**
 * The chunks of a chunked OTF2 file: a cursor after each chunk's header, up to the chunk's end. A chunk
 * whose header is not `03 E` is an error naming it.
 */
export function* chunks(bytes: Uint8Array, chunkSize: number): Generator<Cursor> {
  const size = chunkSize > 0 ? chunkSize : bytes.length;
  for (let at = 0; at < bytes.length; at += size) {
    const end = Math.min(bytes.length, at + size);
    if (end - at < 2 || bytes[at] !== 3) throw new Otf2Error(`no chunk header at byte ${at}`);
    const e = bytes[at + 1];
    if (e !== LITTLE && e !== BIG) throw new Otf2Error(`invalid endianness byte ${e} at byte ${at + 1}`);
    yield new Cursor(bytes, Math.min(end, at + CHUNK_HEADER), end, e === LITTLE);
  }
}

/** Record types that end a chunk or the file (OTF2's buffer-internal records). */
export const END_OF_CHUNK = 0;
export const END_OF_BUFFER = 1;
export const END_OF_FILE = 2;
export const TIMESTAMP = 5;
export const ATTRIBUTE_LIST = 6;
