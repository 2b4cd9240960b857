/**
 * Parsing strace files on a pool of worker threads (`--jobs N`). The worker is the CLI bundle itself
 * (dist-cli/strace-dfg.mjs started with workerData.tag = WORKER_TAG); logs come back with their typed
 * arrays transferred, not copied. Runs only from the bundle: under vitest the module is TypeScript, and
 * `canUseWorkers()` is false (the CLI then parses in-process).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { EventLog } from '../model';
import { parseStraceFile } from './parseFile';

const WORKER_TAG = 'strace-dfg-parse-worker';

interface Job {
  i: number;
  path: string;
  name: string;
}
type Reply = { i: number; log: EventLog; error?: undefined } | { i: number; error: string; log?: undefined };

const script = (): string => fileURLToPath(import.meta.url);

/** True in a worker thread started by `parseInWorkers`. */
export function isParseWorker(): boolean {
  return !isMainThread && (workerData as { tag?: string } | null)?.tag === WORKER_TAG;
}

/** Whether this module runs from a JS bundle that a worker thread can start. */
export function canUseWorkers(): boolean {
  return /\.m?js$/.test(script());
}

/** Default pool size: the machine's cores, at most 8. */
export function defaultJobs(): number {
  return Math.max(1, Math.min(8, availableParallelism()));
}

function buffersOf(log: EventLog): ArrayBuffer[] {
  const cols = [log.pid, log.pair, log.errno, log.start, log.dur, log.size, log.line, log.caseOffsets, log.pairCall, log.pairFp];
  return [...new Set(cols.map((c) => c.buffer as ArrayBuffer))];
}

/** The worker side: parse each file it is sent, reply with the log (buffers transferred) or the error. */
export function runParseWorker(): void {
  const port = parentPort!;
  port.on('message', (job: Job) => {
    try {
      const log = parseStraceFile(job.path, job.name);
      port.postMessage({ i: job.i, log } satisfies Reply, buffersOf(log));
    } catch (e) {
      port.postMessage({ i: job.i, error: e instanceof Error ? e.message : String(e) } satisfies Reply);
    }
  });
}

/**
 * Parses the files on `threads` workers, largest first (so that one big file does not finish last);
 * resolves to one log or Error per file, in input order.
 */
export async function parseInWorkers(
  files: readonly { path: string; name: string; bytes: number }[],
  threads: number,
  onFile?: (bytes: number) => void,
): Promise<(EventLog | Error)[]> {
  const out: (EventLog | Error)[] = new Array(files.length);
  const order = files.map((_, i) => i).sort((a, b) => files[b].bytes - files[a].bytes);
  let next = 0;
  const n = Math.max(1, Math.min(threads, files.length));
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(script(), { workerData: { tag: WORKER_TAG } });
          const feed = (): void => {
            if (next >= order.length) {
              void w.terminate().then(() => resolve());
              return;
            }
            const i = order[next++];
            w.postMessage({ i, path: files[i].path, name: files[i].name } satisfies Job);
          };
          w.on('message', (r: Reply) => {
            out[r.i] = r.error !== undefined ? new Error(r.error) : r.log!;
            onFile?.(files[r.i].bytes);
            feed();
          });
          w.on('error', reject);
          w.on('exit', (code) => {
            if (code !== 0 && code !== 1) reject(new Error(`parse worker exited with code ${code}`));
          });
          feed();
        }),
    ),
  );
  return out;
}
