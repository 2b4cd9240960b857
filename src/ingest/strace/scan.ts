/**
 * Scans one strace line (a byte range, no newline, no CR) into numeric fields and byte offsets (the fields
 * of scannedLine.ts). No regex, no string and no allocation: a single scanner object is reused for every line.
 *
 * Contract with the caller: the byte at `b[e]` must be `\n` (or `\r\n` when a CR was stripped), so that
 * short look-aheads past the end stop at the terminator instead of reading stale bytes.
 */

import { ScannedLine } from './scannedLine';
import {
  ARG_CLASS, ERESTART, K_BAD, K_CALL, K_EXIT, K_FRAME, K_MESSAGE, K_RESUMED, K_SIGNAL, K_SPLICED, K_UNFINISHED, POW10, PROCESS, RESUMED,
  SP_ERESTART, SP_EXITED, SP_NONE, SP_UNAVAILABLE, STRACE_MSG, TS_CLOCK, TS_FLOAT, TS_NONE, UNAVAILABLE, UNFINISHED, at, fdBefore, isDigit,
  isNameChar,
} from './lex';

export * from './lex';

export class LineScanner extends ScannedLine {
  /** closingQuote's memory: in qBuf there is no `"` in [qFrom, qAt) (qAt = the buffer's length when none). */
  private qBuf: Uint8Array | null = null;
  private qFrom = 0;
  private qAt = 0;

