/**
 * The one definition of consecutive / sequential / random (docs/METHOD.md "Access patterns"), as Darshan's
 * POSIX module counts it: per process, file and direction, `last` is the last byte of the previous
 * successful request — 0 before the first — and a request at `offset` is consecutive when
 * `offset = last + 1`, sequential (Darshan's SEQ minus CONSEC) when `offset > last + 1`, random otherwise
 * (so a first request at offset 0 is random, one at offset > 0 sequential); then `last = offset + size − 1`.
 * The Files table, `nodes.*.access`, the offsets view's counts and the insight rules all call these.
 */

export const K_CONSEC = 0;
export const K_SEQ = 1;
export const K_RANDOM = 2;

/** The kind of a request at `offset` after one whose last byte was `last` (0 before the first request). */
export function accessKind(offset: number, last: number): number {
  return offset === last + 1 ? K_CONSEC : offset > last ? K_SEQ : K_RANDOM;
}

/** The last byte of a request of `size` bytes at `offset` (a 0-byte read at EOF leaves `offset − 1`, as in Darshan). */
export function lastByte(offset: number, size: number): number {
  return offset + size - 1;
}
