/** HDF5 event logs in the worker (placeholder until src/ingest/hdf5 lands). */
import type { EventLog } from '../model/eventlog';
import type { FileLike } from './protocol';

export async function loadHdf5File(_file: FileLike, name: string): Promise<EventLog> {
  throw new Error(`${name}: HDF5 event logs are not supported yet in this build`);
}

export async function exportHdf5(_log: EventLog): Promise<ArrayBuffer> {
  throw new Error('HDF5 export is not available yet in this build');
}
