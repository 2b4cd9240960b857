/// <reference lib="webworker" />
/** A parse worker of the pool: one file → one EventLog, its typed arrays transferred back (parseTask.ts). */
import { detachEarly } from '../lib/detach';
import { parseWorkerHandler, type ParseTask, type ReadAhead } from './parseTask';

detachEarly(); // it sends every log with transfer (src/lib/detach.ts)

const handle = parseWorkerHandler((m, t = []) => (self as DedicatedWorkerGlobalScope).postMessage(m, t));
self.onmessage = (ev: MessageEvent<ParseTask | ReadAhead>) => void handle(ev.data);
