/**
 * HDF5 in the CLI, through src/ingest/hdf5 (h5wasm's Node build: NODERAWFS, so host paths are FS paths and
 * HDF5 reads files lazily). Loaded only when an .h5 input or `convert` needs it.
 */
import { resolve } from 'node:path';
import type { EventLog } from '../../model';

type Hdf5Api = typeof import('../../ingest/hdf5');
let loaded: Promise<{ api: Hdf5Api; h5: Awaited<ReturnType<Hdf5Api['loadH5wasm']>> }> | null = null;

function load() {
  loaded ??= (async () => {
    const api = await import('../../ingest/hdf5');
    return { api, h5: await api.loadH5wasm() };
  })();
  return loaded;
}

/** Loads h5wasm (done by the first read or write anyway; the bench times it apart). */
export async function initHdf5(): Promise<void> {
  await load();
}

/** Reads an HDF5 event log (any layout the importer knows); the benchmark times it apart from the CLI. */
export async function readHdf5File(path: string, name: string): Promise<EventLog> {
  const { api, h5 } = await load();
  return api.readHdf5Log(h5, resolve(path), name);
}

/** Writes `log` as strace-dfg's native HDF5 event log. */
export async function writeHdf5File(log: EventLog, path: string): Promise<void> {
  const { api, h5 } = await load();
  api.writeNativeHdf5(h5, log, resolve(path));
}
