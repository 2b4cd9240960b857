/**
 * Splitting a byte stream into lines across chunks: a partial line is carried to the next chunk (copied
 * into one growing buffer, with a sentinel newline after it). Lines longer than MAX_LINE are not buffered.
 */

/** Longer lines are reported as unparsable without being buffered further. */
export const MAX_LINE = 1 << 20;
/** A file with no LF in its first CR_HEAD bytes but a CR there ends its lines with lone CRs (classic Mac). */
export const CR_HEAD = 4096;

export abstract class LineSplitter {
  private carry = new Uint8Array(4096);
  private carryLen = 0;
  private overlong = false;
  protected bytes = 0;
  protected finished = false;
  protected begun = false;
  /** The file ends its lines with lone CRs (no LF in its first CR_HEAD bytes, a CR there): CRs are read as LFs. */
  protected crOnly = false;
  /** Whether crOnly is decided (at the first LF, or after CR_HEAD bytes, or at the end). */
  protected endsKnown = false;

  /** One line [s, e) of b, without its newline; b[e] is a newline. `last`: the file's last line had none. */
  protected abstract line(b: Uint8Array, s: number, e: number, last: boolean): void;
  /** A line longer than MAX_LINE starting at b[s] (at least 300 bytes of it are readable). */
  protected abstract overlongLine(b: Uint8Array, s: number): void;

  /** Called when the bytes behind a buffer seen before may have changed (a new chunk, the reused carry buffer). */
  protected buffersChanged(): void {}

  /** Called once, before the first line, with the size of the first chunk. */
  protected started(_firstChunk: number): void {}

  /** Feeds the next bytes of the file; lines may straddle chunks. */
  push(chunk: Uint8Array): void {
    if (this.finished) throw new Error('StraceParser: push() after finish()');
    if (this.bytes === 0 && !this.begun) {
      this.begun = true;
      this.started(chunk.length);
    }
    // one element kind in the hot loop (a Node Buffer is a Uint8Array subclass with its own map)
    if (chunk.constructor !== Uint8Array) chunk = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    const seen = this.bytes;
    this.bytes += chunk.length;
    if (!this.endsKnown) {
      const lf = chunk.indexOf(10);
      const upto = CR_HEAD - seen; // bytes of this chunk inside the file's head
      if (lf >= 0 && lf < upto) this.endsKnown = true;
      else if (chunk.length >= upto) chunk = this.decideCr(chunk, chunk.subarray(0, upto).indexOf(13) >= 0);
    }
    if (this.crOnly) chunk = chunk.map((c) => (c === 13 ? 10 : c));
    this.feed(chunk);
  }

  /**
   * No LF in the file's head: lone CRs end its lines when the head has one. Returns the chunk to read,
   * preceded by the carried start of the file (read again with its CRs as line ends).
   */
  private decideCr(chunk: Uint8Array, crInChunk: boolean): Uint8Array {
    this.endsKnown = true;
    this.crOnly = crInChunk || this.carry.subarray(0, this.carryLen).indexOf(13) >= 0;
    if (!this.crOnly || this.carryLen === 0) return chunk;
    const all = new Uint8Array(this.carryLen + chunk.length);
    all.set(this.carry.subarray(0, this.carryLen));
    all.set(chunk, this.carryLen);
    this.carryLen = 0;
    return all;
  }

  private feed(chunk: Uint8Array): void {
    this.buffersChanged();
    let pos = 0;
    const n = chunk.length;
    if (this.carryLen > 0 || this.overlong) {
      const nl = chunk.indexOf(10);
      if (nl < 0) {
        this.append(chunk, 0, n);
        return;
      }
      this.append(chunk, 0, nl);
      this.flushCarry(false);
      pos = nl + 1;
    }
    pos = this.lines(chunk, pos, n);
    if (pos < n) this.append(chunk, pos, n);
  }

  /** Passes on the complete lines of chunk[pos, n); returns where the last one ended (after its newline). */
  protected lines(chunk: Uint8Array, pos: number, n: number): number {
    // a 4-byte-aligned chunk is searched for line ends a word at a time (nextNewline)
    const words = (chunk.byteOffset & 3) === 0 ? new Uint32Array(chunk.buffer, chunk.byteOffset, n >>> 2) : null;
    for (;;) {
      const nl = words !== null ? nextNewline(chunk, words, pos, n) : chunk.indexOf(10, pos);
      if (nl < 0) return pos;
      if (nl - pos > MAX_LINE) this.overlongLine(chunk, pos);
      else this.line(chunk, pos, nl, false);
      pos = nl + 1;
    }
  }

  /** Passes on a last line that had no newline. */
  protected flushLast(): void {
    if (!this.endsKnown && this.carryLen > 0) {
      // a file shorter than the head, without LF
      const rest = this.decideCr(new Uint8Array(0), false);
      if (this.crOnly) this.feed(rest.map((c) => (c === 13 ? 10 : c)));
    }
    if (this.carryLen > 0 || this.overlong) this.flushCarry(true);
  }

  /**
   * Moves the carried start of a line (a partial line from the bytes before) to dst's start: its length, or
   * -1 when there is none to move in place (a line already longer than MAX_LINE).
   */
  protected takeCarry(dst: Uint8Array): number {
    if (this.overlong) return -1;
    const len = this.carryLen;
    if (len > 0) dst.set(this.carry.subarray(0, len));
    this.carryLen = 0;
    return len;
  }

  protected append(src: Uint8Array, a: number, z: number): void {
    if (this.overlong) return;
    let len = z - a;
    if (this.carryLen + len > MAX_LINE) {
      this.overlong = true;
      len = MAX_LINE - this.carryLen;
    }
    if (this.carryLen + len + 2 > this.carry.length) {
      const g = new Uint8Array(Math.max(this.carry.length * 2, this.carryLen + len + 2));
      g.set(this.carry.subarray(0, this.carryLen));
      this.carry = g;
    }
    this.carry.set(src.subarray(a, a + len), this.carryLen);
    this.carryLen += len;
  }

  private flushCarry(last: boolean): void {
    const len = this.carryLen;
    this.carryLen = 0;
    if (this.overlong) {
      this.overlong = false;
      this.overlongLine(this.carry, 0);
      return;
    }
    this.carry[len] = 10;
    this.buffersChanged();
    this.line(this.carry, 0, len, last);
    this.buffersChanged();
  }
}

/**
 * The first `\n` in b[from, n), or -1: bytes up to a word boundary, then four at a time (`words` is b as
 * 32-bit words: a word holds a `\n` when its XOR with 0x0a0a0a0a has a zero byte), then the bytes of the word
 * that has it. ~1.5× faster than TypedArray indexOf on lines of ~125 bytes (a call per line).
 */
export function nextNewline(b: Uint8Array, words: Uint32Array, from: number, n: number): number {
  let i = from;
  while ((i & 3) !== 0) {
    if (i >= n) return -1;
    if (b[i] === 10) return i;
    i++;
  }
  const nw = n >>> 2;
  let k = i >>> 2;
  while (k < nw) {
    const v = words[k] ^ 0x0a0a0a0a;
    if (((v - 0x01010101) & ~v & 0x80808080) !== 0) break;
    k++;
  }
  for (i = k << 2; i < n; i++) if (b[i] === 10) return i;
  return -1;
}
