/**
 * The analysis worker's side of the custom mapping sandbox: one fresh sandbox worker per evaluation
 * (sandboxWorker.ts, locked down before the code is compiled), terminated when it answers, fails or the
 * request is cancelled (a `while (true)` mapping stops on Cancel).
 */
import type { CustomEvent } from '../analysis/mapping';
import { CancelledError } from '../ingest/source';
import type { CustomAnswers, CustomSandbox } from '../session/session';
import type { Ctx } from '../session/types';

export type SandboxFactory = () => Worker;

export const sandboxFactory: SandboxFactory = () => new Worker(new URL('./sandboxWorker.ts', import.meta.url), { type: 'module', name: 'strace-dfg-sandbox' });

export function workerSandbox(factory: SandboxFactory = sandboxFactory): CustomSandbox {
  return (ctx: Ctx, source: string, inputs: CustomEvent[]) =>
    new Promise<CustomAnswers>((resolve, reject) => {
      const w = factory();
      const done = (): void => {
        clearInterval(poll);
        w.terminate();
      };
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
