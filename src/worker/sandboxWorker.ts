/// <reference lib="webworker" />
/**
 * The sandbox worker: evaluates one custom mapping function over its inputs and is then terminated. Its
 * global scope is locked down before the code is compiled (lockdown.ts): no network, no storage, no other
 * code. One request per worker: `{ source, inputs }` → `CustomAnswers` (src/session/session.ts).
 */
import type { CustomEvent } from '../analysis/mapping';
import type { CustomAnswers } from '../session/session';
import { lockdown } from './lockdown';

const scope = self as DedicatedWorkerGlobalScope;
const post = scope.postMessage.bind(scope);
let compile: ((s: string) => unknown) | null = null;
let setupError = '';
try {
  compile = lockdown(globalThis);
} catch (e) {
  setupError = (e as Error).message;
}

scope.addEventListener('message', (ev: MessageEvent<{ source: string; inputs: CustomEvent[] }>) => {
  post(evaluate(ev.data.source, ev.data.inputs));
});

function evaluate(source: string, inputs: CustomEvent[]): CustomAnswers {
  if (!compile) return { index: -1, error: `custom mapping not run: ${setupError}` };
  let fn: unknown;
  try {
    fn = compile(source);
  } catch (e) {
    return { index: -1, error: `custom mapping does not compile: ${(e as Error)?.message ?? String(e)}` };
  }
  if (typeof fn !== 'function') return { index: -1, error: `custom mapping must be a function such as (e) => e.call + ':' + e.path, got ${typeof fn}` };
  const values: (string | null)[] = new Array<string | null>(inputs.length);
  for (let i = 0; i < inputs.length; i++) {
    let r: unknown;
    try {
      r = (fn as (e: CustomEvent) => unknown)(inputs[i]);
    } catch (e) {
      return { index: i, error: 'threw', detail: e instanceof Error ? e.message : String(e) };
    }
    if (r !== null && typeof r !== 'string') return { index: i, error: 'returned', detail: r === undefined ? 'undefined' : typeof r };
    values[i] = r;
  }
  return { values };
}
