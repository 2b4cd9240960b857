/// <reference lib="webworker" />
/** A parse worker of the pool: one file → one EventLog, its typed arrays transferred back. */
import { loadFile } from './load';
import { pathPredicate } from './pathFilter';
import { toErrorInfo, transferables } from './protocol';
import type { ParseReply, ParseTask } from './pool';

const post = (m: ParseReply, t: Transferable[] = []) => (self as DedicatedWorkerGlobalScope).postMessage(m, t);

self.onmessage = async (ev: MessageEvent<ParseTask>) => {
  const { id, file, name, pathFilter } = ev.data;
  try {
    const log = await loadFile(file, name, { cancelled: false }, (n) => post({ type: 'bytes', id, n }), undefined, pathPredicate(pathFilter));
    post({ type: 'done', id, log }, transferables(log));
  } catch (e) {
    post({ type: 'error', id, error: toErrorInfo(e) });
  }
};
