/** The native HDF5 export in the worker (h5wasm's in-memory file system), as a transferable buffer. */
import { loadH5wasm, nativeHdf5Bytes } from '../ingest/hdf5/index';
import type { EventLog } from '../model/eventlog';

/** The log in the native HDF5 layout (docs/FORMATS.md). */
export async function exportHdf5(log: EventLog): Promise<ArrayBuffer> {
  const bytes = nativeHdf5Bytes(await loadH5wasm(), log);
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
}
