/**
 * Which importer reads a file: ONE list. The head of a file (its first 4 KiB) is read once, sniffed by
 * each importer in turn, and handed to the one that claims it. Adding an input format = one folder under
 * src/ingest with an `Importer` + one line in IMPORTERS; the browser and the CLI both pick it up.
 */
import type { EventLog } from '../model/eventlog';
import { hdf5Importer } from './hdf5/importer';
import type { ByteSource, Cancel } from './source';
import { straceImporter } from './strace/importer';

export interface ImportOptions {
  /** Keep only events whose path passes (a filter applied while parsing, to save memory). */
  pathFilter?: (fp: string) => boolean;
  /** Bytes per sequential read (tests use tiny chunks to cross line boundaries). */
  chunk?: number;
}

export interface ImportContext {
  cancel: Cancel;
  /** Called with the number of bytes consumed, as reading goes on (the sum is the source's size). */
  onBytes(n: number): void;
}

export interface Importer {
  /** Stable id ('strace', 'hdf5', …): what a parse pool is told to run. */
  readonly id: string;
  /**
   * True when the importer can run on a parse-pool thread (CPU-bound, self-contained); false when it
   * needs one shared instance in the coordinating thread (h5wasm).
   */
  readonly pooled: boolean;
  /** Whether this importer reads a file with this head (first HEAD_BYTES bytes, fewer for small files). */
  sniff(head: Uint8Array, name: string): boolean;
  /** Reads the whole source into an EventLog (one case per file, or more for multi-case formats). */
  read(source: ByteSource, head: Uint8Array, opts: ImportOptions, ctx: ImportContext): Promise<EventLog>;
}

/** Order matters: the first importer whose sniff says yes reads the file (binary signatures first). */
export const IMPORTERS: readonly Importer[] = [hdf5Importer, straceImporter];

/** Bytes read from the start of a file to recognise its format. */
export const HEAD_BYTES = 4096;

/** A file that is empty, of no format strace-dfg reads, or could not be read: named in the summary. */
export class FileFormatError extends Error {
  override name = 'FileFormatError';
}

/** A source whose format is known: its importer and the head that was read to decide. */
export interface Identified {
  source: ByteSource;
  importer: Importer;
  head: Uint8Array;
}

/** Why a source is not read: `empty`, or `unknown` (no importer claims it). */
export interface Unidentified {
  source: ByteSource;
  reason: 'empty' | 'unknown';
}

/** The importer of a head, or null. */
export function importerFor(head: Uint8Array, name: string, importers: readonly Importer[] = IMPORTERS): Importer | null {
  for (const imp of importers) if (imp.sniff(head, name)) return imp;
  return null;
}

/** Reads the head once and finds the importer. A read error rejects (the caller names the file). */
export async function identify(source: ByteSource, importers: readonly Importer[] = IMPORTERS): Promise<Identified | Unidentified> {
  if (source.size === 0) return { source, reason: 'empty' };
  const head = await source.read(0, Math.min(HEAD_BYTES, source.size));
  const importer = importerFor(head, source.name, importers);
  return importer ? { source, importer, head } : { source, reason: 'unknown' };
}

export function isIdentified(x: Identified | Unidentified): x is Identified {
  return 'importer' in x;
}

/** The message for a source that is not read. */
export function unidentifiedMessage(u: Unidentified): string {
  return u.reason === 'empty' ? `${u.source.name}: empty file` : `${u.source.name}: neither an strace trace nor an HDF5 event log`;
}

/** The importer with this id (what a parse-pool thread runs). */
export function importerById(id: string, importers: readonly Importer[] = IMPORTERS): Importer {
  const imp = importers.find((i) => i.id === id);
  if (!imp) throw new Error(`no importer '${id}'`);
  return imp;
}
