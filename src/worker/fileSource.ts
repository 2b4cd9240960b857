/** A dropped File (or any Blob-like with a name) as a ByteSource: read in slices, never whole. */
import type { ByteSource } from '../ingest/source';
import type { FileLike } from './protocol';

export function fileSource(file: FileLike, name?: string): ByteSource {
  return {
    name: name || file.name,
    size: file.size,
    read: async (offset, length) => new Uint8Array(await file.slice(offset, Math.min(offset + length, file.size)).arrayBuffer()),
    blob: file,
  };
}