  scan(b: Uint8Array, s: number, e: number): number {
    this.kind = K_BAD;
    this.pid = -1;
    this.pidKind = 0;
    this.tsKind = TS_NONE;
    this.tsPlus = false;
    this.fpId = -1;
    this.nameIdx = this.annIdx = -1;
    this.fpFd = -2;
    this.closeAt = this.fpS = this.fpE = this.annS = this.annE = this.retAnnS = this.retAnnE = this.errS = this.errE = -1;
    this.retQ = false;
    this.retVal = NaN;
    this.special = SP_NONE;
    this.dur = NaN;
    this.spliceAt = -1;
    this.frameAt = -1;
    this.attached = -1;
    this.callStart = false;
    this.terminated = false;
    let i = s;
    // strace -k: ` > FRAME` (the frame's text from s + 3)
    if (b[i] === 0x20 && b[i + 1] === 0x3e && b[i + 2] === 0x20 && i + 3 < e) return (this.kind = K_FRAME);
    if (b[i] === 0x73 && at(b, i, e, STRACE_MSG)) {
      this.attached = this.attachedPid(b, i + 8, e);
      return (this.kind = K_MESSAGE);
    }
    let c = b[i];
    if (c === 0x5b) {
      // [pid N]
      if (!(b[i + 1] === 0x70 && b[i + 2] === 0x69 && b[i + 3] === 0x64)) return K_BAD;
      i += 4;
      while (i < e && b[i] === 0x20) i++;
      let v = 0;
      const d0 = i;
      while (i < e && isDigit(b[i])) v = v * 10 + b[i++] - 0x30;
      if (i === d0 || b[i] !== 0x5d) return K_BAD;
      i++;
      this.pid = v;
      this.pidKind = 2;
      while (i < e && b[i] === 0x20) i++;
    } else if (isDigit(c)) {
      let j = i;
      let v = 0;
      while (j < e && isDigit(b[j])) v = v * 10 + b[j++] - 0x30;
      if (b[j] === 0x20 && j < e) {
        this.pid = v;
        this.pidKind = 1;
        i = j;
        while (i < e && b[i] === 0x20) i++;
      }
    }
    while (i < e && b[i] === 0x20) i++;
    c = b[i];
    if (isDigit(c) && i < e) {
      let v = 0;
      if (i + 15 < e && b[i + 2] === 0x3a && b[i + 5] === 0x3a && b[i + 8] === 0x2e && b[i + 15] === 0x20 && clockDigits(b, i)) {
        // -tt `hh:mm:ss.uuuuuu `, the usual form, read at its fixed places (the same arithmetic as the loops)
        const m = (b[i + 3] - 0x30) * 10 + (b[i + 4] - 0x30);
        const sec = (b[i + 6] - 0x30) * 10 + (b[i + 7] - 0x30);
        v = ((b[i] - 0x30) * 10 + (b[i + 1] - 0x30)) * 3600 + m * 60 + sec + micros(b, i + 9) / POW10[6];
        this.tsKind = TS_CLOCK;
        this.tsDigits = 6;
        i += 15;
      } else {
        while (i < e && isDigit(b[i])) v = v * 10 + b[i++] - 0x30;
        if (b[i] === 0x3a) {
          // clock h:mm:ss[.frac]
          let m = 0;
          let sec = 0;
          i++;
          const m0 = i;
          while (i < e && isDigit(b[i])) m = m * 10 + b[i++] - 0x30;
          if (i === m0 || b[i] !== 0x3a) return K_BAD;
          i++;
          const s0 = i;
          while (i < e && isDigit(b[i])) sec = sec * 10 + b[i++] - 0x30;
          if (i === s0) return K_BAD;
          v = v * 3600 + m * 60 + sec;
          this.tsKind = TS_CLOCK;
        } else if (b[i] === 0x2e) {
          this.tsKind = TS_FLOAT;
        } else return K_BAD;
        this.tsDigits = 0;
        if (b[i] === 0x2e && i < e) {
          i++;
          let f = 0;
          const f0 = i;
          while (i < e && isDigit(b[i])) f = f * 10 + b[i++] - 0x30;
          const n = i - f0;
          if (n === 0 || n > 12) return K_BAD;
          this.tsDigits = n;
          v += f / POW10[n];
        } else if (this.tsKind === TS_FLOAT) return K_BAD;
      }
      this.ts = v;
      if (b[i] !== 0x20 || i >= e) return K_BAD;
      while (i < e && b[i] === 0x20) i++;
      if (b[i] === 0x28 && b[i + 1] === 0x2b && i + 1 < e) {
        // (+ delta)
        while (i < e && b[i] !== 0x29) i++;
        if (i >= e) return K_BAD;
        i++;
        this.tsPlus = true;
        while (i < e && b[i] === 0x20) i++;
      }
    }
    if (i >= e) return K_BAD;
    c = b[i];
    if ((c === 0x2d || c === 0x2b) && b[i + 1] === c && b[i + 2] === c && i + 2 < e) {
      this.terminated = e - i >= 6 && b[e - 1] === c && b[e - 2] === c && b[e - 3] === c;
      return (this.kind = c === 0x2d ? K_SIGNAL : K_EXIT);
    }
    let resumed = false;
    if (c === 0x3c && b[i + 1] === 0x2e && b[i + 2] === 0x2e && b[i + 3] === 0x2e && b[i + 4] === 0x20) {
      // <... NAME resumed[ #N]>
      i += 5;
      this.nameS = i;
      while (i < e && isNameChar(b[i])) i++;
      this.nameE = i;
      if (i === this.nameS || b[i] !== 0x20 || !at(b, i + 1, e, RESUMED)) return K_BAD;
      i += 8;
      while (i < e && b[i] !== 0x3e) i++;
      if (i >= e) return K_BAD;
      i++;
      resumed = true;
    } else {
      this.nameS = i;
      while (i < e && isNameChar(b[i])) i++;
      this.nameE = i;
      if (i === this.nameS || b[i] !== 0x28 || i >= e) return K_BAD;
      i++;
      this.callStart = true;
    }
    this.argsS = i;
    // unfinished: the line ends with `<unfinished ...>` (tolerating `<unfinished #N ...>`)
    if (e - 4 > i && b[e - 1] === 0x3e && b[e - 2] === 0x2e && b[e - 3] === 0x2e && b[e - 4] === 0x2e) {
      let u = e - 5;
      const lim = Math.max(i, e - 40);
      while (u >= lim && b[u] !== 0x3c) u--;
      if (u >= lim && at(b, u, e, UNFINISHED)) {
        if (resumed) return K_BAD;
        this.scanArgs(b, i, u);
        this.argsE = u;
        return (this.kind = K_UNFINISHED);
      }
    }
    // duration <digits.digits> at the end; `<d.uuuuuu>` (under 10 s: the usual form) read at its fixed places
    let end = e;
    if (b[e - 1] === 0x3e && e - 10 >= i && b[e - 10] === 0x3c && b[e - 8] === 0x2e && isDigit(b[e - 9]) && sixDigits(b, e - 7)) {
      this.dur = b[e - 9] - 0x30 + micros(b, e - 7) / POW10[6];
      end = e - 10;
    } else if (b[e - 1] === 0x3e) {
      let k = e - 2;
      while (k > i && (isDigit(b[k]) || b[k] === 0x2e)) k--;
      if (b[k] === 0x3c && k < e - 2) {
        let v = 0;
        let f = 0;
        let j = k + 1;
        while (j < e - 1 && isDigit(b[j])) v = v * 10 + b[j++] - 0x30;
        if (b[j] === 0x2e) {
          const f0 = ++j;
          while (j < e - 1 && isDigit(b[j])) f = f * 10 + b[j++] - 0x30;
          const n = j - f0;
          if (n > 0 && n <= 12 && j === e - 1) {
            this.dur = v + f / POW10[n];
            end = k;
          }
        }
      }
    }
    this.scanArgs(b, i, end);
    // strace prints a call in two parts (entry, exit); its own messages can land in between
    if (this.closeAt < 0) return resumed ? K_BAD : this.maybeSplice(b, this.argsS, e);
    this.argsE = this.closeAt;
    this.parseResult(b, this.resAt, end);
    return (this.kind = resumed ? K_RESUMED : K_CALL);
  }

