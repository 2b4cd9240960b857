/**
 * HDF5 in the CLI: h5wasm's Node build (host file system through NODERAWFS, so paths are real paths),
 * loaded only when an .h5 input or `convert` needs it.
 */
import { resolve } from 'node:path';
import type { EventLog } from '../model';

type Hdf5Api = typeof import('../ingest/hdf5');
type H5 = Parameters<Hdf5Api['readHdf5Log']>[0];

let loaded: Promise<{ api: Hdf5Api; h5: H5 }> | null = null;

function load(): Promise<{ api: Hdf5Api; h5: H5 }> {
  loaded ??= (async () => {
    const [api, h5wasm] = await Promise.all([import('../ingest/hdf5'), import('h5wasm/node')]);
    await h5wasm.ready;
    return { api, h5: h5wasm as unknown as H5 };
  })();
  return loaded;
}

/** Reads an HDF5 event log (any layout the importer knows). */
export async function readHdf5File(path: string, name: string): Promise<EventLog> {
  const { api, h5 } = await load();
  return api.readHdf5Log(h5, resolve(path), name);
}

/** Writes `log` as strace-dfg's native HDF5 event log. */
export async function writeHdf5File(log: EventLog, path: string): Promise<void> {
  const { api, h5 } = await load();
  api.writeNativeHdf5(h5, log, resolve(path));
}
