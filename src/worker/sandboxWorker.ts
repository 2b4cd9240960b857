/**
 * The sandbox worker's whole code (docs/ARCHITECTURE.md "Security"): one self-contained function, so that its
 * source text can become a worker anywhere — the sandbox frame (sandboxFrame.js) makes a blob of
 * `(${sandboxWorkerMain})(self)`. A blob worker has the Content Security Policy of the document that made it,
 * and the frame's policy forbids every fetch and import (`default-src 'none'`): no syntax reaches the
 * network. Before any user code is compiled, `lockdown` also replaces every way out of the worker's global
 * scope by a non-writable, non-configurable `undefined` — network (fetch, XMLHttpRequest, WebSocket,
 * EventSource, WebTransport, importScripts, FontFace loads), storage (indexedDB, caches), other contexts
 * (Worker, SharedWorker, BroadcastChannel, postMessage), string-compiled code (eval, Function and the
 * constructors reachable from any function, string timers) and WebAssembly — and checks that each is gone
 * (else no code runs). One request: the port it is given receives `{ source, inputs }` and answers
 * `CustomAnswers` (src/session/compile.ts).
 *
 * Nothing outside the function may be referenced from inside it (its text is all the worker gets):
 * sandboxWorker.test.ts runs that text in a context of its own.
 */

/** What the worker's global scope must offer (the DedicatedWorkerGlobalScope, or a test's stand-in). */
export interface SandboxScope {
  addEventListener(type: 'message', fn: (ev: { data: unknown; ports: readonly SandboxPort[] }) => void): void;
}
export interface SandboxPort {
  postMessage(m: unknown): void;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

/** The names lockdown takes away (absent ones are skipped). Kept in sync with the list inside the function by a test. */
export const LOCKED = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'WebTransport', 'EventSource', 'importScripts', 'Worker', 'SharedWorker',
  'BroadcastChannel', 'indexedDB', 'caches', 'navigator', 'FontFace', 'fonts', 'RTCPeerConnection', 'Notification', 'WebAssembly', 'eval', 'Function',
  'setTimeout', 'setInterval', 'postMessage', 'close'] as const;

export function sandboxWorkerMain(scope: SandboxScope): void {
  const LOCK = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'WebTransport', 'EventSource', 'importScripts', 'Worker', 'SharedWorker',
    'BroadcastChannel', 'indexedDB', 'caches', 'navigator', 'FontFace', 'fonts', 'RTCPeerConnection', 'Notification', 'WebAssembly', 'eval', 'Function',
    'setTimeout', 'setInterval', 'postMessage', 'close'];
  type Answers = { values: (string | null)[] } | { index: number; error: string; detail?: string };
  const blocked = (): never => {
    throw new TypeError('not available to custom mapping code');
  };
  const lock = (obj: object, name: PropertyKey, value: unknown): boolean => {
    try {
      Object.defineProperty(obj, name, { value, writable: false, configurable: false, enumerable: false });
      return true;
    } catch {
      try {
        return delete (obj as Record<PropertyKey, unknown>)[name];
      } catch {
        return false;
      }
    }
  };
  // lockdown: everything above is captured first; the user's code gets none of it
  const RealFunction = Function;
  const global = globalThis as unknown as Record<string, unknown>;
  const fnProtos = [Function.prototype, Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {})] as object[];
  const failed: string[] = [];
  for (const p of fnProtos) if (!lock(p, 'constructor', blocked)) failed.push('Function constructor');
  for (const name of LOCK) {
    for (let o: object | null = global; o !== null; o = Object.getPrototypeOf(o) as object | null) {
      if (Object.prototype.hasOwnProperty.call(o, name) && !lock(o, name, undefined)) failed.push(name);
    }
    if (global[name] !== undefined) failed.push(name);
  }
  for (const p of fnProtos) if ((p as { constructor: unknown }).constructor !== blocked) failed.push('Function constructor');
  const setupError = failed.length ? `the sandbox could not take away ${[...new Set(failed)].join(', ')}` : '';

  const evaluate = (source: string, inputs: unknown[]): Answers => {
    if (setupError) return { index: -1, error: `custom mapping not run: ${setupError}` };
    let fn: unknown;
    try {
      fn = RealFunction(`"use strict"; return (${source}\n);`)();
    } catch (e) {
      return { index: -1, error: `custom mapping does not compile: ${(e as Error)?.message ?? String(e)}` };
    }
    if (typeof fn !== 'function') return { index: -1, error: `custom mapping must be a function such as (e) => e.call + ':' + e.path, got ${typeof fn}` };
    const values: (string | null)[] = new Array<string | null>(inputs.length);
    for (let i = 0; i < inputs.length; i++) {
      let r: unknown;
      try {
        r = (fn as (e: unknown) => unknown)(inputs[i]);
      } catch (e) {
        return { index: i, error: 'threw', detail: e instanceof Error ? e.message : String(e) };
      }
      if (r !== null && typeof r !== 'string') return { index: i, error: 'returned', detail: r === undefined ? 'undefined' : typeof r };
      values[i] = r;
    }
    return { values };
  };

  let used = false;
  scope.addEventListener('message', (ev) => {
    const port = ev.ports[0];
    if (used || port === undefined) return;
    used = true;
    port.onmessage = (m) => {
      port.onmessage = null;
      const req = m.data as { source: string; inputs: unknown[] };
      port.postMessage(evaluate(String(req.source), Array.isArray(req.inputs) ? req.inputs : []));
    };
  });
}
