/** What a parse worker of the pool does with one task: run the named importer over the File. */
import { buildIndex, type SequenceSource } from '../analysis/concurrency';
import type { TimeOrder } from '../analysis/logIndex';
import { sortedEntries } from '../analysis/seqSort';
import type { PathFilter } from '../analysis/types';
import { forReading, webInflate } from '../ingest/gzip';
import { CHUNK } from '../ingest/source';
import { importerById } from '../ingest/registry';
import type { EventLog } from '../model/eventlog';
import { pathPredicate } from '../analysis/pathFilter';
import { fileSource, firstChunk } from './fileSource';
import type { ParseReply } from './pool';
import { toErrorInfo, transferables, type FileLike } from './protocol';

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

/**
 * The mc sweep's time sort and sequence of a loaded log's columns (ParsePool.timeOrder), made on an idle
 * parse worker while the analysis worker goes on: the columns are copies transferred here.
 */
export interface SortTask {
  id: number;
  sort: SequenceSource;
}

/** The time order of `cols` (seqSort.ts sortedEntries, concurrency.ts buildIndex) and the buffers to transfer back. */
export function timeOrderOf(cols: SequenceSource): { order: TimeOrder; transfer: ArrayBuffer[] } {
  const sorted = sortedEntries(cols);
  const index = buildIndex(cols, sorted);
  const order: TimeOrder = { sorted: { entries: sorted.entries, starts: sorted.starts }, index };
  return { order, transfer: [...new Set([sorted.entries, index.seq, index.endRank, index.marks, ...(index.caseOfEntry ? [index.caseOfEntry] : [])].map((a) => a.buffer as ArrayBuffer))] };
}

/**
 * The file a parse worker gets next (the pool reserves it for that worker), announced while it still has
 * one to parse: the worker starts reading its first chunk at once (`firstChunk`), so that read overlaps the
 * parse of the current file instead of following it.
 */
export interface ReadAhead {
  /** The ParseTask id of that file. */
  readAhead: number;
  file: FileLike;
}

/** `first`: the first chunk of the task's file, read ahead (firstChunk(task.file, chunk)). */
export function runParseTask(task: ParseTask, onBytes: (n: number) => void, chunk?: number, first?: Promise<Uint8Array>): Promise<EventLog> {
  const opts = { pathFilter: pathPredicate(task.pathFilter), ...(chunk ? { chunk } : {}) };
  const file = fileSource(task.file, task.gzip ?? task.name, first && !task.gzip ? { chunk: chunk ?? CHUNK, bytes: first } : undefined);
  // a gzip file: decompressed as a stream, its compressed bytes counted (forReading)
  const r = forReading(task.gzip ? { name: task.name, size: file.size, read: file.read, compressed: file } : file, webInflate(), onBytes);
  return importerById(task.importer).read(r.source, task.head, opts, { cancel: { cancelled: false }, onBytes: r.onBytes }).then(r.done);
}

/**
 * A parse worker's message handler (parseWorker.ts; the pool's tests run it in-process): a ReadAhead starts
 * reading that file's first chunk; a ParseTask parses its file (with that chunk when it was read ahead) and
 * posts the log, its typed arrays transferred; a SortTask posts the time order of its columns.
 */
export function parseWorkerHandler(post: (m: ParseReply, transfer?: Transferable[]) => void, chunk?: number): (m: ParseTask | ReadAhead | SortTask) => Promise<void> {
  const ahead = new Map<number, Promise<Uint8Array>>();
  return async (m) => {
    if ('sort' in m) {
      try {
        const { order, transfer } = timeOrderOf(m.sort);
        post({ type: 'order', id: m.id, order }, transfer);
      } catch (e) {
        post({ type: 'error', id: m.id, error: toErrorInfo(e) });
      }
      return;
    }
    if ('readAhead' in m) {
      const bytes = firstChunk(m.file, chunk);
      bytes.catch(() => undefined); // a failed read is reported by the task that uses it
      ahead.set(m.readAhead, bytes);
      return;
    }
    const { id } = m;
    const first = ahead.get(id);
    ahead.delete(id);
    try {
      const log = await runParseTask(m, (n) => post({ type: 'bytes', id, n }), chunk, first);
      post({ type: 'done', id, log }, transferables(log));
    } catch (e) {
      post({ type: 'error', id, error: toErrorInfo(e) });
    }
  };
}
