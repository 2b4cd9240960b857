/**
 * The slower string code of the strace importer, used once per distinct annotation or for rare lines:
 * turning an annotation into a path, and the path argument of a failed open made absolute.
 */
import { decodeEscaped } from './bytes';

const DELETED = ' (deleted)';

/** The fp string of a `-y` annotation's content: escapes decoded, a trailing ` (deleted)` removed. */
export function annotationToPath(b: Uint8Array, s: number, e: number): string {
  let p = decodePath(b, s, e);
  if (p.endsWith(DELETED) && p.length > DELETED.length) p = p.slice(0, -DELETED.length);
  return p;
}

/**
 * A path's escaped bytes decoded (decodeEscaped); a NUL (which no real path holds: it only comes from a
 * damaged or crafted trace) is kept visible as the two characters `\0`, so that no store of C strings (the
 * HDF5 string tables) can cut the path there.
 */
export function decodePath(b: Uint8Array, s: number, e: number): string {
  const p = decodeEscaped(b, s, e);
  return p.includes('\0') ? p.split('\0').join('\\0') : p;
}

/** Lexically joins a relative path onto an absolute directory, resolving `.` and `..`. */
export function joinPath(dir: string, rel: string): string {
  const parts: string[] = [];
  const add = (p: string): void => {
    for (const seg of p.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') parts.pop();
      else parts.push(seg);
    }
  };
  if (!rel.startsWith('/')) add(dir);
  add(rel);
  return '/' + parts.join('/');
}

/**
 * The path argument of an open-family call: the first top-level quoted string in [s, e), decoded.
 * Made absolute with the dirfd annotation `dir` when it is relative and `dir` is an absolute path;
 * kept as given otherwise (plain `open("rel")` with no known cwd). '' when there is no string argument.
 */
export function openPathArgument(b: Uint8Array, s: number, e: number, dir: string | null): string {
  let i = s;
  let depth = 0;
  while (i < e) {
    const c = b[i];
    if (c === 0x22) {
      const q = i + 1;
      i = q;
      while (i < e && b[i] !== 0x22) i += b[i] === 0x5c ? 2 : 1;
      if (depth !== 0) {
        i++;
        continue;
      }
      const rel = decodePath(b, q, Math.min(i, e));
      if (rel === '') return '';
      if (rel.startsWith('/')) return joinPath('/', rel);
      return dir !== null && dir.startsWith('/') ? joinPath(dir, rel) : rel;
    }
    if (c === 0x3c) {
      // skip an annotation
      let d = 1;
      i++;
      while (i < e && d > 0) {
        if (b[i] === 0x5c) i++;
        else if (b[i] === 0x3c) d++;
        else if (b[i] === 0x3e) d--;
        i++;
      }
      continue;
    }
    if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if ((c === 0x29 || c === 0x5d || c === 0x7d) && depth > 0) depth--;
    i++;
  }
  return '';
}
