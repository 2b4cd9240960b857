/** Call classes of the insight rules (docs/METHOD.md, "Insights": which calls count as what). */

export const C_OTHER = 0;
export const C_READ = 1;
export const C_WRITE = 2;
export const C_OPEN = 3;
export const C_CLOSE = 4;
export const C_SEEK = 5;
export const C_SYNC = 6;
/** Calls that name a file and ask about it or change the namespace: stat, access, readlink, unlink, … */
export const C_NAME = 7;
/** Directory listing. */
export const C_DIR = 8;
/** Program start: execve (a PATH search shows as its failures). */
export const C_EXEC = 9;
/** Metadata calls on an open descriptor (no name lookup): fstat, ftruncate, fchmod, … */
export const C_FDMETA = 10;

// aio_*: the libaio requests of io_submit lines (docs/FORMATS.md "libaio requests")
const READ = ['read', 'pread64', 'readv', 'preadv', 'preadv2', 'aio_pread', 'aio_preadv'];
const WRITE = ['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2', 'aio_pwrite', 'aio_pwritev'];
const OPEN = ['open', 'openat', 'openat2', 'creat'];
const SEEK = ['lseek', '_llseek', 'llseek'];
const SYNC = ['fsync', 'fdatasync', 'sync_file_range', 'sync_file_range2', 'syncfs'];
const NAME = [
  'stat', 'lstat', 'stat64', 'lstat64', 'newfstatat', 'fstatat64', 'statx', 'statfs', 'statfs64',
  'access', 'faccessat', 'faccessat2', 'readlink', 'readlinkat',
  'unlink', 'unlinkat', 'mkdir', 'mkdirat', 'rmdir', 'rename', 'renameat', 'renameat2', 'link', 'linkat', 'symlink', 'symlinkat',
  'chmod', 'fchmodat', 'chown', 'lchown', 'fchownat', 'utime', 'utimes', 'futimesat', 'utimensat',
  'truncate', 'mknod', 'mknodat', 'chdir', 'chroot', 'name_to_handle_at',
  'getxattr', 'lgetxattr', 'setxattr', 'lsetxattr', 'listxattr', 'llistxattr', 'removexattr', 'lremovexattr',
];
const FDMETA = ['fstat', 'fstat64', 'fstatfs', 'fstatfs64', 'ftruncate', 'fchmod', 'fchown', 'fchdir', 'fgetxattr', 'fsetxattr', 'flistxattr', 'fremovexattr'];
const DIR = ['getdents', 'getdents64'];
const EXEC = ['execve', 'execveat'];

const CLASS = new Map<string, number>();
for (const [names, c] of [[READ, C_READ], [WRITE, C_WRITE], [OPEN, C_OPEN], [['close'], C_CLOSE], [SEEK, C_SEEK], [SYNC, C_SYNC], [NAME, C_NAME], [FDMETA, C_FDMETA], [DIR, C_DIR], [EXEC, C_EXEC]] as const) {
  for (const n of names) CLASS.set(n, c);
}

export function callClass(name: string): number {
  return CLASS.get(name) ?? C_OTHER;
}

/** Darshan's metadata time: open, close, stat-type, seek, directory calls (not execve: Darshan never sees it). */
export function isMetaClass(c: number): boolean {
  return c === C_OPEN || c === C_CLOSE || c === C_SEEK || c === C_NAME || c === C_FDMETA || c === C_DIR;
}

/** T01's "stat/open/access/readlink-type" calls: the ones that look a name up. */
export function isLookupClass(c: number): boolean {
  return c === C_OPEN || c === C_NAME || c === C_EXEC;
}

export const READ_CALLS: readonly string[] = READ;
export const WRITE_CALLS: readonly string[] = WRITE;
export const OPEN_CALLS: readonly string[] = OPEN;
export const SEEK_CALLS: readonly string[] = SEEK;
export const SYNC_CALLS: readonly string[] = SYNC;
export const LOOKUP_CALLS: readonly string[] = [...OPEN, ...NAME, ...EXEC];
export const META_CALLS: readonly string[] = [...OPEN, 'close', ...SEEK, ...NAME, ...FDMETA, ...DIR];
export const NAME_CALLS: readonly string[] = NAME;
