/**
 * The browser path in Node: h5wasm's ESM (web) build with WORKERFS, a dropped `File` stood in by a Node
 * `Blob` and `FileReaderSync` (workers only) by a synchronous stand-in over the same bytes. Proves that
 * mountFile + readHdf5Log read the file lazily in slices (never whole) and give the same log as Node's build.
 */
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { asH5Module, loadH5wasm, mountFile, readHdf5Log, unmountFile, writeNativeHdf5, type H5Module } from './index';
import { mergeLogs } from '../../model';
import { parseStraceBytes } from '../strace';

const FIX = fileURLToPath(new URL('./__fixtures__/', import.meta.url));

/** A File-like over bytes; slices remember their bytes so the stand-in reader can return them. */
class FakeFile {
  readonly lastModifiedDate = new Date(0);
  constructor(
    readonly name: string,
    readonly bytes: Uint8Array,
  ) {}
  get size(): number {
    return this.bytes.length;
  }
  slice(a: number, b: number): FakeFile {
    return new FakeFile(this.name, this.bytes.subarray(a, Math.min(b, this.bytes.length)));
  }
}
const reads: number[] = [];
class FakeFileReaderSync {
  readAsArrayBuffer(blob: FakeFile): ArrayBuffer {
    reads.push(blob.size);
    const out = new Uint8Array(blob.size); // a copy: Node Buffers share pooled ArrayBuffers
    out.set(blob.bytes);
    return out.buffer;
  }
}

let web: H5Module;
let node: H5Module;
beforeAll(async () => {
  node = await loadH5wasm(); // the Node build, loaded before pretending to be a worker
  const g = globalThis as Record<string, unknown>;
  g.WorkerGlobalScope = class {}; // h5wasm's WORKERFS asserts it runs in a worker
  g.FileReaderSync = FakeFileReaderSync;
  const api = await import('h5wasm');
  web = asH5Module({ api, Module: await api.ready, env: 'web' });
  expect(node.env).toBe('node');
  expect(web.Module).not.toBe(node.Module);
});

describe('WORKERFS (browser build) mount of a dropped file', () => {
  it('reads a pandas file through WORKERFS like Node reads it from disk', () => {
    const bytes = readFileSync(`${FIX}pandas_table_blocks.h5`);
    const path = mountFile(web, new FakeFile('pandas_table_blocks.h5', bytes));
    try {
      const a = readHdf5Log(web, path, 'pandas_table_blocks.h5');
      const b = readHdf5Log(node, `${FIX}pandas_table_blocks.h5`, 'pandas_table_blocks.h5');
      expect(a).toEqual(b);
    } finally {
      unmountFile(web, path);
    }
  });

  it('reads a native file in slices, never the whole file at once', () => {
    const TR = ['ls_node1_1.st', 'ls_node1_2.st', 'lsl_node2_1.st', 'sh_node2_2.st'];
    const log = mergeLogs(TR.map((t) => parseStraceBytes(t, readFileSync(`${FIX}src/${t}`))));
    const tmp = `/tmp/workerfs-${process.pid}.h5`;
    writeNativeHdf5(node, log, tmp);
    const bytes = readFileSync(tmp);
    rmSync(tmp);
    reads.length = 0;
    const path = mountFile(web, new FakeFile('log.h5', bytes));
    const back = readHdf5Log(web, path, 'log.h5');
    unmountFile(web, path);
    expect(back).toEqual({ ...log, files: log.files });
    expect(reads.length).toBeGreaterThan(5);
    expect(Math.max(...reads)).toBeLessThan(bytes.length);
    // two mounts of the same name do not collide, and unmount frees the name
    const p1 = mountFile(web, new FakeFile('same.h5', bytes));
    const p2 = mountFile(web, new FakeFile('same.h5', bytes));
    expect(p1).not.toBe(p2);
    unmountFile(web, p1);
    unmountFile(web, p2);
  });

  it('bad files give the same messages through WORKERFS', () => {
    const path = mountFile(web, new FakeFile('bad_truncated.h5', readFileSync(`${FIX}bad_truncated.h5`)));
    expect(() => readHdf5Log(web, path, 'bad_truncated.h5')).toThrow(/^bad_truncated\.h5: not a readable HDF5 file \(truncated or corrupt\)/);
    unmountFile(web, path);
  });
});
