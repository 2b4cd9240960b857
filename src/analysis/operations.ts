/**
 * The call-name meeting point (docs/METHOD.md "Operations: where strace and Darshan meet"; view key `ops=1`,
 * CLI `--ops`): a call named by its operation, so that traces of the same I/O made by different tools give
 * the same activities — strace's `pwrite64` and `write` and Darshan's DXT `POSIX write` are all `write`.
 * A layered name keeps its layer (`hdf5 › pwrite64` → `hdf5 › write`); a call of no class here, and the
 * MPI-IO layer's operations (no system call is one), keep their names.
 */
import { READ_CALLS, WRITE_CALLS } from './access';
import { LAYER_SEP } from './layers/layered';

const CLASSES: readonly (readonly [string, readonly string[]])[] = [
  ['read', [...READ_CALLS]],
  ['write', [...WRITE_CALLS]],
  ['open', ['open', 'openat', 'openat2', 'creat', 'POSIX open']],
  ['seek', ['lseek', 'llseek', '_llseek']],
  ['sync', ['fsync', 'fdatasync', 'sync_file_range', 'syncfs']],
  ['stat', ['stat', 'lstat', 'fstat', 'newfstatat', 'fstatat64', 'statx', 'stat64', 'lstat64', 'fstat64']],
];
const OP: ReadonlyMap<string, string> = new Map(CLASSES.flatMap(([op, calls]) => calls.map((c) => [c, op] as const)));

/** The operation of a call name (`pwrite64` → `write`, `POSIX read` → `read`), else the name itself. */
export function operationOf(name: string): string {
  const k = name.indexOf(LAYER_SEP);
  if (k >= 0) return name.slice(0, k + LAYER_SEP.length) + operationOf(name.slice(k + LAYER_SEP.length));
  return OP.get(name) ?? name;
}

/** The operation classes and their calls (docs, the app's tooltip). */
export const OPERATION_CLASSES = CLASSES;
