/** Constants, byte patterns and byte classes of the strace line scanner. */

export const K_BAD = 0;
export const K_CALL = 1;
export const K_UNFINISHED = 2;
export const K_RESUMED = 3;
export const K_SIGNAL = 4;
export const K_EXIT = 5;
export const K_MESSAGE = 6;
/** A call line cut by an strace message (stderr output): the call continues on the next line. */
export const K_SPLICED = 7;
/** A frame of a call's stack (strace -k): ` > /usr/lib/libc.so.6(__write+0x10) [0xf8350]`, after its call's line. */
export const K_FRAME = 8;

export const TS_NONE = 0;
export const TS_CLOCK = 1;
export const TS_FLOAT = 2;

/** Result specials. */
export const SP_NONE = 0;
export const SP_ERESTART = 1;
export const SP_UNAVAILABLE = 2;
/** `<unfinished ...>) = ?` or a resumed `= ?`: the process went away during the call. */
export const SP_EXITED = 3;

export const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12];
export const STRACE_MSG = [0x73, 0x74, 0x72, 0x61, 0x63, 0x65, 0x3a, 0x20]; // "strace: "
export const PROCESS = [0x50, 0x72, 0x6f, 0x63, 0x65, 0x73, 0x73, 0x20]; // "Process "
export const UNFINISHED = [0x3c, 0x75, 0x6e, 0x66, 0x69, 0x6e, 0x69, 0x73, 0x68, 0x65, 0x64]; // "<unfinished"
export const ERESTART = [0x45, 0x52, 0x45, 0x53, 0x54, 0x41, 0x52, 0x54]; // "ERESTART"
export const UNAVAILABLE = [0x3c, 0x75, 0x6e, 0x61, 0x76, 0x61, 0x69, 0x6c]; // "<unavail"
export const RESUMED = [0x72, 0x65, 0x73, 0x75, 0x6d, 0x65, 0x64]; // "resumed"

export function at(b: Uint8Array, i: number, e: number, w: readonly number[]): boolean {
  if (i + w.length > e) return false;
  for (let k = 0; k < w.length; k++) if (b[i + k] !== w[k]) return false;
  return true;
}
/** Byte classes: 0 = ordinary. Args: `"` 1, `<` 2, `)` 3, `( [ {` 4, `] }` 5. Annotations: `\\` 1, `<` 2, `>` 3, `[` 4, `]` 5. */
export const ARG_CLASS = new Uint8Array(256);
export const ANN_CLASS = new Uint8Array(256);
ARG_CLASS[0x22] = 1;
ARG_CLASS[0x3c] = 2;
ARG_CLASS[0x29] = 3;
ARG_CLASS[0x28] = ARG_CLASS[0x5b] = ARG_CLASS[0x7b] = 4;
ARG_CLASS[0x5d] = ARG_CLASS[0x7d] = 5;
ANN_CLASS[0x5c] = 1;
ANN_CLASS[0x3c] = 2;
ANN_CLASS[0x3e] = 3;
ANN_CLASS[0x5b] = 4;
ANN_CLASS[0x5d] = 5;
/** The fd number (up to 3 digits) written just before the `<` at i, or -1. */
export function fdBefore(b: Uint8Array, i: number, s: number): number {
  let v = 0;
  let m = 1;
  let k = i - 1;
  while (k >= s && b[k] >= 0x30 && b[k] <= 0x39) {
    if (m === 1000) return -1;
    v += (b[k] - 0x30) * m;
    m *= 10;
    k--;
  }
  return m === 1 ? -1 : v;
}
/**
 * The fd number written just before the `<` at i (any fd, up to 2^31 − 1), or -1: the fd tables' key
 * (fds.ts). fdBefore's three digits bound the annotation cache's array; this one must not lose fd 19998.
 */
export function fdAt(b: Uint8Array, i: number, s: number): number {
  let v = 0;
  let m = 1;
  let k = i - 1;
  while (k >= s && b[k] >= 0x30 && b[k] <= 0x39) {
    if (m === 1e10) return -1;
    v += (b[k] - 0x30) * m;
    m *= 10;
    k--;
  }
  return m === 1 || v > 0x7fffffff ? -1 : v;
}
export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** 1 for [A-Za-z0-9_]. */
const NAME_CHAR = new Uint8Array(256);
for (let c = 0; c < 256; c++) NAME_CHAR[c] = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f ? 1 : 0;
export const isNameChar = (c: number): boolean => NAME_CHAR[c] === 1;

