/**
 * The CLI's custom mapping sandbox (docs/ARCHITECTURE.md "Security"). The code runs in a worker thread of
 * its own with a memory cap (`resourceLimits`: V8 ends the thread, not the CLI, when it is reached) and an
 * empty environment, inside a `node:vm` context made there from nothing: no `require`, `process`, `import()`
 * (no module loader is given), no timers, no console, and no string compilation (`eval`, `Function`: off
 * for the context), so that no file, process, network or module is within reach. The inputs go in as one
 * JSON string and the answers come out as one (no object of another realm is ever handed to the code: its
 * prototypes would lead out). The loop runs under the context's own timeout (the app's 30 s), which stops
 * an endless loop; the thread is terminated 2 s later in any case. Whatever stops it is one clear line
 * (a MappingError: exit 2).
 */
import { Worker } from 'node:worker_threads';
import type { CustomEvent } from '../../analysis/mapping';
import { CancelledError } from '../../ingest/source';
import type { CustomAnswers, CustomSandbox } from '../../session/session';
import type { Ctx } from '../../session/types';

/** How long one evaluation may run: the app's SANDBOX_BUDGET_MS. */
export const CLI_SANDBOX_BUDGET_MS = 30_000;
/** The sandbox thread's heap cap, beyond the inputs it holds (≈ 4 × their JSON). */
export const CLI_SANDBOX_HEAP_MB = 512;

interface Job {
  source: string;
  json: string;
  budgetMs: number;
  pairs: string;
}

/** The sandbox thread's code (its source text is the worker: nothing outside it may be referenced). */
function sandboxThread(): void {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads') as typeof import('node:worker_threads');
  const vm = process.getBuiltinModule('node:vm') as typeof import('node:vm');
  const job = workerData as Job;
  const post = (a: unknown): void => parentPort!.postMessage(a);
  const ctx = vm.createContext(Object.create(null) as object, { name: 'custom mapping', codeGeneration: { strings: false, wasm: false }, microtaskMode: 'afterEvaluate' });
  (ctx as { __json: string }).__json = job.json;
  const LOOP = `"use strict"; (function (fn) {
    const inputs = JSON.parse(__json);
    const out = new Array(inputs.length);
    for (let i = 0; i < inputs.length; i++) {
      let r;
      try { r = fn(inputs[i]); } catch (e) {
        let detail; try { detail = e !== null && typeof e === 'object' && 'message' in e ? String(e.message) : String(e); } catch { detail = '?'; }
        return JSON.stringify({ index: i, error: 'threw', detail: detail });
      }
      if (r !== null && typeof r !== 'string') return JSON.stringify({ index: i, error: 'returned', detail: r === undefined ? 'undefined' : typeof r });
      out[i] = r;
    }
    return JSON.stringify({ values: out });
  })`;
  const t0 = Date.now();
  try {
    let fn: unknown;
    try {
      fn = new vm.Script(`"use strict"; (${job.source}\n)`, { filename: 'custom mapping' }).runInContext(ctx, { timeout: job.budgetMs });
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw e;
      post({ index: -1, error: `custom mapping does not compile: ${String((e as Error)?.message ?? e)}` });
      return;
    }
    if (typeof fn !== 'function') {
      post({ index: -1, error: `custom mapping must be a function such as (e) => e.call + ':' + e.path, got ${typeof fn}` });
      return;
    }
    (ctx as { __fn: unknown }).__fn = fn;
    (ctx as { __loop: unknown }).__loop = new vm.Script(LOOP).runInContext(ctx);
    const left = Math.max(1, job.budgetMs - (Date.now() - t0));
    const text = new vm.Script('__loop(__fn)').runInContext(ctx, { timeout: left }) as unknown;
    post(typeof text === 'string' ? JSON.parse(text) : { index: -1, error: 'custom mapping: the sandbox answered something else than one string or null per event' });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      post({ index: -1, error: `custom mapping stopped: it ran for more than ${job.budgetMs / 1000} s on ${job.pairs} (an endless loop?)` });
    else post({ index: -1, error: `custom mapping stopped: ${String((e as Error)?.message ?? e)}` });
  }
}

export const SANDBOX_THREAD_CODE = `"use strict";(${sandboxThread.toString()})();`;

export interface NodeSandboxOptions {
  budgetMs?: number;
  heapMb?: number;
}

export function nodeSandbox(opts: NodeSandboxOptions = {}): CustomSandbox {
  const budgetMs = opts.budgetMs ?? CLI_SANDBOX_BUDGET_MS;
  return (ctx: Ctx, source: string, inputs: CustomEvent[]) =>
    new Promise<CustomAnswers>((resolve, reject) => {
      const json = JSON.stringify(inputs);
      const heapMb = (opts.heapMb ?? CLI_SANDBOX_HEAP_MB) + Math.ceil((json.length * 8) / 2 ** 20);
      const pairs = `${inputs.length.toLocaleString('en-US')} (call, file) pairs`;
      const job: Job = { source, json, budgetMs, pairs };
      const w = new Worker(SANDBOX_THREAD_CODE, {
        eval: true,
        workerData: job,
        env: {},
        argv: [],
        execArgv: [],
        stdout: true,
        stderr: true,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
        name: 'strace-dfg custom mapping',
      });
      let over = false;
      const end = (a: CustomAnswers | null, e?: unknown): void => {
        if (over) return;
        over = true;
        clearTimeout(kill);
        clearInterval(poll);
        void w.terminate();
        if (a) resolve(a);
        else reject(e);
      };
      const kill = setTimeout(() => end({ index: -1, error: `custom mapping stopped: it ran for more than ${budgetMs / 1000} s on ${pairs} (an endless loop?)` }), budgetMs + 2000);
      const poll = setInterval(() => ctx.cancel.cancelled && end(null, new CancelledError()), 100);
      poll.unref();
      w.on('message', (a: CustomAnswers) => end(a));
      w.on('error', (e: Error & { code?: string }) =>
        end({
          index: -1,
          error:
            e.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `custom mapping stopped: it used more than its ${heapMb} MB of memory on ${pairs} (it allocates without end?)`
              : `custom mapping stopped: ${e.message}`,
        }),
      );
      w.on('exit', (code) => end({ index: -1, error: `custom mapping stopped: its sandbox ended (exit ${code})` }));
    });
}
