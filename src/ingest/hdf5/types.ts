import type * as H5 from 'h5wasm';

/**
 * A loaded h5wasm: its high-level API (File, Group, Dataset) and the Emscripten module behind it (FS, heap,
 * low-level calls). Get one with `loadH5wasm()`; pass it to `readHdf5Log` / `writeNativeHdf5`.
 * `env` says which build: 'node' (NODERAWFS: paths are host paths) or 'web' (MEMFS + WORKERFS).
 */
export interface H5Module {
  api: typeof H5;
  Module: typeof H5.Module;
  env: 'node' | 'web';
}

/** h5wasm's module namespace (also accepted wherever an H5Module is). */
export type H5Namespace = typeof H5;
type Namespace = H5Namespace;
const prepared = new WeakSet<object>();

/**
 * Accepts what `loadH5wasm()` returns, or h5wasm's own namespace (`await import('h5wasm/node')` after
 * `ready`), and returns an H5Module. HDF5 errors become exceptions (h5wasm's throwing error handler).
 */
export function asH5Module(h5: H5Module | Namespace): H5Module {
  const m: H5Module =
    'api' in h5 ? h5 : { api: h5, Module: h5.Module, env: 'NODEFS' in ((h5.Module?.FS?.filesystems as object) ?? {}) ? 'node' : 'web' };
  if (!m.Module) throw new Error('h5wasm is not ready: await loadH5wasm() (or h5wasm.ready) first');
  if (!prepared.has(m.Module)) {
    m.Module.activate_throwing_error_handler();
    prepared.add(m.Module);
  }
  return m;
}

/** A problem with an HDF5 input file; the message names the file and the problem. */
export class Hdf5FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Hdf5FormatError';
  }
}

const SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * True if `head` (the first bytes of a file) holds the HDF5 signature: at offset 0, or after a user block
 * at 512, 1024, 2048, … (HDF5 looks at every power of two from 512).
 */
export function isHdf5(head: Uint8Array): boolean {
  for (let off = 0; off + 8 <= head.length; off = off === 0 ? 512 : off * 2) {
    let ok = true;
    for (let k = 0; k < 8; k++) {
      if (head[off + k] !== SIGNATURE[k]) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

/** TextDecoder exists in every target (Node, browsers, workers) but not in the ES2022 lib types. */
export interface Decoder {
  decode(bytes: Uint8Array): string;
}
export function textDecoder(label: string): Decoder {
  const TD = (globalThis as unknown as { TextDecoder: new (label: string) => Decoder }).TextDecoder;
  return new TD(label);
}
