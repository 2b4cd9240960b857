/**
 * What the PATH arguments of a command line are read as (DOM-free and Node-free): the adapter walks the file
 * system (src/cli/node/discover.ts: stat and readdir only) and hands over, per argument in order, the files it
 * found with their sizes, marked as named on the command line or found in a folder; here each file is sniffed
 * once by the importer registry and the files of one multi-file trace (an OTF2 archive, an archive's members)
 * are grouped (src/ingest/bundle.ts). A problem of the file system the walk met (a missing path, an unreadable
 * folder) is thrown when its argument's turn comes, so the first argument's problem is the one reported.
 */
import { gatherSources, namedSources } from './bundle';
import type { Inflate } from './gzip';
import { bundleRules, identifyOrWhy, namedLikeTrace, type Identified, type Importer } from './registry';
import type { ByteSource } from './source';

/** A PATH argument that cannot be read as asked: one line (the CLI exits 2 with it). */
export class InputError extends Error {
  override name = 'InputError';
}

/** A file found in a folder: its source and the key that tells the same file named twice (its real path). */
export interface FolderFile {
  source: ByteSource;
  key: string;
}

/** One PATH argument as the file-system walk found it. */
export type PathInput =
  | { path: string; key: string; error: string }
  | { path: string; key: string; folder: { files: FolderFile[] } }
  /** `near`: the files beside it and in its direct sub-folders (the members of a multi-file trace it may anchor). */
  | { path: string; key: string; file: { source: ByteSource; near: () => ByteSource[] } };

export interface PathInputs {
  paths: PathInput[];
  /** Sub-folders that could not be read (skipped like an unreadable file). */
  folders: Skipped[];
  /** The key of the file the command writes (never read from a folder given: an earlier run's output), or null. */
  output: string | null;
}

export interface Found {
  /** The source with its importer and head (read once, handed to the load). */
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

/** What sniffing needs of the Session: its importers and its gzip decompressor. */
export interface SniffEnv {
  importers: readonly Importer[];
  inflate: Inflate | null;
}

const unnamed = (s: Skipped): Skipped => ({ name: s.name, reason: s.reason.replace(/^.*?: /, '') });
/** The last part of a name, as POSIX basename gives it. */
const baseName = (name: string): string => name.replace(/\/+$/, '').split('/').pop() ?? name;

/**
 * The trace files behind the PATH arguments, each sniffed once. Throws InputError for a path the walk could
 * not read, a folder without traces, or a file named on the command line that is not a trace.
 */
export async function identifyInputs(inputs: PathInputs, env: SniffEnv): Promise<Discovery> {
  const files: Found[] = [];
  const excluded: string[] = [];
  const skipped: Skipped[] = [];
  const failed: Skipped[] = [];
  // real paths: a file named twice, via its folder or through a symbolic link is read once
  const seen = new Set<string>();
  for (const input of inputs.paths) {
    const { path: p } = input;
    if ('error' in input) throw new InputError(input.error);
    if ('folder' in input) {
      let traces = 0;
      const notTraces: Skipped[] = [];
      const keys = new Map(input.folder.files.map((f) => [f.source.name, f.key]));
      // the files of one multi-file trace (an OTF2 archive) go together (src/ingest/bundle.ts)
      const bundled = await gatherSources(input.folder.files.map((f) => f.source), bundleRules(env.importers), env.inflate);
      for (const o of bundled.orphans) notTraces.push(unnamed({ name: o.file, reason: o.message }));
      for (const source of bundled.sources) {
        const name = source.name;
        const key = source.path ? keys.get(name) : undefined;
        if (inputs.output !== null && key === inputs.output) {
          excluded.push(name);
          continue;
        }
        const kind = await identifyOrWhy(source, env.importers, env.inflate);
        if (!('importer' in kind)) {
          notTraces.push({ name, reason: kind.reason });
          continue;
        }
        traces++;
        const k = key ?? `${input.key}#${name}`; // archive members have no path
        if (!seen.has(k)) files.push({ item: kind, explicit: false });
        seen.add(k);
      }
      if (traces === 0) {
        const some = notTraces.slice(0, 3).map((s) => baseName(s.name)).join(', ');
        throw new InputError(`folder ${p} holds no trace files (${notTraces.length} other file${notTraces.length === 1 ? '' : 's'}: ${some}${notTraces.length > 3 ? ', …' : ''})`);
      }
      // plainly not traces are counted on one line; files named like traces get their reason each
      for (const s of notTraces) (namedLikeTrace(s.name) || s.reason.startsWith('cannot read') ? failed : skipped).push(s);
      continue;
    }
    // an archive as the files it holds, an OTF2 anchor with its members from its folder, any other file as itself
    const { source: named, near } = input.file;
    const g = await namedSources(named, near, bundleRules(env.importers), env.inflate);
    const whole = g.sources.length === 1 && g.sources[0] === named;
    if (whole && g.orphans.length) throw new InputError(g.orphans[0].message);
    if (!g.sources.length) throw new InputError(g.orphans[0]?.message ?? `${p}: the archive holds no trace files`);
    if (!whole) for (const o of g.orphans) failed.push(unnamed({ name: o.file, reason: o.message }));
    const sources = g.sources;
    // the files of an archive are like a folder's: those that are not traces are noted, not fatal
    const archive = sources.length !== 1 || sources[0].name !== p;
    let traces = 0;
    for (const source of sources) {
      const kind = await identifyOrWhy(source, env.importers, env.inflate);
      if (!('importer' in kind)) {
        if (!archive) throw new InputError(`${source.name}: ${kind.reason}`);
        (namedLikeTrace(source.name) ? failed : skipped).push({ name: source.name, reason: kind.reason });
        continue;
      }
      traces++;
      const k = source.name === p ? input.key : `${input.key}#${source.name}`;
      if (!seen.has(k)) files.push({ item: kind, explicit: true });
      seen.add(k);
    }
    if (traces === 0) throw new InputError(`${p}: the archive holds no trace files`);
  }
  return { files, skipped, folders: inputs.folders, failed, excluded };
}
