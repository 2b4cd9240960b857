/**
 * Where an importer reads its bytes from: a dropped `File` in the browser worker (src/worker/fileSource.ts),
 * a file on disk in the CLI (src/cli/node/fsSource.ts), or bytes in memory (tests, fetched samples).
 * The ingest code never knows which.
 */

export interface ByteSource {
  /** The name reported in summaries and used for the case id (relative path inside a dropped folder). */
  readonly name: string;
  readonly size: number;
  /** Bytes [offset, offset + length) (fewer at the end of the source); the caller owns the result. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * Optional fast path for sequential reading: chunks of at most `size` bytes in order, each valid only
   * until the next one is asked for (the CLI reuses one buffer). `chunksOf` falls back to `read`.
   */
  chunks?(size: number): Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
  /**
   * Optional fast path for sequential reading into the caller's buffer (synchronous: a file on disk). The
   * strace parser reads straight into its WebAssembly window with it (StraceParser.intake/took).
   */
  reader?(): SequentialReader;
  /** The `File` behind the source, if any: h5wasm mounts it (WORKERFS) instead of copying it. */
  readonly blob?: { readonly name: string; readonly size: number };
  /** The host path behind the source, if any: h5wasm's Node build opens it directly (NODERAWFS). */
  readonly path?: string;
  /**
   * The gzip file this source decompresses (src/ingest/gzip.ts), if any: `size` is then its compressed
   * size (progress counts compressed bytes), and parse threads open this file and decompress it themselves.
   */
  readonly compressed?: ByteSource;
  /**
   * The files of a bundle (one trace in several files, src/ingest/bundle.ts): keyed by their path relative
   * to the anchor's folder. The source itself reads and is named as the anchor; its size is all of theirs.
   */
  readonly members?: ReadonlyMap<string, ByteSource>;
}

/** Reads a source from its start, in order, into the caller's buffers. */
export interface SequentialReader {
  /** Fills buf from the next bytes: how many (0 at the end). */
  read(buf: Uint8Array): number;
  close(): void;
}

export interface Cancel {
  cancelled: boolean;
}

/** A file that is empty, of no format strace-dfg reads, or could not be read: named in the summary. */
export class FileFormatError extends Error {
  override name = 'FileFormatError';
}

/** Raised when a read is cancelled. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

/** The default chunk of sequential reads: 16 MiB. */
export const CHUNK = 16 * 1024 * 1024;

/**
 * The source in order, `chunk` bytes at a time. Without a `chunks` fast path the next chunk is read
 * (by the browser, off this thread) while the caller works on the current one.
 */
export async function* chunksOf(source: ByteSource, chunk = CHUNK, cancel?: Cancel): AsyncGenerator<Uint8Array> {
  if (source.chunks) {
    for await (const c of source.chunks(chunk)) {
      if (cancel?.cancelled) throw new CancelledError();
      yield c;
    }
    return;
  }
  const size = source.size;
  let next = size > 0 ? source.read(0, Math.min(chunk, size)) : null;
  for (let off = 0; off < size; off += chunk) {
    if (cancel?.cancelled) throw new CancelledError();
    const buf = await next!;
    if (cancel?.cancelled) throw new CancelledError();
    if (off + chunk < size) {
      next = source.read(off + chunk, Math.min(chunk, size - off - chunk));
      next.catch(() => undefined); // a cancel may leave it unawaited
    }
    yield buf;
  }
}

/** A source over bytes in memory. */
export function bytesSource(name: string, bytes: Uint8Array): ByteSource {
  return {
    name,
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.slice(offset, Math.min(offset + length, bytes.length))),
  };
}
