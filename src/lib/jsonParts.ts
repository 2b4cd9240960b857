/**
 * JSON written in parts: the same text as `JSON.stringify(value, null, indent)` for plain data (objects,
 * arrays, strings, numbers, booleans, null; undefined and functions skipped as JSON.stringify does), handed
 * to `write` in pieces of about `chunk` characters, so a document with millions of entries never becomes
 * one string (V8 strings stop at 2^29 − 24 characters: "Invalid string length").
 */
export interface JsonPartsOptions {
  indent?: number;
  /** Characters per part (about: a single long string value is one part). */
  chunk?: number;
}

/** Writes `value` as JSON to `write`; returns the number of characters written. */
export function writeJsonParts(value: unknown, write: (part: string) => void, opts: JsonPartsOptions = {}): number {
  const indent = opts.indent ?? 0;
  const chunk = opts.chunk ?? 1 << 16;
  let buf: string[] = [];
  let len = 0;
  let total = 0;
  const put = (s: string): void => {
    buf.push(s);
    len += s.length;
    if (len >= chunk) flush();
  };
  /** A block of text: a part of its own when it would make the current part longer than `chunk`. */
  const putBlock = (s: string): void => {
    if (len > 0 && len + s.length > chunk) flush();
    put(s);
  };
  /** Elements per native block (adapted to the elements' length so that a block is about chunk / 2). */
  let block = 16;
  const flush = (): void => {
    if (len === 0) return;
    write(buf.join(''));
    total += len;
    buf = [];
    len = 0;
  };
  const pads: string[] = [];
  const nl = (depth: number): string => (indent === 0 ? '' : (pads[depth] ??= '\n' + ' '.repeat(indent * depth)));
  const skipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';
  const emit = (v: unknown, depth: number): void => {
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON(): unknown }).toJSON();
    if (v === null || typeof v !== 'object') {
      put(typeof v === 'bigint' ? String(v) : (JSON.stringify(v) ?? 'null'));
      return;
    }
    if (Array.isArray(v)) {
      if (v.length === 0) return put('[]');
      put('[');
      for (let i = 0; i < v.length; ) {
        // a run of flat elements (a variant trace: strings and [activity, n] pairs) is written by the
        // engine's JSON.stringify, a block at a time: the same text, several times faster
        const j = flatRun(v, i, block);
        if (j > i) {
          // the block nested `depth` arrays deep: the engine then indents its elements as they stand here
          // (no pass over the text to re-indent it); `outer`: the characters of the nesting after the block
          let nested: unknown = v.slice(i, j);
          for (let d = 0; d < depth; d++) nested = [nested];
          const s = JSON.stringify(nested, null, indent);
          const outer = indent === 0 ? depth : indent * ((depth * (depth - 1)) / 2) + 2 * depth;
          // … "[" + (newline + element) … + newline + "]" … → the elements with their separators
          putBlock((i === 0 ? '' : ',') + s.slice(outer + indent * depth + 1, s.length - outer - nl(depth).length - 1));
          block = Math.max(1, Math.min(MAX_BLOCK, Math.floor(chunk / 2 / Math.max(1, s.length / (j - i)))));
          i = j;
          continue;
        }
        put(i === 0 ? nl(depth + 1) : ',' + nl(depth + 1));
        const x: unknown = v[i++];
        if (skipped(x)) put('null');
        else emit(x, depth + 1);
      }
      put(nl(depth) + ']');
      return;
    }
    let first = true;
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      if (skipped(x)) continue;
      put((first ? '{' : ',') + nl(depth + 1) + JSON.stringify(k) + (indent ? ': ' : ':'));
      first = false;
      emit(x, depth + 1);
    }
    put(first ? '{}' : nl(depth) + '}');
  };
  emit(value, 0);
  flush();
  return total;
}

/** `writeJsonParts` collected: the parts of the text (a Blob takes them as they are). */
export function jsonParts(value: unknown, opts: JsonPartsOptions = {}): string[] {
  const parts: string[] = [];
  writeJsonParts(value, (p) => parts.push(p), opts);
  return parts;
}

/** The most elements per block of flat elements written at once. */
const MAX_BLOCK = 4096;

/** An element JSON.stringify writes exactly as writeJsonParts would: a string, number, boolean or null
 * (undefined, functions and symbols become null in arrays alike; a bigint, which JSON.stringify rejects, is not flat). */
const flatValue = (x: unknown): boolean => x === null || (typeof x !== 'object' && typeof x !== 'bigint');

/** The end of the run of flat elements from `i` (at most `max` of them): flat values and short arrays of them. */
function flatRun(v: readonly unknown[], i: number, max: number): number {
  const end = Math.min(v.length, i + max);
  let j = i;
  for (; j < end; j++) {
    const x = v[j];
    if (flatValue(x)) continue;
    if (!Array.isArray(x) || x.length > 16) break;
    let ok = true;
    for (let k = 0; k < x.length && ok; k++) ok = flatValue(x[k]);
    if (!ok) break;
  }
  return j;
}
