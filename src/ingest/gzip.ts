/**
 * gzip-compressed traces (`x.st.gz`), read as a stream and never inflated whole in memory: the registry
 * sniffs the gzip magic (1f 8b) and hands the importer a ByteSource over the decompressed bytes, named
 * without `.gz` (so `ssf_vm_3.st.gz` is case `ssf_vm_3`). The decompressor is injected (`Inflate`): the
 * default is the Web's `DecompressionStream('gzip')` (browsers, Web Workers, Node ≥ 18); the CLI passes
 * Node's zlib (src/cli/node/gunzip.ts). Progress counts compressed bytes: a decompressing source reports them
 * itself, as it reads them (`forReading`).
 */
import type { EventLog } from '../model/eventlog';
import { gunzipExact, GzipDataError, type GunzipEnd } from './gunzipExact';
import { CancelledError, chunksOf, FileFormatError, type ByteSource, type Cancel } from './source';

/** Decompresses a gzip byte stream, in order; stopping early (return) releases what it reads. */
export type Inflate = (compressed: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;

/** The gzip magic number (RFC 1952): 1f 8b. */
export const isGzip = (head: Uint8Array): boolean => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

/** The name of what a gzip file holds: `a_n1_3.st.gz` → `a_n1_3.st` (other names unchanged). */
export const gunzippedName = (name: string): string => name.replace(/\.gz$/i, '');

/** The warning of a file cut short, after its name. */
const CUT_SHORT = ' is cut short: its gzip data ends inside a member';
/** The strace parser's warning about an incomplete last line (src/ingest/strace/parser.ts), left out for a cut file. */
const INCOMPLETE_LAST_LINE = /^the last line is incomplete/;

/** Compressed bytes per read while parsing (progress moves in these steps). */
const GZ_CHUNK = 1024 * 1024;
/** Compressed bytes per read while decompressing the head to sniff it. */
const HEAD_STEP = 64 * 1024;

// The few Streams API members used here (the core type checks have no DOM / WebWorker library).
interface StreamReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}
interface StreamWriter {
  readonly ready: Promise<void>;
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
type DecompressionStreamCtor = new (format: 'gzip') => { readonly readable: { getReader(): StreamReader }; readonly writable: { getWriter(): StreamWriter } };

/** `DecompressionStream('gzip')` as an Inflate; null where the runtime has none. */
export function webInflate(): Inflate | null {
  const DS = (globalThis as { DecompressionStream?: DecompressionStreamCtor }).DecompressionStream;
  if (!DS) return null;
  return async function* inflate(compressed) {
    const ds = new DS('gzip');
    const writer = ds.writable.getWriter();
    const reader = ds.readable.getReader();
    let stop = false;
    // Feeds the compressed chunks in while the loop below reads the output (each write waits for its
    // chunk to be consumed, so a source may reuse its buffer). An input error aborts the stream: read rejects.
    const pump = (async () => {
      try {
        for await (const c of compressed) {
          if (stop) return;
          await writer.ready;
          await writer.write(c);
        }
        await writer.close();
      } catch (e) {
        await writer.abort(e).catch(() => undefined);
      }
    })();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value && value.byteLength) yield value;
      }
    } finally {
      stop = true;
      // stopping early (the head was read): the writer fails, the pump ends and closes its input
      await reader.cancel().catch(() => undefined);
      await pump;
    }
  };
}

/** The runtime's default Inflate (DecompressionStream), or null. */
export const defaultInflate = (): Inflate | null => webInflate();

export interface GunzipOptions {
  inflate: Inflate;
  /** The name of the decompressed source (default: the compressed name without `.gz`). */
  name?: string;
  /** Called with each compressed chunk's size as it is read for `chunks` (not for the head). */
  onCompressed?(n: number): void;
  /** Called once when the data is cut short or followed by bytes that are not gzip (what was read is kept). */
  onWarning?(message: string): void;
}

/**
 * The decompressed bytes of a gzip source, streamed. `read` serves the head only (from offset 0: it
 * decompresses the start); importers read the rest sequentially through `chunks` (chunksOf).
 */
