/** HDF5 event logs in the worker: dropped files are mounted with WORKERFS (never copied whole); export. */
import { loadH5wasm, mountFile, nativeHdf5Bytes, putBytes, readHdf5Log, removeFile, unmountFile } from '../ingest/hdf5/index';
import type { EventLog } from '../model/eventlog';
import type { FileLike } from './protocol';

export async function loadHdf5File(file: FileLike, name: string): Promise<EventLog> {
  const h5 = await loadH5wasm();
  if (h5.env === 'web' && typeof Blob !== 'undefined' && file instanceof Blob) {
    const path = mountFile(h5, file as Blob & { name: string });
    try {
      return readHdf5Log(h5, path, name);
    } finally {
      unmountFile(h5, path);
    }
  }
  // Node (tests) or a Blob-like without WORKERFS: copy the bytes into h5wasm's file system.
  const path = putBytes(h5, new Uint8Array(await file.slice(0, file.size).arrayBuffer()), 'drop');
  try {
    return readHdf5Log(h5, path, name);
  } finally {
    removeFile(h5, path);
  }
}

/** The log in the native HDF5 layout (docs/FORMATS.md), as a transferable buffer. */
export async function exportHdf5(log: EventLog): Promise<ArrayBuffer> {
  const bytes = nativeHdf5Bytes(await loadH5wasm(), log);
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
}
