/**
 * The HDF5 importer (any layout readHdf5Log knows). Needs h5wasm, one instance per thread, so it runs in
 * the coordinating thread (not pooled). The file is never copied when h5wasm can open it in place:
 * WORKERFS mounts a dropped `File` in the Web Worker, NODERAWFS opens a host path in Node; other sources
 * (bytes in memory) are copied into h5wasm's file system.
 */
import type { Importer } from '../importer';
import { isHdf5 } from './types';

/** WORKERFS reads real Blobs only (a File-like stand-in is copied instead). */
const isBlob = (x: unknown): boolean => {
  const B = (globalThis as { Blob?: abstract new (...a: never[]) => object }).Blob;
  return B !== undefined && x instanceof B;
};

export const hdf5Importer: Importer = {
  id: 'hdf5',
  pooled: false,
  sequential: false,
  sniff: (head) => isHdf5(head),
  async read(source, _head, _opts, ctx) {
    const { loadH5wasm, mountFile, putBytes, readHdf5Log, removeFile, unmountFile } = await import('./index');
    const h5 = await loadH5wasm();
    let log;
    if (h5.env === 'web' && source.blob && isBlob(source.blob)) {
      const path = mountFile(h5, source.blob);
      try {
        log = readHdf5Log(h5, path, source.name);
      } finally {
        unmountFile(h5, path);
      }
    } else if (h5.env === 'node' && source.path) {
      log = readHdf5Log(h5, source.path, source.name);
    } else {
      const path = putBytes(h5, await source.read(0, source.size), 'drop');
      try {
        log = readHdf5Log(h5, path, source.name);
      } finally {
        removeFile(h5, path);
      }
    }
    ctx.onBytes(source.size);
    return log;
  },
};