export function gunzipSource(compressed: ByteSource, opts: GunzipOptions): ByteSource {
  const stream = (step: number, head: boolean, cancel?: Cancel): AsyncGenerator<Uint8Array> => inflated(compressed, opts, step, head, cancel);
  return {
    name: opts.name ?? gunzippedName(compressed.name),
    size: compressed.size,
    compressed,
    async read(offset, length) {
      if (offset !== 0) throw new Error(`${compressed.name}: a gzip stream is read from its start only`);
      const out = new Uint8Array(length);
      let got = 0;
      for await (const c of stream(HEAD_STEP, true)) {
        const n = Math.min(c.length, length - got);
        out.set(c.subarray(0, n), got);
        got += n;
        if (got >= length) break;
      }
      return out.subarray(0, got);
    },
    chunks: (size) => stream(Math.min(size, GZ_CHUNK), false),
  };
}

async function* inflated(compressed: ByteSource, opts: GunzipOptions, step: number, head: boolean, cancel?: Cancel): AsyncGenerator<Uint8Array> {
  let inputError: unknown = null;
  // compressed bytes counted for progress: a second pass counts only what the first did not reach
  let counted = 0;
  async function* input(): AsyncGenerator<Uint8Array> {
    let at = 0;
    try {
      for await (const c of chunksOf(compressed, step, cancel)) {
        at += c.byteLength;
        if (!head && at > counted) {
          opts.onCompressed?.(at - counted);
          counted = at;
        }
        yield c;
      }
    } catch (e) {
      inputError = e;
      throw e;
    }
  }
  let delivered = 0;
  try {
    for await (const c of opts.inflate(input())) {
      delivered += c.byteLength;
      yield c;
    }
    return;
  } catch (e) {
    // a read error or a cancel as it is; anything else is the decompressor's
    if (inputError !== null) throw inputError;
    if (e instanceof CancelledError) throw e;
  }
  // The runtime's decompressor stopped: the browser's stops at a second member, zero padding or a cut, with
  // errors that name its own internals. The exact decompressor reads the file again from its start (the
  // bytes already given are skipped) and says what is wrong in the file's terms.
  const end: GunzipEnd = { members: 0, consumed: 0 };
  let skip = delivered;
  try {
    for await (const c of gunzipExact(input(), end)) {
      if (skip >= c.byteLength) {
        skip -= c.byteLength;
        continue;
      }
      yield skip ? c.subarray(skip) : c;
      skip = 0;
    }
  } catch (e) {
    if (inputError !== null) throw inputError;
    if (e instanceof CancelledError) throw e;
    throw new FileFormatError(`${compressed.name}: ${e instanceof GzipDataError ? e.message : `the gzip data cannot be decompressed (${e instanceof Error ? e.message : String(e)})`}`);
  }
  if (end.truncated) opts.onWarning?.(`${compressed.name}${CUT_SHORT} (after ${end.consumed} bytes): everything that decompressed before the cut was read (an incomplete last line is left out)`);
  else if (end.junkAt !== undefined) opts.onWarning?.(`${compressed.name}: the bytes from ${end.junkAt} on are not gzip data and were ignored`);
}

export interface Reading {
  source: ByteSource;
  onBytes: (n: number) => void;
  /** The importer's log with what the gzip stream reported (a cut, bytes that are not gzip) among its file's warnings. */
  done: (log: EventLog) => EventLog;
}

/**
 * What an importer reads for `source`, and the byte counter to give it: a source that decompresses a gzip
 * file is opened afresh with its compressed bytes counted as they are read (load progress and totals are
 * compressed sizes), and the importer's counts of decompressed bytes are dropped. Pass the importer's log
 * through `done`.
 */
export function forReading(source: ByteSource, inflate: Inflate | null, onBytes: (n: number) => void): Reading {
  if (!source.compressed) return { source, onBytes, done: (log) => log };
  if (!inflate) throw new FileFormatError(`${source.compressed.name}: gzip-compressed, and gzip cannot be decompressed here`);
  const warnings: string[] = [];
  let cut = false;
  const onWarning = (w: string) => {
    cut ||= w.includes(CUT_SHORT);
    if (!warnings.includes(w)) warnings.push(w);
  };
  return {
    source: gunzipSource(source.compressed, { inflate, name: source.name, onCompressed: onBytes, onWarning }),
    onBytes: () => {},
    done: (log) => {
      if (!warnings.length || !log.files.length) return log;
      // one warning for a cut file: the parser's own about its incomplete last line is the same news
      const kept = log.files[0].warnings.filter((w) => !(cut && INCOMPLETE_LAST_LINE.test(w)));
      log.files[0] = { ...log.files[0], warnings: [...kept, ...warnings] };
      return log;
    },
  };
}
