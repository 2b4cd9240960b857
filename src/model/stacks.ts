/**
 * The call stacks of a log (strace -k, docs/FORMATS.md "Stacks"): each distinct frame once (its text), each
 * distinct stack once (a run of frame ids), and per event the id of its stack (EventLog.stack).
 */
import { grown } from '../lib/grown';
import { Interner } from './interner';

/** The stacks of a log. Stack 0 is the empty stack: an event without one. */
export interface StackTable {
  /**
   * Distinct frames as strace -k prints them, without the leading ` > `:
   * `/usr/lib/x86_64-linux-gnu/libc.so.6(__write+0x10) [0xf8350]`, `/app() [0x124b]`,
   * `unexpected_backtracing_error [0x7f00]` (model/frames.ts reads their parts).
   */
  frames: string[];
  /** Stack s is frame[start[s]] … frame[start[s + 1] − 1], innermost (the system call's) first. Length stacks + 1. */
  start: Uint32Array;
  /** Frame ids (into `frames`). */
  frame: Uint32Array;
  /**
   * What the analysis said of each stack when the log was written out (the native HDF5 export, for readers
   * in other languages: docs/FORMATS.md "The native layout"): layer, call site and library entry by the rule
   * table (docs/METHOD.md "Layers"). Never read back: the analysis classifies the stacks itself.
   */
  notes?: { layer: string[]; site: string[]; entry: string[] };
}

/** The per-event stack column of `n` events for `stacks` distinct stacks: 16-bit ids while they fit. */
export function stackColumn(n: number, stacks: number, shared = false): Uint16Array | Uint32Array {
  const wide = stacks > 0x10000;
  const bytes = n * (wide ? 4 : 2);
  const buf = shared ? (new SharedArrayBuffer(bytes) as unknown as ArrayBuffer) : new ArrayBuffer(bytes);
  return wide ? new Uint32Array(buf) : new Uint16Array(buf);
}

/** Interns frames (by text) and stacks (by their frame ids): one id per distinct stack, 0 = the empty stack. */
export class StackInterner {
  readonly frames = new Interner();
  /** start[s] of stack s (length count + 1). */
  private start = new Uint32Array(64);
  private ids = new Uint32Array(256);
  private hashes = new Int32Array(64);
  private slots = new Int32Array(128).fill(-1);
  /** Stacks so far (the empty one included). */
  count = 1;

  /** The id of the frame with this text. */
  frame(text: string): number {
    return this.frames.intern(text);
  }

  /** The id of the stack of frame ids f[0 … n) (innermost first); 0 when n is 0. */
  intern(f: ArrayLike<number>, n: number): number {
    if (n === 0) return 0;
    let h = n | 0;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ f[i], 0x9e3779b1) ^ (h >>> 15);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const id = this.slots[s];
      if (id < 0) break;
      if (this.hashes[id] === h && this.same(id, f, n)) return id;
    }
    return this.add(f, n, h);
  }

  private same(id: number, f: ArrayLike<number>, n: number): boolean {
    const a = this.start[id];
    if (this.start[id + 1] - a !== n) return false;
    for (let i = 0; i < n; i++) if (this.ids[a + i] !== f[i]) return false;
    return true;
  }

  private add(f: ArrayLike<number>, n: number, h: number): number {
    const id = this.count++;
    if (id + 1 >= this.start.length) {
      this.start = grown(this.start, 2 * this.start.length);
      this.hashes = grown(this.hashes, 2 * this.hashes.length);
    }
    const a = this.start[id];
    if (a + n > this.ids.length) this.ids = grown(this.ids, Math.max(2 * this.ids.length, a + n));
    for (let i = 0; i < n; i++) this.ids[a + i] = f[i];
    this.start[id + 1] = a + n;
    this.hashes[id] = h;
    if (2 * this.count > this.slots.length) this.rehash();
    else this.place(id, h);
    return id;
  }

  private place(id: number, h: number): void {
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s] >= 0) s = (s + 1) & mask;
    this.slots[s] = id;
  }

  private rehash(): void {
    this.slots = new Int32Array(2 * this.slots.length).fill(-1);
    for (let id = 1; id < this.count; id++) this.place(id, this.hashes[id]);
  }

  /** The table (copies: the interner may go on). */
  table(): StackTable {
    return { frames: this.frames.list.slice(), start: this.start.slice(0, this.count + 1), frame: this.ids.slice(0, this.start[this.count]) };
  }
}

/** The frame ids of stack s of t. */
export function framesOf(t: StackTable, s: number): Uint32Array {
  return t.frame.subarray(t.start[s], t.start[s + 1]);
}

/**
 * Interns the stacks of `t` into `into` (frames by text); the id in `into` of each stack of t (0 → 0).
 * What a merge of logs with stacks does per log.
 */
export function remapStacks(into: StackInterner, t: StackTable): Uint32Array {
  const fm = new Uint32Array(t.frames.length);
  for (let i = 0; i < fm.length; i++) fm[i] = into.frame(t.frames[i]);
  const S = t.start.length - 1;
  const out = new Uint32Array(Math.max(1, S));
  const buf: number[] = [];
  for (let s = 1; s < S; s++) {
    buf.length = 0;
    for (let k = t.start[s]; k < t.start[s + 1]; k++) buf.push(fm[t.frame[k]]);
    out[s] = into.intern(buf, buf.length);
  }
  return out;
}
