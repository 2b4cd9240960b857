import { asH5Module, Hdf5FormatError, type H5Module } from './types';

let loading: Promise<H5Module> | null = null;

function isNode(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node === 'string' && !('WorkerGlobalScope' in globalThis);
}

/**
 * Loads h5wasm once (later calls share the instance).
 * - Node (tests, CLI): the `h5wasm/node` build, whose file system is the host's (NODERAWFS): a path on disk
 *   is a path in FS, files are read lazily by HDF5, nothing is copied.
 * - Browser / Web Worker: the ESM build (MEMFS + WORKERFS); open dropped files with `mountFile`.
 * HDF5 errors are turned into exceptions (h5wasm's throwing error handler) instead of stderr noise.
 */
export function loadH5wasm(): Promise<H5Module> {
  loading ??= (async (): Promise<H5Module> => {
    let api: H5Module['api'];
    let env: H5Module['env'];
    // h5wasm binds console.error when its module is created, and prints "Aborted(…)" there when the C
    // code aborts (e.g. on heap corruption from a broken file) before throwing the error we report.
    const restore = quietAborts();
    try {
      if (isNode()) {
        const spec = 'h5wasm/node'; // a variable: bundlers must not pull the Node build into the browser
        api = (await import(/* @vite-ignore */ spec)) as H5Module['api'];
        env = 'node';
      } else {
        api = await import('h5wasm');
        env = 'web';
      }
    } finally {
      restore();
    }
    const Module = await api.ready;
    return asH5Module({ api, Module, env });
  })();
  return loading;
}

/**
 * Until the returned function is called, console.error is a filter that drops Emscripten's
 * `Aborted(…)` lines (the abort still throws, and readHdf5Log turns it into a message naming the file)
 * and passes everything else on. Whoever binds console.error meanwhile (h5wasm) keeps the filter.
 */
function quietAborts(): () => void {
  const con = (globalThis as unknown as { console: { error: (...args: unknown[]) => void } }).console;
  const error = con.error;
  con.error = function filtered(...args: unknown[]): void {
    if (typeof args[0] === 'string' && args[0].startsWith('Aborted(')) return;
    error.apply(con, args);
  };
  return () => {
    con.error = error;
  };
}

/** What WORKERFS needs of a dropped file: a `File` (or a `Blob` with a name). */
export interface NamedBlob {
  readonly name: string;
  readonly size: number;
}

let mounts = 0;

/**
 * Web Worker only: makes a dropped `File` readable by HDF5 without copying it: WORKERFS reads the slices
 * HDF5 asks for (FileReaderSync), so a 2 GB file opens. Returns the path to pass to `readHdf5Log`;
 * call `unmountFile` when done.
 */
export function mountFile(h5: H5Module, file: NamedBlob): string {
  const FS = h5.Module.FS;
  const WORKERFS = (FS.filesystems as Record<string, unknown>).WORKERFS;
  if (!WORKERFS) throw new Error('this h5wasm build has no WORKERFS (mountFile is for the Web Worker build)');
  const dir = `/strace-dfg-in/${++mounts}`;
  FS.mkdirTree(dir);
  FS.mount(WORKERFS as typeof FS, { files: [file] }, dir);
  return `${dir}/${file.name}`;
}

/** Undoes `mountFile`. */
export function unmountFile(h5: H5Module, pathInFs: string): void {
  const dir = pathInFs.replace(/\/[^/]*$/, '');
  h5.Module.FS.unmount(dir);
  h5.Module.FS.rmdir(dir);
}

let temps = 0;

/** A fresh temporary path in h5wasm's FS (host /tmp in Node, MEMFS /tmp in the browser). */
export function tempPath(h5: H5Module, stem: string): string {
  const FS = h5.Module.FS;
  try {
    FS.mkdirTree('/tmp');
  } catch {
    // exists
  }
  const rnd = Math.floor(Math.random() * 1e9).toString(36);
  return `/tmp/${stem}-${rnd}-${++temps}.h5`;
}

/**
 * Copies bytes into MEMFS (browser) or a host temp file (Node) and returns the path: for small files that
 * arrived as bytes (tests, fetch). Large dropped files should use `mountFile` instead. Remove with `removeFile`.
 */
export function putBytes(h5: H5Module, bytes: Uint8Array, stem = 'input'): string {
  const path = tempPath(h5, stem);
  h5.Module.FS.writeFile(path, bytes);
  return path;
}

export function removeFile(h5: H5Module, pathInFs: string): void {
  try {
    h5.Module.FS.unlink(pathInFs);
  } catch {
    // already gone
  }
}

/** Size in bytes of a file in h5wasm's FS. */
export function fileSize(h5: H5Module, pathInFs: string, displayName: string): number {
  try {
    return Number((h5.Module.FS.stat(pathInFs) as { size: number }).size);
  } catch {
    throw new Hdf5FormatError(`${displayName}: file not found (${pathInFs})`);
  }
}
