/** Darshan logs (docs/FORMATS.md "Darshan logs"): the reader behind darshanImporter, loaded lazily. */
import type { EventLog } from '../../model/eventlog';
import { readDarshan, readDarshanFast } from './read';
import { toEventLog } from './toLog';

export { isDarshan } from './header';
export { readDarshan, readDarshanFast, type DarshanData } from './read';
export { toEventLog, exeName, LAYERS } from './toLog';

/** The bytes of a whole Darshan log → its EventLog (DXT events; counters, job and heatmaps as its profile). */
export function readDarshanLog(name: string, bytes: Uint8Array): EventLog {
  return toEventLog(name, bytes.length, readDarshan(name, bytes));
}

/** readDarshanLog with the DXT regions inflated by the runtime's native inflater where it has a usable one (browsers). */
export async function readDarshanLogFast(name: string, bytes: Uint8Array): Promise<EventLog> {
  return toEventLog(name, bytes.length, await readDarshanFast(name, bytes));
}
