/**
 * Which importer reads a file: ONE list. The head of a file (its first 4 KiB) is read once, sniffed by
 * each importer in turn, and handed to the one that claims it. Adding an input format = one folder under
 * src/ingest with an `Importer` + one line in IMPORTERS; the browser and the CLI both pick it up.
 */
import { defaultInflate, gunzippedName, gunzipSource, isGzip, type Inflate } from './gzip';
import type { BundleRule } from './bundle';
import { darshanImporter } from './darshan/importer';
import { hdf5Importer } from './hdf5/importer';
import { otf2Importer } from './otf2/importer';
import type { Importer } from './importer';
import { FileFormatError, type ByteSource } from './source';
import { straceImporter } from './strace/importer';

export { FileFormatError };
export type { Importer, ImportOptions, ImportContext } from './importer';

/** Order matters: the first importer whose sniff says yes reads the file (binary signatures first). */
export const IMPORTERS: readonly Importer[] = [hdf5Importer, darshanImporter, otf2Importer, straceImporter];

/** The bundle rules of the importers (multi-file formats). */
export const bundleRules = (importers: readonly Importer[] = IMPORTERS): BundleRule[] => importers.flatMap((i) => (i.bundle ? [i.bundle] : []));

/** Bytes read from the start of a file to recognise its format. */
export const HEAD_BYTES = 4096;

/** A source whose format is known: its importer and the head that was read to decide (for a gzip file:
 * the decompressing source, named without `.gz`, and the decompressed head). */
export interface Identified {
  source: ByteSource;
  importer: Importer;
  head: Uint8Array;
}

/** Why a source is not read: `empty`, `unknown` (no importer claims it), or `random` (gzip-compressed in a
 * format whose importer needs random access: the importer's id in `format`). */
export interface Unidentified {
  source: ByteSource;
  reason: 'empty' | 'unknown' | 'random';
  format?: string;
}

/** The importer of a head, or null. */
export function importerFor(head: Uint8Array, name: string, importers: readonly Importer[] = IMPORTERS): Importer | null {
  for (const imp of importers) if (imp.sniff(head, name)) return imp;
  return null;
}

/**
 * Reads the head once and finds the importer. A gzip file (magic 1f 8b) is sniffed on its decompressed
 * head, under its name without `.gz`, and read through `inflate` (default: DecompressionStream). A read
 * error, or gzip data that does not decompress, rejects (the caller names the file).
 */
export async function identify(source: ByteSource, importers: readonly Importer[] = IMPORTERS, inflate: Inflate | null = defaultInflate()): Promise<Identified | Unidentified> {
  if (source.size === 0) return { source, reason: 'empty' };
  const head = await source.read(0, Math.min(HEAD_BYTES, source.size));
  if (isGzip(head) && inflate) {
    const inner = gunzipSource(source, { inflate });
    const h = await inner.read(0, HEAD_BYTES);
    if (h.length === 0) return { source: inner, reason: 'empty' };
    const importer = importerFor(h, inner.name, importers);
    if (!importer) return { source: inner, reason: 'unknown' };
    return importer.sequential ? { source: inner, importer, head: h } : { source: inner, reason: 'random', format: importer.id };
  }
  const importer = importerFor(head, source.name, importers);
  return importer ? { source, importer, head } : { source, reason: 'unknown' };
}

export function isIdentified(x: Identified | Unidentified): x is Identified {
  return 'importer' in x;
}

/** Why a file is not read, in a few words without its name (the CLI's discovery notes a skipped file with it). */
export interface NotRead {
  reason: string;
}

/**
 * `identify`, or why the source is not read: an empty file, not a trace, a gzip-compressed format that needs
 * random access, a format error (its message without the name), or a read error (`cannot read (CODE)`).
 */
export async function identifyOrWhy(source: ByteSource, importers: readonly Importer[] = IMPORTERS, inflate: Inflate | null = defaultInflate()): Promise<Identified | NotRead> {
  try {
    const id = await identify(source, importers, inflate);
    if (isIdentified(id)) return id;
    if (id.reason === 'random') return { reason: unidentifiedMessage(id).replace(/^.*?: /, '') };
    return { reason: id.reason === 'empty' ? 'empty file' : 'not a strace trace or an HDF5 event log' };
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (!code && e instanceof Error && e.name === 'FileFormatError') return { reason: e.message.replace(/^.*?: /, '') };
    return { reason: `cannot read (${code ?? (e as Error).message})` };
  }
}

/** The message for a source that is not read (a gzip file is named as it is on disk). */
export function unidentifiedMessage(u: Unidentified): string {
  const name = u.source.compressed?.name ?? u.source.name;
  const gz = u.source.compressed ? ' (decompressed)' : '';
  if (u.reason === 'empty') return `${name}: empty file${gz}`;
  if (u.reason === 'random') return `${name}: a gzip-compressed ${u.format === 'hdf5' ? 'HDF5' : (u.format ?? '')} file is not read as a stream: decompress it first (gunzip)`;
  return `${name}: neither an strace trace, an HDF5 event log, a Darshan log nor an OTF2 trace${gz}`;
}

/** Extensions of files that are plainly not traces (documents, data, scripts, sources, images, archives). */
const NOT_TRACE = /\.(md|markdown|rst|pdf|html?|json|ya?ml|toml|ini|cfg|conf|csv|tsv|xml|sh|bash|zsh|py|pl|rb|js|ts|c|h|cc|cpp|cxx|hpp|f90|f|mk|cmake|png|jpe?g|gif|svg|webp|bmp|tiff?|zip|tar|tgz|bz2|xz|zst|7z)$/i;
/** Extensions of trace files strace-dfg reads (strace output, `strace -ff` parts, HDF5 event logs, Darshan logs, OTF2 anchors). */
const TRACE_EXT = /\.(st|strace|h5|hdf5|he5|darshan|otf2)(\.\d+)?$/i;

/**
 * Whether a file looks like a trace by its name (`.st`, `.strace`, `.h5`, …, also `.gz`, or a base name
 * `{cid}_{host}_{rid}`): a dropped folder's file that is not read is then an error with its reason, while
 * other files (README, JSON, scripts, images) are only counted as skipped.
 */
export function namedLikeTrace(name: string): boolean {
  const base = gunzippedName(name.replace(/^.*[\\/]/, ''));
  if (TRACE_EXT.test(base)) return true;
  if (NOT_TRACE.test(base)) return false;
  return /^[^_]+_.+_[^_.]+$/.test(base.replace(/\.[^._]*$/, ''));
}

/** The importer with this id (what a parse-pool thread runs). */
export function importerById(id: string, importers: readonly Importer[] = IMPORTERS): Importer {
  const imp = importers.find((i) => i.id === id);
  if (!imp) throw new Error(`no importer '${id}'`);
  return imp;
}
