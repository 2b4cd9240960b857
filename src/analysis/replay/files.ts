/**
 * The files of a replay (docs/FORMATS.md "The replay folder"): each path's name under the replay root, and
 * what run.sh prepares before the cases run — the directories the run needs but does not make, and the
 * files it uses before making them (created with the size the replay reads of them).
 */
import type { PlanCase, PlanFile } from './types';

/** Prefix of the names given to paths fio cannot carry in its I/O log. */
export const MAPPED_DIR = '.strace-dfg';

/** Bytes of a string in UTF-8. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return n;
}

/** Whether fio's I/O log (`%256s` fields, root prefixed) and the metadata list can carry this path as it is. */
export function safeName(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  return path.startsWith('/') && !/[\s\x00-\x1f\x7f]/.test(path) && utf8Length(path) <= 200 && !path.startsWith(`/${MAPPED_DIR}`);
}

/** Meta actions that need the file to exist already (when they succeed). */
const NEEDS_FILE = new Set(['stat', 'access', 'unlink', 'rename', 'truncate', 'chmod', 'chown', 'utime', 'readlink', 'link', 'xattr', 'statfs']);

const ancestors = (p: string): string[] => {
  const out: string[] = [];
  for (let k = p.lastIndexOf('/'); k > 0; k = p.lastIndexOf('/', k - 1)) out.push(p.slice(0, k));
  return out;
};

interface FirstUse {
  read: number;
  write: number;
  /** The first successful metadata action and its time. */
  meta: string;
  metaT: number;
}

/** Per path: in how many cases it was used as an existing file before being written or created, and the read extent. */
function usage(cases: readonly PlanCase[]): { existed: Set<string>; extent: Map<string, number> } {
  const existed = new Set<string>();
  const extent = new Map<string, number>();
  for (const c of cases) {
    const first = new Map<string, FirstUse>();
    const get = (p: string): FirstUse => {
      let f = first.get(p);
      if (!f) first.set(p, (f = { read: Infinity, write: Infinity, meta: '', metaT: Infinity }));
      return f;
    };
    for (const l of c.io) {
      if (l.kind === 'read') {
        const f = get(l.path);
        if (l.t < f.read) f.read = l.t;
        extent.set(l.path, Math.max(extent.get(l.path) ?? 0, l.offset + l.size));
      } else if (l.kind === 'write') {
        const f = get(l.path);
        if (l.t < f.write) f.write = l.t;
      }
    }
    for (const m of c.meta) {
      if (m.errno !== '') continue;
      const f = get(m.path);
      if (m.t < f.metaT) {
        f.metaT = m.t;
        f.meta = m.action;
      }
    }
    for (const [p, f] of first) {
      const byRead = f.read <= f.write && f.read < Infinity && !(f.metaT < f.read && !NEEDS_FILE.has(f.meta));
      const byMeta = f.metaT <= f.write && NEEDS_FILE.has(f.meta) && !(f.read < f.metaT);
      if (byRead || byMeta) existed.add(p);
    }
  }
  return { existed, extent };
}

export function planFiles(cases: readonly PlanCase[], dirs: ReadonlySet<string>): PlanFile[] {
  const used = new Set<string>();
  const made = new Set<string>();
  for (const c of cases) {
    for (const l of c.io) used.add(l.path);
    for (const m of c.meta) {
      used.add(m.path);
      if (m.action === 'mkdir' && m.errno === '') made.add(m.path);
    }
  }
  const { existed, extent } = usage(cases);
  const underMade = (p: string): boolean => made.has(p) || ancestors(p).some((a) => made.has(a));
  const prepDirs = new Set<string>();
  const prepFiles = new Map<string, number>();
  for (const p of used) {
    for (const a of ancestors(p)) {
      if (prepDirs.has(a)) break;
      if (!underMade(a)) prepDirs.add(a);
    }
    if (dirs.has(p)) {
      if (!underMade(p)) prepDirs.add(p);
      continue;
    }
    if (!underMade(p) && existed.has(p)) prepFiles.set(p, extent.get(p) ?? 0);
  }
  const all = [...new Set([...used, ...prepDirs])].sort();
  let mapped = 0;
  return all.map((path) => ({
    path,
    name: safeName(path) ? path.slice(1) : `${MAPPED_DIR}/${++mapped}`,
    prepare: prepDirs.has(path) ? 'dir' : prepFiles.has(path) ? 'file' : null,
    size: prepFiles.get(path) ?? 0,
  }));
}