  /** Records the first fd annotations and the last top-level `) = ` in [i, e). */
  private scanArgs(b: Uint8Array, i: number, e: number): void {
    let depth = 0;
    const s = i;
    while (i < e) {
      let k = ARG_CLASS[b[i]];
      // plain bytes (most of them) in a loop of their own
      while (k === 0 && ++i < e) k = ARG_CLASS[b[i]];
      if (k === 0) {
        i++;
      } else if (k === 1) {
        i = this.closingQuote(b, i + 1, e) + 1;
      } else if (k === 2) {
        const p = i > s ? b[i - 1] : 0;
        let j: number;
        if (this.fpS < 0 && depth === 0 && this.closeAt < 0 && p >= 0x30 && p <= 0x39) {
          // the fp annotation: compared on the fly with the last bytes seen for this fd
          const fd = fdBefore(b, i, s);
          const key = fd >= 0 ? this.fdKey[fd] : undefined;
          j = key !== undefined ? this.skipAnnCmp(b, i, e, key, this.fdView[fd]) : this.skipAnn(b, i + 1, e, 1, 0, -1);
          if (j < 0) return;
          this.fpS = i + 1;
          this.fpE = this.cut;
          this.fpId = key !== undefined && this.cmpOk ? this.fdId[fd] : -1;
        } else {
          j = this.skipAnn(b, i + 1, e, 1, 0, -1);
          if (j < 0) return;
        }
        if (this.annS < 0 && depth === 0 && this.closeAt < 0 && isNameChar(p)) {
          this.annS = i + 1;
          this.annE = this.cut;
        }
        if (this.closeAt < 0 && b[i + 1] === 0x75 && at(b, i, j + 1, UNFINISHED)) this.special = SP_EXITED;
        i = j + 1;
      } else if (k === 3) {
        if (depth === 0) {
          // `) = ` — strace pads short lines so that `=` lands in column 40: `)    = 0`
          if (b[i + 1] === 0x20) {
            let q = i + 2;
            while (q < e && b[q] === 0x20) q++;
            if (b[q] === 0x3d && b[q + 1] === 0x20 && q + 1 < e) {
              this.closeAt = i;
              this.resAt = q + 2;
            }
          }
        } else depth--;
        i++;
      } else if (k === 4) {
        depth++;
        i++;
      } else {
        if (depth > 0) depth--;
        i++;
      }
    }
  }

  /** Forgets closingQuote's memory (the caller reuses or refills a buffer). */
  forgetQuotes(): void {
    this.qBuf = null;
  }

  /**
   * The closing `"` of a string whose content starts at i (e when the line has none): native indexOf
   * (memchr) instead of a byte loop; a quote after an odd run of backslashes is escaped. indexOf cannot
   * stop at e, so a search that ran past the line is remembered (no quote in [qFrom, qAt)) and reused:
   * lines with unterminated strings cannot make the scan quadratic.
   */
  private closingQuote(b: Uint8Array, i: number, e: number): number {
    for (;;) {
      let q: number;
      if (b === this.qBuf && i >= this.qFrom && i <= this.qAt) q = this.qAt;
      else {
        q = b.indexOf(0x22, i);
        if (q < 0) q = b.length;
        this.qBuf = b;
        this.qFrom = i;
        this.qAt = q;
      }
      if (q >= e) return e;
      let k = q - 1;
      while (k >= i && b[k] === 0x5c) k--;
      if ((q - 1 - k) % 2 === 0) return q;
      i = q + 1;
    }
  }

