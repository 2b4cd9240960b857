/**
 * The "system files" group of the mapping (docs/FORMATS.md, "Mapping, DFG and statistics"): what a
 * program touches because it runs on an OS and an MPI library, not because of the I/O it was written to do.
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

/** Top-level directories of the OS: libraries, configuration, kernel interfaces, devices, runtime state. */
const SYSTEM_ROOTS = new Set(['usr', 'etc', 'proc', 'sys', 'dev', 'run', 'bin', 'sbin', 'boot', 'var']);
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
