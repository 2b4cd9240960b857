/**
 * Whose file it is — the one notion the graph and the insights share (docs/METHOD.md "Whose I/O"):
 * - **system** files (`isSystemPath`): what a program touches because it runs on an OS and an MPI library —
 *   the OS directories, devices, /proc and /sys, the MPI/PMIx session directories, descriptors without a
 *   path. The mapping's "system files" group (docs/FORMATS.md, "Mapping, DFG and statistics") hides them.
 * - **runtime** files (`isRuntimePath`): the dynamic loader's and the interpreters' files wherever they are
 *   installed (shared objects, Python modules and bytecode, package directories): start-up, not the I/O
 *   the program was written to do. The graph shows them; the insights leave them out of the application.
 * - **application** files (`isAppPath`): every other absolute path — the files the insight rules judge.
 */

const KIND_RE = /^([A-Za-z][\w.+-]*):(\[.*\]|[\w.-]+)$/;

/** `pipe:[7]` → `pipe`, `TCP:[1.2.3.4:5->6.7.8.9:10]` → `TCP`, `anon_inode:inotify` → `anon_inode`; null for paths. */
export function annotationKind(fp: string): string | null {
  if (fp.startsWith('/')) return null;
  const m = KIND_RE.exec(fp);
  return m ? m[1] : null;
}

/** How the mapping treats system files: as any path, one activity per call (`openat:(system)`), or left out.
 * `auto`: hide when the trace touches user files, else show. */
export type SystemMode = 'auto' | 'show' | 'collapse' | 'hide';
export const SYSTEM_MODES: readonly SystemMode[] = ['auto', 'show', 'collapse', 'hide'];

/** The path part of a collapsed system-file activity. */
export const SYSTEM_PATH = '(system)';

/** Top-level directories of the OS: libraries, configuration, kernel interfaces, devices, runtime state,
 * installed software (/opt; Darshan excludes it too). */
const SYSTEM_ROOTS = new Set(['usr', 'etc', 'proc', 'sys', 'dev', 'run', 'bin', 'sbin', 'boot', 'var', 'opt']);
/** MPI / PMIx session directories under /tmp (Open MPI ≤ 4 `ompi.HOST.UID`, `openmpi-sessions-…`, PRRTE
 * `prte.HOST.UID`, PMIx `pmix.…`, `pmix-…`, `.pmix…`, MPICH/Hydra `hydra…`). /dev/shm is under /dev. */
const MPI_TMP = /^\/tmp\/(?:ompi\.|openmpi-sessions-|prte\.|\.?pmix[-._]|hydra|mpich)/;

/** Per-user MPI configuration and state: `~/.openmpi/mca-params.conf`, `~/.pmix`, `~/.prte`. */
const MPI_HOME = /\/\.(?:openmpi|pmix|prte)(?:\/|$)/;

/** Whether an fp (a path, or a `pipe:[…]`/`socket:[…]`/`anon_inode:…` annotation) is a system file. */
export function isSystemPath(fp: string): boolean {
  if (fp === '') return false;
  if (!fp.startsWith('/')) return annotationKind(fp) !== null;
  const end = fp.indexOf('/', 1);
  const top = end < 0 ? fp.slice(1) : fp.slice(1, end);
  if (SYSTEM_ROOTS.has(top)) return !(top === 'var' && !/^\/var\/(?:lib|cache|log|run|lock)(?:\/|$)/.test(fp));
  if (/^lib(?:32|64|x32)?$/.test(top)) return true;
  return fp === '/' || fp === '/tmp' || MPI_TMP.test(fp) || MPI_HOME.test(fp);
}

/** Shared objects (`libfoo.so`, `libfoo.so.1.2`), Python modules, bytecode and package directories, `.pth` files. */
const RUNTIME_RE = /\.so(?:\.\d+)*$|\.py[cdo]?$|\.pth$|\/__pycache__(?:\/|$)|\/(?:site|dist)-packages(?:\/|$)|\/glibc-hwcaps(?:\/|$)/;

/** Whether a path is a runtime file: the loader's or an interpreter's, wherever installed (see above). */
export function isRuntimePath(fp: string): boolean {
  return RUNTIME_RE.test(fp);
}

/** Whether an fp is one of the application's own files: an absolute path neither system nor runtime. */
export function isAppPath(fp: string): boolean {
  return fp.startsWith('/') && !isSystemPath(fp) && !isRuntimePath(fp);
}
