/// <reference lib="webworker" />
/** A parse worker of the pool: one file → one EventLog, its typed arrays transferred back. */
import { runParseTask, type ParseTask } from './parseTask';
import { toErrorInfo, transferables } from './protocol';
import type { ParseReply } from './pool';

const post = (m: ParseReply, t: Transferable[] = []) => (self as DedicatedWorkerGlobalScope).postMessage(m, t);

self.onmessage = async (ev: MessageEvent<ParseTask>) => {
  const { id } = ev.data;
  try {
    const log = await runParseTask(ev.data, (n) => post({ type: 'bytes', id, n }));
    post({ type: 'done', id, log }, transferables(log));
  } catch (e) {
    post({ type: 'error', id, error: toErrorInfo(e) });
  }
};
