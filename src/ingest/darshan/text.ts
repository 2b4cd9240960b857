/**
 * UTF-8 text of a log's strings (names, job record). TextDecoder exists in every runtime this code runs in
 * (Node, browser workers) but not in the ES2022 library the core is typed against.
 */
interface Decoder {
  decode(b: Uint8Array): string;
}
const TD = (globalThis as unknown as { TextDecoder: new (label?: string) => Decoder }).TextDecoder;
const utf8 = new TD('utf-8');

/** The bytes as UTF-8 (an invalid byte → U+FFFD). */
export function text(b: Uint8Array): string {
  return utf8.decode(b);
}

/** The NUL-terminated string at [from, to) (to = its end when there is no NUL). */
export function cString(b: Uint8Array, from: number, to: number): string {
  let end = b.indexOf(0, from);
  if (end < 0 || end > to) end = to;
  return utf8.decode(b.subarray(from, end));
}
