/// <reference lib="webworker" />
/** A parse worker of the pool: one file → one EventLog, its typed arrays transferred back; or a loaded log's mc time order (parseTask.ts). */
import { detachEarly } from '../lib/detach';
import { parseWorkerHandler, type ParseTask, type ReadAhead, type SortTask } from './parseTask';

detachEarly(); // it sends every log with transfer (src/lib/detach.ts)

const handle = parseWorkerHandler((m, t = []) => (self as DedicatedWorkerGlobalScope).postMessage(m, t));
self.onmessage = (ev: MessageEvent<ParseTask | ReadAhead | SortTask>) => void handle(ev.data);
