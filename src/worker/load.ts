/** Reading dropped files in the worker: sniff, then stream 16 MiB slices into the parser (one read ahead). */
import { sniff, StraceParser } from '../ingest/index';
import type { EventLog } from '../model/eventlog';
import { CancelledError, type FileLike, type Progress } from './protocol';
import { loadHdf5File } from './hdf5';

export const CHUNK = 16 * 1024 * 1024;
const SNIFF_BYTES = 4096;

/** A file that is neither strace nor HDF5, or that could not be read: named in the summary. */
export class FileFormatError extends Error {
  override name = 'FileFormatError';
}

export interface Cancel {
  cancelled: boolean;
}

/** Reports progress at most every `ms` milliseconds (and always when forced). */
export class Throttle {
  private last = 0;
  private readonly t0: number;
  constructor(
    private readonly emit: (p: Progress) => void,
    private readonly ms = 100,
  ) {
    this.t0 = Date.now();
  }
  report(phase: Progress['phase'], done: number, total: number, file: string, force = false): void {
    const now = Date.now();
    if (!force && now - this.last < this.ms) return;
    this.last = now;
    const secs = (now - this.t0) / 1000;
    const rate = secs > 0 ? done / secs / (1024 * 1024) : 0;
    this.emit({ phase, done, total, rate, file });
  }
}

/**
 * Loads one file into an EventLog. `onBytes(n)` is called after each chunk parsed.
 * Throws FileFormatError for content that is neither strace nor HDF5, CancelledError when cancelled.
 */
export async function loadFile(
  file: FileLike,
  name: string,
  cancel: Cancel,
  onBytes: (n: number) => void,
  chunk = CHUNK,
  pathFilter?: (fp: string) => boolean,
): Promise<EventLog> {
  if (file.size === 0) throw new FileFormatError(`${name}: empty file`);
  const head = new Uint8Array(await file.slice(0, Math.min(SNIFF_BYTES, file.size)).arrayBuffer());
  const kind = sniff(name, head);
  if (kind === 'hdf5') {
    const log = await loadHdf5File(file, name);
    onBytes(file.size);
    return log;
  }
  if (kind !== 'strace') throw new FileFormatError(`${name}: neither an strace trace nor an HDF5 event log`);
  const parser = new StraceParser(name, pathFilter ? { pathFilter } : {});
  // The next slice is read (by the browser, off this thread) while this one is parsed.
  const read = (off: number) => file.slice(off, Math.min(off + chunk, file.size)).arrayBuffer();
  let next = read(0);
  for (let off = 0; off < file.size; off += chunk) {
    if (cancel.cancelled) throw new CancelledError();
    const buf = await next;
    if (cancel.cancelled) throw new CancelledError();
    if (off + chunk < file.size) {
      next = read(off + chunk);
      next.catch(() => undefined); // a cancel may leave it unawaited
    }
    parser.push(new Uint8Array(buf));
    onBytes(buf.byteLength);
  }
  return parser.finish();
}
