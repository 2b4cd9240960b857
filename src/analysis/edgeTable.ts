/**
 * Directly-follows edges between integer node ids 0…S−1, stored compactly (edge index e = order of first
 * appearance) with the lookup (src, dst) → e done by a dense Int32Array matrix when S² is small, else by
 * an open-addressing hash table in typed arrays. No JS object per event or per edge.
 */
import { grown } from '../lib/grown';

/** Largest S² for which the dense matrix is used (16 MiB of Int32). */
export const DENSE_LIMIT = 1 << 22;

export class EdgeTable {
  readonly S: number;
  /** Number of edges. */
  n = 0;
  src: Uint32Array;
  dst: Uint32Array;
  count: Uint32Array;
  /** Number of cases with the edge, counted via `lastCase` (the last case that incremented `cases`). */
  cases: Uint32Array;
  lastCase: Int32Array;
  gapSum: Float64Array;
  gapN: Uint32Array;
  green: Uint32Array;
  red: Uint32Array;
  /** Dense lookup matrix (S×S → edge index, −1 none), or null in hash mode. */
  readonly dense: Int32Array | null;
  private table: Int32Array;
  private mask: number;

  constructor(S: number, denseLimit = DENSE_LIMIT) {
    this.S = S;
    const cap = 64;
    this.src = new Uint32Array(cap);
    this.dst = new Uint32Array(cap);
    this.count = new Uint32Array(cap);
    this.cases = new Uint32Array(cap);
    this.lastCase = new Int32Array(cap);
    this.gapSum = new Float64Array(cap);
    this.gapN = new Uint32Array(cap);
    this.green = new Uint32Array(cap);
    this.red = new Uint32Array(cap);
    if (S * S <= denseLimit) {
      this.dense = new Int32Array(S * S).fill(-1);
      this.table = new Int32Array(0);
      this.mask = 0;
    } else {
      this.dense = null;
      this.table = new Int32Array(1024).fill(-1);
      this.mask = 1023;
    }
  }

  get isDense(): boolean {
    return this.dense !== null;
  }

  /** The edge index of (s, d), created on first use. */
  index(s: number, d: number): number {
    const dense = this.dense;
    if (dense !== null) {
      const k = s * this.S + d;
      const e = dense[k];
      if (e >= 0) return e;
      return (dense[k] = this.add(s, d));
    }
    return this.hashIndex(s, d);
  }

  /** The edge index of (s, d), or −1. */
  find(s: number, d: number): number {
    if (this.dense !== null) return this.dense[s * this.S + d];
    let h = this.hash(s, d);
    for (;;) {
      const e = this.table[h];
      if (e < 0) return -1;
      if (this.src[e] === s && this.dst[e] === d) return e;
      h = (h + 1) & this.mask;
    }
  }

  private hash(s: number, d: number): number {
    let h = Math.imul(s, 0x9e3779b1) ^ Math.imul(d + 0x7f4a7c15, 0x85ebca6b);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h & this.mask;
  }

  private hashIndex(s: number, d: number): number {
    let h = this.hash(s, d);
    for (;;) {
      const e = this.table[h];
      if (e < 0) break;
      if (this.src[e] === s && this.dst[e] === d) return e;
      h = (h + 1) & this.mask;
    }
    const e = this.add(s, d);
    this.table[h] = e;
    if (this.n * 2 > this.table.length) this.rehash();
    return e;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    this.table = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let e = 0; e < this.n; e++) {
      let h = this.hash(this.src[e], this.dst[e]);
      while (this.table[h] >= 0) h = (h + 1) & this.mask;
      this.table[h] = e;
    }
  }

  /** Appends edge (s, d) without registering it in the lookup (dense callers set `dense[s*S+d]`). */
  add(s: number, d: number): number {
    if (this.n === this.src.length) this.grow();
    const e = this.n++;
    this.src[e] = s;
    this.dst[e] = d;
    this.lastCase[e] = -1;
    return e;
  }

  private grow(): void {
    const cap = this.src.length * 2;
    this.src = grown(this.src, cap);
    this.dst = grown(this.dst, cap);
    this.count = grown(this.count, cap);
    this.cases = grown(this.cases, cap);
    this.lastCase = grown(this.lastCase, cap);
    this.gapSum = grown(this.gapSum, cap);
    this.gapN = grown(this.gapN, cap);
    this.green = grown(this.green, cap);
    this.red = grown(this.red, cap);
  }
}
