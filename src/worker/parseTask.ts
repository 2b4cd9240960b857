/** What a parse worker of the pool does with one task: run the named importer over the File. */
import type { PathFilter } from '../analysis/types';
import { forReading, webInflate } from '../ingest/gzip';
import { importerById } from '../ingest/registry';
import type { EventLog } from '../model/eventlog';
import { pathPredicate } from '../session/pathFilter';
import { fileSource } from './fileSource';
import type { FileLike } from './protocol';

export interface ParseTask {
  id: number;
  file: FileLike;
  name: string;
  importer: string;
  /** The head the coordinating worker read to sniff the file (decompressed, for a gzip file). */
  head: Uint8Array;
  /** Set for a gzip file: its own name (`name` is the decompressed one); the task decompresses it as a stream. */
  gzip?: string;
  pathFilter?: PathFilter[];
}

export function runParseTask(task: ParseTask, onBytes: (n: number) => void, chunk?: number): Promise<EventLog> {
  const opts = { pathFilter: pathPredicate(task.pathFilter), ...(chunk ? { chunk } : {}) };
  const file = fileSource(task.file, task.gzip ?? task.name);
  // a gzip file: decompressed as a stream, its compressed bytes counted (forReading)
  const r = forReading(task.gzip ? { name: task.name, size: file.size, read: file.read, compressed: file } : file, webInflate(), onBytes);
  return importerById(task.importer).read(r.source, task.head, opts, { cancel: { cancelled: false }, onBytes: r.onBytes });
}
