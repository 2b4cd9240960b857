/**
 * Archives of trace files (`run.tar`, `run.tar.gz`, `run.tgz`, `run.zip`), opened into the files they hold:
 * a dropped or named archive loads like the folder it was made from (docs/ARCHITECTURE.md "Bundles and
 * archives"). An archive is recognised by its name and checked by its content (the tar `ustar` magic at
 * byte 257, the zip local-header magic `PK\3\4`, a gzip stream whose head is a tar); its files are read
 * into memory (tar: modern-tar, zip: fflate; both loaded on first use) and named `{archive name}/{path
 * inside}` (`run.tar/scorep/traces.otf2`): a trace folder inside keeps its relative paths, and the summary
 * says where each file came from. Hidden entries (`.x`, `__MACOSX/`) and anything that is not
 * a regular file are left out.
 */
import { gunzipSource, isGzip, type Inflate } from './gzip';
import { bytesSource, CancelledError, chunksOf, FileFormatError, type ByteSource, type Cancel } from './source';

/** Names an archive may have (checked by content before it is opened). */
const ARCHIVE_NAME = /\.(tar|tgz|tar\.gz|zip)$/i;

/** Whether `name` is named like an archive strace-dfg opens. */
export const namedLikeArchive = (name: string): boolean => ARCHIVE_NAME.test(name);

/** A POSIX (ustar / GNU / pax) tar header: `ustar` at byte 257 of the first 512-byte block. */
export function isTar(head: Uint8Array): boolean {
  const m = [0x75, 0x73, 0x74, 0x61, 0x72]; // "ustar"
  if (head.length < 262) return false;
  for (let i = 0; i < 5; i++) if (head[257 + i] !== m[i]) return false;
  return true;
}

/** A zip file: a local file header (`PK\3\4`) or, for an empty zip, the end of central directory (`PK\5\6`). */
export const isZip = (head: Uint8Array): boolean =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));

/** Hidden files and folders, macOS resource forks and their folder. */
const HIDDEN = /(^|\/)(\.[^/]*|__MACOSX)(\/|$)/;

// The Streams API member used here (the core type checks have no DOM / WebWorker library).
type ReadableStreamCtor = new (source: { pull(c: { enqueue(x: Uint8Array): void; close(): void; error(e: unknown): void }): Promise<void>; cancel(): Promise<void> }) => unknown;

/** A source's bytes as a ReadableStream (each chunk copied: a source may reuse its buffer). */
function streamOf(source: ByteSource, cancel?: Cancel): unknown {
  const RS = (globalThis as { ReadableStream?: ReadableStreamCtor }).ReadableStream;
  if (!RS) throw new FileFormatError(`${source.name}: tar archives cannot be opened here (no ReadableStream)`);
  const it = chunksOf(source, 4 << 20, cancel)[Symbol.asyncIterator]();
  return new RS({
    async pull(c) {
      try {
        const r = await it.next();
        if (r.done) c.close();
        else c.enqueue(r.value.slice());
      } catch (e) {
        c.error(e);
      }
    },
    async cancel() {
      await it.return?.(undefined);
    },
  });
}

/** One member source per regular file, named inside the archive's folder; hidden entries left out. */
function members(folder: string, files: Iterable<[string, Uint8Array]>): ByteSource[] {
  const out: ByteSource[] = [];
  for (const [path, data] of files) {
    const rel = path.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
    if (!rel || rel.endsWith('/') || HIDDEN.test(rel)) continue;
    out.push(bytesSource(`${folder}/${rel}`, data));
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

async function tarMembers(source: ByteSource, folder: string, cancel?: Cancel): Promise<ByteSource[]> {
  const { unpackTar } = await import('modern-tar');
  const entries = await unpackTar(streamOf(source, cancel) as Parameters<typeof unpackTar>[0], { strict: true });
  const files: [string, Uint8Array][] = [];
  for (const e of entries) if (e.header.type === 'file' && e.data) files.push([e.header.name, e.data]);
  return members(folder, files);
}

/**
 * The files of an archive named like one (`namedLikeArchive`), or null when its content is not a tar or zip
 * archive (it is then read like any other file). A broken archive rejects with a FileFormatError naming it.
 */
export async function openArchive(source: ByteSource, inflate: Inflate | null, cancel?: Cancel): Promise<ByteSource[] | null> {
  if (!namedLikeArchive(source.name) || source.size === 0) return null;
  const head = await source.read(0, Math.min(512, source.size));
  const folder = source.name;
  try {
    if (isGzip(head)) {
      if (!inflate) return null;
      const inner = gunzipSource(source, { inflate });
      if (!isTar(await inner.read(0, 512))) return null;
      return await tarMembers(inner, folder, cancel);
    }
    if (isTar(head)) return await tarMembers(source, folder, cancel);
    if (isZip(head)) {
      const { unzipSync } = await import('fflate');
      const files = unzipSync(await source.read(0, source.size));
      return members(folder, Object.entries(files));
    }
  } catch (e) {
    if (e instanceof FileFormatError || e instanceof CancelledError) throw e;
    const why = e instanceof Error ? e.message : String(e);
    throw new FileFormatError(`${source.name}: the archive is corrupt or truncated (${why.replace(/\.$/, '')})`);
  }
  return null;
}
