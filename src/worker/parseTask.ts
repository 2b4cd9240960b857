/** What a parse worker of the pool does with one task: run the named importer over the File. */
import type { PathFilter } from '../analysis/types';
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
  /** The head the coordinating worker read to sniff the file. */
  head: Uint8Array;
  pathFilter?: PathFilter[];
}

export function runParseTask(task: ParseTask, onBytes: (n: number) => void, chunk?: number): Promise<EventLog> {
  const opts = { pathFilter: pathPredicate(task.pathFilter), ...(chunk ? { chunk } : {}) };
  return importerById(task.importer).read(fileSource(task.file, task.name), task.head, opts, { cancel: { cancelled: false }, onBytes });
}
