/**
 * Skipping `-y` annotations `<…>`: nested `<…>` (the -yy device suffix is cut off), `>` inside socket
 * brackets `KIND:[a->b]`, backslash escapes. The base class of the line scanner.
 */
import { ANN_CLASS } from './lex';

export class AnnotationSkipper {
  /** End of the kept content of the last annotation skipped (the nested `<` of a -yy suffix, or the `>`). */
  protected cut = -1;
  /** skipAnnCmp: the kept content equalled the key. */
  protected cmpOk = false;
  private dvBuf: Uint8Array | null = null;
  private dv: DataView | null = null;

  /**
   * Skips an annotation from j (inside it, at nesting `depth`, socket-bracket depth `br`, device cut `cut`):
   * the index of the closing `>` or -1; sets `cut` to the end of the kept content.
   */
  protected skipAnn(b: Uint8Array, j: number, e: number, depth: number, br: number, cut: number): number {
    while (j < e) {
      const k = ANN_CLASS[b[j]];
      if (k === 0) {
        j++;
        continue;
      }
      if (k === 1) {
        j += 2;
        continue;
      }
      if (k === 4) {
        if (b[j - 1] === 0x3a) br++;
      } else if (k === 5) {
        if (br > 0) br--;
      } else if (br === 0) {
        if (k === 2) {
          depth++;
          if (cut < 0) cut = j;
        } else if (--depth === 0) {
          this.cut = cut < 0 ? j : cut;
          return j;
        }
      }
      j++;
    }
    return -1;
  }

  /** Makes dv (a DataView of b) the view sameBytes compares b through. */
  protected useView(b: Uint8Array, dv: DataView): void {
    this.dvBuf = b;
    this.dv = dv;
  }

  /** Makes `dv` a DataView of b (sameBytes compares through it). */
  protected viewOf(b: Uint8Array): void {
    if (b !== this.dvBuf) {
      this.dvBuf = b;
      this.dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    }
  }

  /**
   * Whether b[s0, s0 + key.length) equals key, compared 4 bytes per step through DataViews (`dv`: of b, made
   * by viewOf; kv: of the key). No branch on the buffer here: a path that runs once per parser (a new buffer)
   * inside the per-line code throws the optimised code around it away when it first runs.
   */
  protected sameBytes(b: Uint8Array, s0: number, key: Uint8Array, kv: DataView): boolean {
    const dv = this.dv!;
    const len = key.length;
    let k = 0;
    const l4 = len - 3;
    while (k < l4 && dv.getInt32(s0 + k) === kv.getInt32(k)) k += 4;
    while (k < len && b[s0 + k] === key[k]) k++;
    return k === len;
  }

  /** skipAnn from the `<` at i, also comparing the kept content with `key` (result in `cmpOk`). */
  protected skipAnnCmp(b: Uint8Array, i: number, e: number, key: Uint8Array, kv: DataView): number {
    const s0 = i + 1;
    // The same bytes as the key (4 per step through DataViews of the line and of the key, `kv`), then `>`
    // or the `<` of a -yy suffix: skipAnn's walk is deterministic, so over identical bytes it reaches the
    // key's end in the state it had when the key was cut there (outside socket brackets), and the next byte
    // decides alone.
    const len = key.length;
    if (s0 + len < e) {
      this.viewOf(b);
      if (this.sameBytes(b, s0, key, kv)) {
        const j = s0 + len;
        if (b[j] === 0x3e) {
          this.cmpOk = true;
          this.cut = j;
          return j;
        }
        if (b[j] === 0x3c) {
          this.cmpOk = true;
          return this.skipAnn(b, j + 1, e, 2, 0, j);
        }
      }
    }
    // Otherwise the content differs from the key: a byte differs, or it is longer or shorter (it cannot end
    // at or beyond e, and over the key's bytes it would have ended where the key did).
    this.cmpOk = false;
    return this.skipAnn(b, s0, e, 1, 0, -1);
  }
}
