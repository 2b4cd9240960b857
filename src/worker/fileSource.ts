/** A dropped File (or any Blob-like with a name) as a ByteSource: read in slices, never whole. */
import { CHUNK, type ByteSource } from '../ingest/source';
import type { FileLike } from './protocol';

const slice = async (file: FileLike, offset: number, length: number): Promise<Uint8Array> =>
  new Uint8Array(await file.slice(offset, Math.min(offset + length, file.size)).arrayBuffer());

/** The first chunk of `file` as the importers read it first (`chunksOf`: offset 0, `chunk` bytes or the whole file). */
export function firstChunk(file: FileLike, chunk = CHUNK): Promise<Uint8Array> {
  return slice(file, 0, Math.min(chunk, file.size));
}

/** `first`: that first chunk, read ahead (firstChunk(file, first.chunk)); the source hands it out for that read, once. */
export function fileSource(file: FileLike, name?: string, first?: { chunk: number; bytes: Promise<Uint8Array> }): ByteSource {
  let ahead = first ? first.bytes : null;
  const aheadLength = first ? Math.min(first.chunk, file.size) : -1;
  return {
    name: name || file.name,
    size: file.size,
    read: (offset, length) => {
      if (ahead !== null && offset === 0 && length === aheadLength) {
        const bytes = ahead;
        ahead = null;
        return bytes;
      }
      return slice(file, offset, length);
    },
    blob: file,
  };
}
