/**
 * The setup of the native HDF5 tests (src/ingest/hdf5: the layout, its call stacks, its Darshan profiles):
 * h5wasm loaded and a temporary folder made before the tests, the folder removed after them, and a round trip
 * (the log written as the native layout, docs/FORMATS.md "The native layout", then read back).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadH5wasm, readHdf5Log, writeNativeHdf5, type H5Module } from '../ingest/hdf5/index';
import type { EventLog } from '../model';

export interface NativeH5Files {
  /** h5wasm (loaded before the tests). */
  readonly h5: H5Module;
  /** `name` in the temporary folder. */
  path(name: string): string;
  /** `log` written as `name` in the temporary folder (columns in slabs of `slab` rows when given) and read back. */
  roundTrip(log: EventLog, name: string, slab?: number): EventLog;
}

/** Call at the top of a test file: registers the beforeAll / afterAll; `prefix` names the temporary folder. */
export function nativeH5Files(prefix: string): NativeH5Files {
  let h5: H5Module | undefined;
  let dir = '';
  beforeAll(async () => {
    h5 = await loadH5wasm();
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const files: NativeH5Files = {
    get h5(): H5Module {
      if (!h5) throw new Error('nativeH5Files: h5wasm is loaded in beforeAll, use it inside a test');
      return h5;
    },
    path: (name) => join(dir, name),
    roundTrip(log, name, slab) {
      const path = join(dir, name);
      writeNativeHdf5(files.h5, log, path, slab ? { slab } : undefined);
      return readHdf5Log(files.h5, path, name);
    },
  };
  return files;
}
