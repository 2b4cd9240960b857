/**
 * The fp of strace's `%file` calls (the calls that take a file name): docs/FORMATS.md "fp".
 * `*at` calls → the path argument made absolute with the dirfd annotation (`AT_FDCWD</dir>`, `3</dir>`);
 * an empty or NULL path → the dirfd's own annotation (never `AT_FDCWD` alone); plain path calls → their
 * path argument. Runs on the rare metadata lines only, cached per distinct argument bytes by the parser.
 */
import { annotationToPath, decodePath, joinPath } from './paths';

/** A file call's argument positions: `dir` = index of the dirfd argument (-1: none), `path` = the name's. */
export interface FileSpec {
  dir: number;
  path: number;
}

const at = (dir = 0, path = 1): FileSpec => ({ dir, path });
const plain = (path = 0): FileSpec => ({ dir: -1, path });

/** Every call of strace's %file class that this rule maps (open family excluded: it has its own rule). */
export const FILE_CALLS: ReadonlyMap<string, FileSpec> = new Map<string, FileSpec>([
  ...['newfstatat', 'fstatat64', 'statx', 'faccessat', 'faccessat2', 'unlinkat', 'mkdirat', 'mknodat', 'fchmodat', 'fchmodat2', 'fchownat',
    'futimesat', 'utimensat', 'utimensat_time64', 'readlinkat', 'renameat', 'renameat2', 'linkat', 'name_to_handle_at', 'execveat',
    'setxattrat', 'getxattrat', 'listxattrat', 'removexattrat', 'open_tree', 'mount_setattr', 'move_mount'].map((c) => [c, at()] as const),
  ['symlinkat', at(1, 2)],
  ...['stat', 'stat64', 'lstat', 'lstat64', 'oldstat', 'oldlstat', 'access', 'execve', 'unlink', 'mkdir', 'rmdir', 'rename', 'link', 'chdir',
    'chroot', 'truncate', 'truncate64', 'readlink', 'statfs', 'statfs64', 'chmod', 'chown', 'chown32', 'lchown', 'lchown32', 'utime',
    'utimes', 'setxattr', 'lsetxattr', 'getxattr', 'lgetxattr', 'listxattr', 'llistxattr', 'removexattr', 'lremovexattr', 'mknod',
    'uselib', 'acct', 'swapon', 'swapoff'].map((c) => [c, plain()] as const),
  ['symlink', plain(1)],
]);

/**
 * Splits the top-level arguments of [s, e) (quoted strings, `<…>` annotations and brackets skipped) and
 * writes the start and end of the first `max` into `starts`/`ends`; returns how many were found.
 */
export function splitArgs(b: Uint8Array, s: number, e: number, max: number, starts: Int32Array, ends: Int32Array): number {
  let n = 0;
  let i = s;
  while (i < e && b[i] === 0x20) i++;
  let a = i;
  let depth = 0;
  while (i < e && n < max) {
    const c = b[i];
    if (c === 0x22) {
      i++;
      while (i < e && b[i] !== 0x22) i += b[i] === 0x5c ? 2 : 1;
      i++;
    } else if (c === 0x3c) {
      let d = 1;
      i++;
      while (i < e && d > 0) {
        const x = b[i];
        if (x === 0x5c) i++;
        else if (x === 0x3c) d++;
        else if (x === 0x3e) d--;
        i++;
      }
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) {
      depth++;
      i++;
    } else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
      i++;
    } else if (c === 0x2c && depth === 0) {
      starts[n] = a;
      ends[n++] = i;
      i++;
      while (i < e && b[i] === 0x20) i++;
      a = i;
    } else i++;
  }
  if (n < max && a < e) {
    let z = Math.min(i, e);
    while (z > a && b[z - 1] === 0x20) z--;
    starts[n] = a;
    ends[n++] = z;
  }
  return n;
}

/** The annotation content of an fd argument `3</x>` / `AT_FDCWD</x>` ([s, e) of the argument): the path, or null. */
function argAnnotation(b: Uint8Array, s: number, e: number): string | null {
  let i = s;
  while (i < e && b[i] !== 0x3c) i++;
  if (i >= e) return null;
  const c0 = i + 1;
  let z = c0;
  while (z < e && b[z] !== 0x3c && b[z] !== 0x3e) z += b[z] === 0x5c ? 2 : 1;
  return annotationToPath(b, c0, Math.min(z, e));
}

const isAtFdcwd = (b: Uint8Array, s: number, e: number): boolean => e - s >= 8 && b[s] === 0x41 && b[s + 1] === 0x54 && b[s + 2] === 0x5f && b[s + 3] === 0x46;

const starts = new Int32Array(4);
const ends = new Int32Array(4);

/** The end of the bytes of [s, e) that a %file call's fp depends on (its cache key is [s, keyEnd)). */
export function fileKeyEnd(b: Uint8Array, s: number, e: number, spec: FileSpec): number {
  const n = splitArgs(b, s, e, Math.max(spec.dir, spec.path) + 1, starts, ends);
  return n > spec.path ? ends[spec.path] : n > 0 ? ends[n - 1] : s;
}

/** The fp of a %file call with arguments [s, e) (up to the closing `)` or `<unfinished`). */
export function fileCallFp(b: Uint8Array, s: number, e: number, spec: FileSpec): string {
  const n = splitArgs(b, s, e, Math.max(spec.dir, spec.path) + 1, starts, ends);
  if (n <= spec.path) return '';
  const ps = starts[spec.path];
  const pe = ends[spec.path];
  let rel: string | null = null;
  if (b[ps] === 0x22) {
    let q = ps + 1;
    while (q < pe && b[q] !== 0x22) q += b[q] === 0x5c ? 2 : 1;
    rel = decodePath(b, ps + 1, Math.min(q, pe));
  }
  let dir: string | null = null;
  let fdcwd = false;
  if (spec.dir >= 0) {
    const ds = starts[spec.dir];
    const de = ends[spec.dir];
    fdcwd = isAtFdcwd(b, ds, de);
    dir = argAnnotation(b, ds, de);
  }
  if (rel === null || rel === '') return spec.dir >= 0 && !fdcwd && dir !== null ? dir : '';
  if (rel.startsWith('/')) return joinPath('/', rel);
  return dir !== null && dir.startsWith('/') ? joinPath(dir, rel) : rel;
}
