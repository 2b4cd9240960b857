/**
 * strace -k: the frames after a call's line are its stack (docs/FORMATS.md "Stacks"). The parser hands each
 * frame line here; the next line that is not a frame ends the stack of the event it belongs to.
 */
import type { EventLogBuilder } from '../../model';
import { ByteTable, decodeUtf8, hashBytes } from './bytes';
import { D_ORPHAN_STACK_FRAME, D_STACK_FRAME } from './dropped';

export class StackFrames {
  /** The event the frames being read belong to (-1: none, e.g. after a `= ?` call or a signal). */
  at = -1;
  /** How many frame ids were read since the last call line. */
  n = 0;
  /** 1 when the first of them was read from the end of a call's line (not a line of its own). */
  inLine = 0;
  /** Whether the file had a frame (its flags' `stacks`). */
  seen = false;
  private buf = new Int32Array(64);
  /** Frame ids by the frame's bytes (lines the JavaScript scanner read, or a full thread table). */
  private readonly bytes = new ByteTable(10);

  /** `counts`: the parser's lines per dropped kind (frame lines are counted there). */
  constructor(
    private readonly b: EventLogBuilder,
    private readonly counts: Float64Array,
  ) {}

  /** The frame id (in the log's stack table) of the frame text [s, e) of b. */
  id(b: Uint8Array, s: number, e: number): number {
    const h = hashBytes(b, s, e);
    let id = this.bytes.find(b, s, e, h);
    if (id < 0) {
      id = this.b.stackInterner().frame(decodeUtf8(b, s, e));
      this.bytes.add(b, s, e, h, id);
    }
    return id;
  }

  add(f: number): void {
    if (this.n === this.buf.length) {
      const g = new Int32Array(2 * this.n);
      g.set(this.buf);
      this.buf = g;
    }
    this.buf[this.n++] = f;
    this.seen = true;
  }

  /** The frames read are the stack of the event at `at` (or, without one, dropped lines). */
  end(): void {
    const n = this.n;
    const lines = n - this.inLine;
    this.n = this.inLine = 0;
    const at = this.at;
    if (at < 0) {
      this.counts[D_ORPHAN_STACK_FRAME] += lines;
      return;
    }
    this.b.setStack(at, this.b.stackInterner().intern(this.buf, n));
    this.counts[D_STACK_FRAME] += lines;
    this.at = -1;
  }
}