  private parseResult(b: Uint8Array, i: number, e: number): void {
    while (i < e && b[i] === 0x20) i++;
    const c = b[i];
    if (c === 0x3f) {
      this.retQ = true;
      i++;
      while (i < e && b[i] === 0x20) i++;
      if (at(b, i, e, ERESTART)) this.special = SP_ERESTART;
      else if (at(b, i, e, UNAVAILABLE)) this.special = SP_UNAVAILABLE;
      return;
    }
    let neg = false;
    if (c === 0x2d) {
      neg = true;
      i++;
    }
    let v = 0;
    const d0 = i;
    while (i < e && isDigit(b[i])) v = v * 10 + b[i++] - 0x30;
    if (i > d0 && b[i] !== 0x78) this.retVal = neg ? -v : v;
    while (i < e && isNameChar(b[i])) i++; // hex digits of 0x…
    if (b[i] === 0x3c && i < e) {
      const j = this.skipAnn(b, i + 1, e, 1, 0, -1);
      if (j > 0) {
        this.retAnnS = i + 1;
        this.retAnnE = this.cut;
        i = j + 1;
      }
    }
    while (i < e && b[i] === 0x20) i++;
    if (i < e && b[i] >= 0x41 && b[i] <= 0x5a) {
      const s = i;
      while (i < e && isNameChar(b[i])) i++;
      this.errS = s;
      this.errE = i;
    }
  }

  private maybeSplice(b: Uint8Array, s: number, e: number): number {
    for (let i = s; i + 8 <= e; i++) {
      if (b[i] === 0x73 && at(b, i, e, STRACE_MSG)) {
        this.spliceAt = i;
        this.attached = this.attachedPid(b, i + 8, e);
        return (this.kind = K_SPLICED);
      }
    }
    const f = frameTail(b, s, e);
    if (f >= 0) {
      // the call's arguments so far, then another stack's frame: an unfinished call (its resumed line follows)
      this.closeAt = this.fpS = this.fpE = this.annS = this.annE = -1;
      this.scanArgs(b, s, f);
      this.argsE = f;
      this.frameAt = f + 3;
      return (this.kind = K_UNFINISHED);
    }
    return (this.kind = K_BAD);
  }

  private attachedPid(b: Uint8Array, i: number, e: number): number {
    if (!at(b, i, e, PROCESS)) return -1;
    i += 8;
    let v = 0;
    const d0 = i;
    while (i < e && isDigit(b[i])) v = v * 10 + b[i++] - 0x30;
    return i > d0 && b[i] === 0x20 && b[i + 1] === 0x61 ? v : -1; // " attached"
  }
}

/**
 * Where a stack frame that ends the line [s, e) starts (its ` > `), else -1: ` > TEXT [0xHEX]` (or with
 * ` FILE:LINE` after it), the last ` > ` of the line.
 */
function frameTail(b: Uint8Array, s: number, e: number): number {
  let k = e - 1;
  while (k > s && b[k] !== 0x5b) k--; // the last [
  if (k <= s + 3 || b[k + 1] !== 0x30 || b[k + 2] !== 0x78 || b[k - 1] !== 0x20) return -1;
  for (let i = k - 4; i >= s; i--) if (b[i] === 0x20 && b[i + 1] === 0x3e && b[i + 2] === 0x20) return i;
  return -1;
}

/** b[k] is an ASCII digit. */
const dig = (b: Uint8Array, k: number): boolean => b[k] - 0x30 >>> 0 < 10;

/** Six digits at k. */
function sixDigits(b: Uint8Array, k: number): boolean {
  return dig(b, k) && dig(b, k + 1) && dig(b, k + 2) && dig(b, k + 3) && dig(b, k + 4) && dig(b, k + 5);
}

/** The 12 digits of `hh:mm:ss.uuuuuu` at i. */
function clockDigits(b: Uint8Array, i: number): boolean {
  return dig(b, i) && dig(b, i + 1) && dig(b, i + 3) && dig(b, i + 4) && dig(b, i + 6) && dig(b, i + 7) && sixDigits(b, i + 9);
}

/** The six digits at k as an integer (exact: the value the digit loops compute). */
function micros(b: Uint8Array, k: number): number {
  return ((((b[k] - 0x30) * 10 + (b[k + 1] - 0x30)) * 10 + (b[k + 2] - 0x30)) * 10 + (b[k + 3] - 0x30)) * 100 + (b[k + 4] - 0x30) * 10 + (b[k + 5] - 0x30);
}
