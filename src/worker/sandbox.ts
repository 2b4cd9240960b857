/**
 * The analysis worker's side of the custom mapping sandbox: one fresh sandbox worker per evaluation
 * (sandboxWorker.ts, locked down before the code is compiled), terminated when it answers, fails, the
 * request is cancelled, or it runs longer than its time budget (a `while (true)` mapping stops by itself
 * with a mapping error; the previous graph stays).
 */
import type { CustomEvent } from '../analysis/mapping';
import { CancelledError } from '../ingest/source';
import type { CustomAnswers, CustomSandbox } from '../session/session';
import type { Ctx } from '../session/types';

export type SandboxFactory = () => Worker;

export const sandboxFactory: SandboxFactory = () => new Worker(new URL('./sandboxWorker.ts', import.meta.url), { type: 'module', name: 'strace-dfg-sandbox' });

/** How long one evaluation of a custom mapping may run (it runs once per distinct (call, file) pair: a
 * million pairs take about a second). */
export const SANDBOX_BUDGET_MS = 30_000;

export function workerSandbox(factory: SandboxFactory = sandboxFactory, budgetMs = SANDBOX_BUDGET_MS): CustomSandbox {
  return (ctx: Ctx, source: string, inputs: CustomEvent[]) =>
    new Promise<CustomAnswers>((resolve, reject) => {
      const w = factory();
      const done = (): void => {
        clearInterval(poll);
        clearTimeout(budget);
        w.terminate();
      };
      const budget = setTimeout(() => {
        done();
        resolve({ index: -1, error: `custom mapping stopped: it ran for more than ${budgetMs / 1000} s on ${inputs.length.toLocaleString('en-US')} (call, file) pairs (an endless loop?)` });
      }, budgetMs);
      const poll = setInterval(() => {
        if (!ctx.cancel.cancelled) return;
        done();
        reject(new CancelledError());
      }, 50);
      w.onmessage = (ev: MessageEvent<CustomAnswers>) => {
        done();
        resolve(ev.data);
      };
      w.onerror = (ev: ErrorEvent) => {
        ev.preventDefault();
        done();
        reject(new Error(`the custom mapping sandbox failed: ${ev.message || 'it did not start'}`));
      };
      w.postMessage({ source, inputs });
    });
}
