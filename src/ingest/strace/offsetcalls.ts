/**
 * The calls the fd tracker (fds.ts) follows: the offset class (OC_*) of a call name, and the facts of a
 * call's argument text the tracker needs — the AF_* flags it names (open flags, clone flags, fcntl
 * commands) and its tail numbers (the offset arguments of the positional calls).
 */

export const OC_NONE = 0;
export const OC_READ = 1;
export const OC_WRITE = 2;
export const OC_PREAD = 3;
export const OC_PWRITE = 4;
export const OC_PREAD2 = 5;
export const OC_PWRITE2 = 6;
export const OC_LSEEK = 7;
export const OC_LLSEEK = 8;
export const OC_OPEN = 9;
export const OC_DUP = 10;
export const OC_FCNTL = 11;
export const OC_CLOSE = 12;
export const OC_CLONE = 13;
export const OC_EXEC = 14;
export const OC_SENDFILE = 15;
export const OC_COPY = 16;
export const OC_FORGET = 17;

const CLASSES: Record<string, number> = {
  read: OC_READ, readv: OC_READ, write: OC_WRITE, writev: OC_WRITE,
  pread64: OC_PREAD, preadv: OC_PREAD, pwrite64: OC_PWRITE, pwritev: OC_PWRITE,
  preadv2: OC_PREAD2, pwritev2: OC_PWRITE2, lseek: OC_LSEEK, _llseek: OC_LLSEEK,
  open: OC_OPEN, openat: OC_OPEN, openat2: OC_OPEN, creat: OC_OPEN,
  dup: OC_DUP, dup2: OC_DUP, dup3: OC_DUP, fcntl: OC_FCNTL, fcntl64: OC_FCNTL, close: OC_CLOSE,
  clone: OC_CLONE, clone3: OC_CLONE, fork: OC_CLONE, vfork: OC_CLONE, execve: OC_EXEC, execveat: OC_EXEC,
  sendfile: OC_SENDFILE, sendfile64: OC_SENDFILE, copy_file_range: OC_COPY, splice: OC_COPY,
  getdents: OC_FORGET, getdents64: OC_FORGET,
};

/** Whether a call of class oc needs its AF_* flags (argFlags) or its tail numbers (tailNumbers). */
export const needsFlags = (oc: number): boolean => oc === OC_OPEN || oc === OC_FCNTL || oc === OC_CLONE;
export const needsTail = (oc: number): boolean => oc >= OC_PREAD && oc <= OC_PWRITE2;

/** The offset class of a call name (OC_NONE for calls that neither use nor move a position). */
export function offsetClass(call: string): number {
  return CLASSES[call] ?? OC_NONE;
}

/** Argument flags seen in a call's text (open flags, clone flags, fcntl commands). */
export const AF_APPEND = 1;
export const AF_FILES = 2;
export const AF_DUPFD = 4;
export const AF_SETFL = 8;
export const AF_THREAD = 16;
/** O_DIRECT (a whole word: not O_DIRECTORY). */
export const AF_DIRECT = 32;
const WORDS: [string, number][] = [['O_APPEND', AF_APPEND], ['CLONE_FILES', AF_FILES], ['F_DUPFD', AF_DUPFD], ['F_SETFL', AF_SETFL], ['CLONE_THREAD', AF_THREAD], ['O_DIRECT', AF_DIRECT]];
const WORD_BYTES = WORDS.map(([w, f]) => [Uint8Array.from(w, (c) => c.charCodeAt(0)), f] as const);
/** A capital letter or underscore: a flag word goes on (O_DIRECTORY is not O_DIRECT). */
const wordGoesOn = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || c === 0x5f;

/** The AF_* flags named in [s, e) outside quoted strings (only for open, clone, fcntl lines). */
export function argFlags(b: Uint8Array, s: number, e: number): number {
  let f = 0;
  for (let i = s; i < e; i++) {
    const c = b[i];
    if (c === 0x22) {
      i++;
      while (i < e && b[i] !== 0x22) i += b[i] === 0x5c ? 2 : 1;
      continue;
    }
    if (c !== 0x4f && c !== 0x43 && c !== 0x46) continue; // O C F
    for (const [w, flag] of WORD_BYTES) {
      if (b[i] !== w[0] || i + w.length > e) continue;
      let k = 1;
      while (k < w.length && b[i + k] === w[k]) k++;
      if (k === w.length && (flag !== AF_DIRECT || !wordGoesOn(b[i + k]))) f |= flag;
    }
  }
  return f;
}

/** The last and second-last integer arguments at the end of [s, e) (NaN when not integers). */
export function tailNumbers(b: Uint8Array, s: number, e: number, out: Float64Array): void {
  out[0] = out[1] = NaN;
  let i = e;
  for (let k = 0; k < 2; k++) {
    while (i > s && b[i - 1] === 0x20) i--;
    let v = 0;
    let m = 1;
    const z = i;
    while (i > s && b[i - 1] >= 0x30 && b[i - 1] <= 0x39) {
      v += (b[--i] - 0x30) * m;
      m *= 10;
    }
    if (i === z) return;
    if (i > s && b[i - 1] === 0x2d) {
      i--;
      v = -v;
    }
    if (i > s && b[i - 1] !== 0x20 && b[i - 1] !== 0x2c && b[i - 1] !== 0x28) return;
    out[k] = v;
    while (i > s && b[i - 1] === 0x20) i--;
    if (i > s && b[i - 1] === 0x2c) i--;
    else return;
  }
}

/**
 * Whether a trace's positions can be followed: lseek is among its calls, or something shows the trace was
 * not narrowed to a list without it — process and memory calls (not in %file or %desc: an unfiltered trace)
 * or descriptor calls only the %desc class brings (and %desc includes lseek). False for `-e trace=` lists
 * such as `openat,read,write,close`: a program may have moved its positions with lseeks nobody saw.
 */
export function lseekTraced(calls: readonly string[]): boolean {
  return calls.some((c) => SEEK_WITNESS.has(c));
}
const SEEK_WITNESS = new Set([
  'lseek', '_llseek', 'llseek',
  'brk', 'mprotect', 'munmap', 'arch_prctl', 'set_tid_address', 'set_robust_list', 'rseq', 'prlimit64', 'rt_sigaction', 'rt_sigprocmask', 'getrandom',
  'fcntl', 'fcntl64', 'ioctl', 'fstat', 'fstat64', 'dup', 'dup2', 'dup3', 'pipe', 'pipe2', 'poll', 'ppoll', 'select', 'pselect6',
  'epoll_wait', 'epoll_pwait', 'epoll_ctl', 'eventfd2', 'fadvise64', 'fallocate', 'ftruncate', 'getdents', 'getdents64', 'flock', 'fstatfs',
]);

/** The calls whose offset is the descriptor's position (unknown when lseek was not traced). */
export const usesPosition = (oc: number): boolean => oc === OC_READ || oc === OC_WRITE || oc === OC_SENDFILE;
