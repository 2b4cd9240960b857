/**
 * What an input format provides: an `Importer` (sniff a file's head, read a ByteSource into an EventLog).
 * Each format's folder under src/ingest exports one; src/ingest/registry.ts lists them (IMPORTERS).
 */
import type { EventLog } from '../model/eventlog';
import type { BundleRule } from './bundle';
import type { ByteSource, Cancel } from './source';

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
  /**
   * True when `read` reads the source front to back only (chunksOf), so that a decompressed gzip stream
   * can feed it; false when it needs random access (h5wasm): a gzip'd file of its format is refused.
   */
  readonly sequential: boolean;
  /**
   * For a format of several files (one anchor and its members): which files of a load go together, by name
   * (src/ingest/bundle.ts). The anchor's source then has `members`.
   */
  readonly bundle?: BundleRule;
  /** Whether this importer reads a file with this head (first HEAD_BYTES bytes, fewer for small files). */
  sniff(head: Uint8Array, name: string): boolean;
  /** Reads the whole source into an EventLog (one case per file, or more for multi-case formats). */
  read(source: ByteSource, head: Uint8Array, opts: ImportOptions, ctx: ImportContext): Promise<EventLog>;
}
