/** Finding the trace files behind the CLI's PATH arguments: each is sniffed once by the importer registry. */
import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { bundleSources, gatherSources } from '../../ingest/bundle';
import { bundleRules, identifyOrWhy, IMPORTERS, namedLikeTrace, type Identified } from '../../ingest/registry';
import type { ByteSource } from '../../ingest/source';
import { CliError } from '../errors';
import { fsSource } from './fsSource';
import { nodeInflate } from './gunzip';

export interface Found {
  /** The source with its importer and head (read once, handed to the Session). */
  item: Identified;
  /** Named on the command line (its errors are fatal) rather than found in a folder (skipped with a note). */
  explicit: boolean;
}

export interface Skipped {
  name: string;
  reason: string;
}

export interface Discovery {
  files: Found[];
  /** Files inside folders that are plainly not traces (neither sniffed nor named as one: README, JSON, scripts). */
  skipped: Skipped[];
  /** Sub-folders that could not be read (skipped like an unreadable file). */
  folders: Skipped[];
  /** Files inside folders that look like traces by name (`.st`, `.h5`, `{cid}_{host}_{rid}`) but are not read. */
  failed: Skipped[];
  /** Files inside folders that are the command's own output (`convert DIR -o DIR/out.h5`): not read. */
  excluded: string[];
}

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
    if (top) throw new CliError(`cannot read folder ${dir} (${why})`);
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

/**
 * What a file named on the command line is read as: an archive (`.tar`, `.tar.gz`, `.tgz`, `.zip`) as the
 * files it holds, the anchor of a multi-file trace (OTF2 `traces.otf2`) with its members from its folder,
 * any other file as itself. Files of an archive that belong to no trace in it are noted in `failed`.
 */
async function explicitSources(p: string, size: number, failed: Skipped[]): Promise<ByteSource[]> {
  const source = fsSource(p, p, size);
  const rules = bundleRules();
  if (rules.some((r) => r.anchor(p))) {
    const dir = dirname(p);
    const near = nearFiles(dir);
    const candidates = near.filter((f) => resolve(f) !== resolve(p)).map((f) => fsSource(f, join(dir, relative(dir, f))));
    return [bundleSources([source, ...candidates], rules).sources[0]];
  }
  const g = await gatherSources([source], rules, nodeInflate);
  if (g.sources.length === 1 && g.sources[0] === source) {
    if (g.orphans.length) throw new CliError(g.orphans[0].message);
    return [source];
  }
  if (!g.sources.length) throw new CliError(g.orphans[0]?.message ?? `${p}: the archive holds no trace files`);
  for (const o of g.orphans) failed.push({ name: o.file, reason: o.message.replace(/^.*?: /, '') });
  return g.sources;
}

/**
 * The input files behind PATH arguments. Throws CliError for a missing path, an empty folder, a folder
 * without traces, or a file named on the command line that is not a trace.
 */
export async function discover(paths: readonly string[], opts: { output?: string } = {}): Promise<Discovery> {
  const files: Found[] = [];
  const excluded: string[] = [];
  const skipped: Skipped[] = [];
  const folders: Skipped[] = [];
  // real paths: a file named twice, via its folder or through a symbolic link is read once
  const seen = new Set<string>();
  const key = (f: string): string => {
    try {
      return realpathSync(f);
    } catch {
      return resolve(f);
    }
  };
  const failed: Skipped[] = [];
  const outKey = opts.output === undefined ? null : key(opts.output);
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new CliError(code === 'ENOENT' ? `no such file or folder: ${p}` : `cannot open ${p} (${code ?? (e as Error).message})`);
    }
    if (st.isDirectory()) {
      const found: string[] = [];
      walk(p, found, folders);
      if (found.length === 0) throw new CliError(`folder ${p} holds no files${folders.length ? ` it can read (${folders.length} unreadable sub-folder${folders.length === 1 ? '' : 's'})` : ''}`);
      const top = basename(p.replace(/[\\/]+$/, '')) || p;
      let traces = 0;
      const notTraces: Skipped[] = [];
      // the files of one multi-file trace (an OTF2 archive) go together (src/ingest/bundle.ts)
      const sources = found.map((f) => fsSource(f, join(top, relative(p, f)), statSync(f).size));
      const bundled = await gatherSources(sources, bundleRules(), nodeInflate);
      for (const o of bundled.orphans) notTraces.push({ name: o.file, reason: o.message.replace(/^.*?: /, '') });
      for (const source of bundled.sources) {
        const name = source.name;
        if (outKey !== null && source.path && key(source.path) === outKey) {
          excluded.push(name);
          continue;
        }
        const kind = await identifyOrWhy(source, IMPORTERS, nodeInflate);
        if (!('importer' in kind)) {
          notTraces.push({ name, reason: kind.reason });
          continue;
        }
        traces++;
        const k = source.path ? key(source.path) : `${key(p)}#${name}`; // archive members have no path
        if (!seen.has(k)) files.push({ item: kind, explicit: false });
        seen.add(k);
      }
      if (traces === 0) {
        const some = notTraces.slice(0, 3).map((s) => basename(s.name)).join(', ');
        throw new CliError(`folder ${p} holds no trace files (${notTraces.length} other file${notTraces.length === 1 ? '' : 's'}: ${some}${notTraces.length > 3 ? ', …' : ''})`);
      }
      // plainly not traces are counted on one line; files named like traces get their reason each
      for (const s of notTraces) (namedLikeTrace(s.name) || s.reason.startsWith('cannot read') ? failed : skipped).push(s);
    } else if (st.isFile()) {
      const sources = await explicitSources(p, st.size, failed);
      // the files of an archive are like a folder's: those that are not traces are noted, not fatal
      const archive = sources.length !== 1 || sources[0].name !== p;
      let traces = 0;
      for (const source of sources) {
        const kind = await identifyOrWhy(source, IMPORTERS, nodeInflate);
        if (!('importer' in kind)) {
          if (!archive) throw new CliError(`${source.name}: ${kind.reason}`);
          (namedLikeTrace(source.name) ? failed : skipped).push({ name: source.name, reason: kind.reason });
          continue;
        }
        traces++;
        const k = source.name === p ? key(p) : `${key(p)}#${source.name}`;
        if (!seen.has(k)) files.push({ item: kind, explicit: true });
        seen.add(k);
      }
      if (traces === 0) throw new CliError(`${p}: the archive holds no trace files`);
    } else {
      throw new CliError(`${p} is not a file or a folder`);
    }
  }
  return { files, skipped, folders, failed, excluded };
}
