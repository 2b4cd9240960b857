/**
 * Bundles: one trace made of several files (an OTF2 archive: the anchor `traces.otf2`, `traces.def` and
 * `traces/*.evt`). Before the files of a load are sniffed, the importers that read such a format
 * (`Importer.bundle`) say, by name, which files are anchors and which files belong to an anchor; the
 * anchor then becomes ONE source whose `members` are those files (keyed by their path relative to the
 * anchor's folder) and the members are no longer sources of their own. The bundle is sniffed on its anchor's
 * head like any file, and read by that importer. Files that look like members of no anchor are named with
 * the importer's reason instead of being sniffed one by one (docs/ARCHITECTURE.md "Bundles and archives").
 * Archives (archive.ts) are opened into their files first, so an archive of a trace folder bundles the same.
 */
import { openArchive } from './archive';
import type { Inflate } from './gzip';
import type { ByteSource, Cancel } from './source';

/** What a multi-file format's importer says about file names (paths relative to the dropped folder). */
export interface BundleRule {
  /** Whether a file with this name is the anchor of a bundle (its head is then sniffed as usual). */
  anchor(name: string): boolean;
  /** The key of `name` in the bundle of `anchor` (its path relative to the anchor's folder), or null. */
  member(anchor: string, name: string): string | null;
  /** Why a file that is a member of no anchor in the load is not read; null for a file of no bundle. */
  orphan?(name: string): string | null;
}

/** A file that belongs to a bundle whose anchor is not in the load. */
export interface Orphan {
  file: string;
  message: string;
}

export interface Bundled {
  /** The sources in input order: each anchor with members as one bundle, its members taken out. */
  sources: ByteSource[];
  orphans: Orphan[];
}

/** The folder part of a relative path (`a/b/c.evt` → `a/b/`; `c.evt` → ``). */
export const folderOf = (name: string): string => name.slice(0, name.replace(/\\/g, '/').lastIndexOf('/') + 1);

/** One source over an anchor and its members: named and read as the anchor, sized as all of them. */
export function bundleSource(anchor: ByteSource, members: ReadonlyMap<string, ByteSource>): ByteSource {
  let size = anchor.size;
  for (const m of members.values()) size += m.size;
  return {
    name: anchor.name,
    size,
    read: (offset, length) => anchor.read(offset, length),
    members,
    ...(anchor.path ? { path: anchor.path } : {}),
  };
}

/**
 * Groups the sources of one load into bundles by the rules of `rules` (each importer's `bundle`). Files
 * that no rule claims pass through unchanged and in order; a member is claimed by the first anchor that
 * takes it.
 */
export function bundleSources(sources: readonly ByteSource[], rules: readonly BundleRule[]): Bundled {
  if (!rules.length) return { sources: [...sources], orphans: [] };
  const taken = new Set<number>();
  const bundles = new Map<number, ByteSource>();
  for (let a = 0; a < sources.length; a++) {
    const rule = rules.find((r) => r.anchor(sources[a].name));
    if (!rule || taken.has(a)) continue;
    const members = new Map<string, ByteSource>();
    for (let k = 0; k < sources.length; k++) {
      if (k === a || taken.has(k) || bundles.has(k)) continue;
      const key = rule.member(sources[a].name, sources[k].name);
      if (key === null || members.has(key)) continue;
      members.set(key, sources[k]);
      taken.add(k);
    }
    bundles.set(a, members.size ? bundleSource(sources[a], members) : sources[a]);
  }
  const out: ByteSource[] = [];
  const orphans: Orphan[] = [];
  sources.forEach((s, k) => {
    if (taken.has(k)) return;
    const b = bundles.get(k);
    if (b) return void out.push(b);
    for (const r of rules) {
      const why = r.orphan?.(s.name) ?? null;
      if (why !== null) return void orphans.push({ file: s.name, message: `${s.name}: ${why}` });
    }
    out.push(s);
  });
  return { sources: out, orphans };
}

/**
 * The sources of a load as the importers read them: archives (named like one and checked by content,
 * archive.ts) opened into their files, then everything grouped into bundles. An archive that cannot be
 * opened is named in `orphans` with its reason (the other files load).
 */
export async function gatherSources(sources: readonly ByteSource[], rules: readonly BundleRule[], inflate: Inflate | null, cancel?: Cancel): Promise<Bundled> {
  const opened: ByteSource[] = [];
  const errors: Orphan[] = [];
  for (const s of sources) {
    try {
      const files = await openArchive(s, inflate, cancel);
      if (files === null) opened.push(s);
      else if (files.length === 0) errors.push({ file: s.name, message: `${s.name}: the archive holds no files` });
      else opened.push(...files);
    } catch (e) {
      if ((e as Error).name === 'CancelledError') throw e;
      errors.push({ file: s.name, message: e instanceof Error ? e.message : String(e) });
    }
  }
  const b = bundleSources(opened, rules);
  return { sources: b.sources, orphans: [...errors, ...b.orphans] };
}

/**
 * What one file named by the user is read as: the anchor of a multi-file trace (OTF2 `traces.otf2`) with its
 * members among `near()` (the files beside it and in its direct sub-folders, asked for only then: one
 * source), an archive as the files it holds (its files that belong to no trace in `orphans`), any other file
 * as itself (a file that is an orphan by name in `orphans`).
 */
export async function namedSources(source: ByteSource, near: () => ByteSource[], rules: readonly BundleRule[], inflate: Inflate | null): Promise<Bundled> {
  if (rules.some((r) => r.anchor(source.name))) return { sources: [bundleSources([source, ...near()], rules).sources[0]], orphans: [] };
  return gatherSources([source], rules, inflate);
}
