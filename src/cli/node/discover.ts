/**
 * The file-system walk behind the CLI's PATH arguments (stat and readdir only): per argument, in order, the
 * files found with their sizes and real paths, or the problem met. What each file is read as (sniffed,
 * grouped into multi-file traces) the Session decides (src/ingest/inputs.ts).
 */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ByteSource } from '../../ingest/source';
import type { PathInput, PathInputs, Skipped } from '../../ingest/inputs';
import { fsSource } from './fsSource';

/** A folder the walk cannot read (the top folder of an argument). */
class Unreadable extends Error {}

/**
 * Regular files under `dir`, depth first, names sorted; hidden entries skipped, symlinked folders not
 * followed. A sub-folder that cannot be read is noted in `bad` and skipped; the top folder is an error.
 */
function walk(dir: string, out: string[], bad: Skipped[], top = true): void {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    if (top) throw new Unreadable(`cannot read folder ${dir} (${why})`);
    bad.push({ name: dir, reason: `cannot read (${why})` });
    return;
  }
  for (const n of names) {
    if (n.startsWith('.')) continue; // hidden files and folders (.git, .DS_Store, …)
    const p = join(dir, n);
    let st;
    try {
      st = lstatSync(p);
      if (st.isSymbolicLink()) st = statSync(p);
    } catch {
      continue; // dangling link
    }
    if (st.isDirectory()) {
      if (!lstatSync(p).isSymbolicLink()) walk(p, out, bad, false);
    } else if (st.isFile()) out.push(p);
  }
}

/** The files of `dir` and of its direct sub-folders (where a bundle's members sit), hidden ones left out. */
function nearFiles(dir: string): string[] {
  const out: string[] = [];
  const list = (d: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      if (n.startsWith('.')) continue;
      const f = join(d, n);
      try {
        const st = statSync(f);
        if (st.isFile()) out.push(f);
        else if (st.isDirectory() && depth === 0) list(f, 1);
      } catch {
        // dangling link
      }
    }
  };
  list(dir, 0);
  return out;
}

/** A path's real path (a file named twice, via its folder or through a symbolic link, is read once). */
function key(f: string): string {
  try {
    return realpathSync(f);
  } catch {
    return resolve(f);
  }
}

/** One PATH argument walked: a folder's files, a file with its neighbours on demand, or the problem met. */
function walkPath(p: string, folders: Skipped[]): PathInput {
  let st;
  try {
    st = statSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { path: p, key: key(p), error: code === 'ENOENT' ? `no such file or folder: ${p}` : `cannot open ${p} (${code ?? (e as Error).message})` };
  }
  if (st.isDirectory()) {
    const found: string[] = [];
    try {
      walk(p, found, folders);
    } catch (e) {
      if (e instanceof Unreadable) return { path: p, key: key(p), error: e.message };
      throw e;
    }
    if (found.length === 0) return { path: p, key: key(p), error: `folder ${p} holds no files${folders.length ? ` it can read (${folders.length} unreadable sub-folder${folders.length === 1 ? '' : 's'})` : ''}` };
    const top = basename(p.replace(/[\\/]+$/, '')) || p;
    return { path: p, key: key(p), folder: { files: found.map((f) => ({ source: fsSource(f, join(top, relative(p, f)), statSync(f).size), key: key(f) })) } };
  }
  if (st.isFile()) {
    const dir = dirname(p);
    const near = (): ByteSource[] => nearFiles(dir).filter((f) => resolve(f) !== resolve(p)).map((f) => fsSource(f, join(dir, relative(dir, f))));
    return { path: p, key: key(p), file: { source: fsSource(p, p, st.size), near } };
  }
  return { path: p, key: key(p), error: `${p} is not a file or a folder` };
}

/**
 * The files behind PATH arguments, for the Session to read (src/ingest/inputs.ts identifyInputs, which
 * throws what was met here in the arguments' order): never throws for a path.
 */
export function discover(paths: readonly string[], opts: { output?: string } = {}): PathInputs {
  const folders: Skipped[] = [];
  return { paths: paths.map((p) => walkPath(p, folders)), folders, output: opts.output === undefined ? null : key(opts.output) };
}
