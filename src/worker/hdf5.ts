/** HDF5 event logs in the worker: dropped files are mounted with WORKERFS (never copied whole). */
import { loadH5wasm, mountFile, putBytes, removeFile, unmountFile } from '../ingest/hdf5/load';
import { readHdf5Log } from '../ingest/hdf5/read';
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

export async function exportHdf5(_log: EventLog): Promise<ArrayBuffer> {
  throw new Error('HDF5 export is not available yet in this build');
}
