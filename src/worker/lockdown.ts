/**
 * The sandbox of custom mapping code (docs/ARCHITECTURE.md "Security"): before user code is compiled, the
 * sandbox worker's global scope loses every way out — network (fetch, XMLHttpRequest, WebSocket,
 * EventSource, WebTransport, importScripts, FontFace loads), storage (indexedDB, caches), other contexts
 * (Worker, SharedWorker, BroadcastChannel, postMessage), string-compiled code (eval, Function and the
 * constructors reachable from any function, string timers) and WebAssembly. Each is replaced by a
 * non-writable, non-configurable `undefined` on the global and on its prototypes; the lockdown checks
 * afterwards that every one is gone and refuses to run code otherwise. `import()` is syntax, not a
 * global: code that uses it is refused before it is compiled.
 */

/** What is taken away (names absent in a browser are skipped). */
export const LOCKED = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'WebTransport',
  'EventSource',
  'importScripts',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'indexedDB',
  'caches',
  'navigator',
  'FontFace',
  'fonts',
  'RTCPeerConnection',
  'Notification',
  'WebAssembly',
  'eval',
  'Function',
  'setTimeout',
  'setInterval',
  'postMessage',
  'close',
] as const;

export type Compile = (source: string) => unknown;

function blocked(): never {
  throw new TypeError('not available to custom mapping code');
}

function lock(obj: object, name: PropertyKey, value: unknown): boolean {
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
}

/**
 * Whether `source` may call `import(…)` (dynamic import): the token `import` followed, after white space or
 * comments, by `(`, looked for in the raw source. Nothing is blanked first: a string, template or regex
 * literal cannot be told from code without a full tokenizer (a template's `${…}` is code; a regex literal
 * holding a quote looks like the start of a string), so `import(` inside a string or comment is refused
 * too (rare in a mapping function; the message says why).
 */
export function usesImport(source: string): boolean {
  return /(^|[^.\w$])import(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*(?:\(|$)/.test(source);
}

/**
 * Locks `global` down (the sandbox worker's `self`) and returns the one way left to compile code: the
 * Function constructor captured before. Throws when something could not be taken away.
 */
export function lockdown(global: typeof globalThis): Compile {
  const RealFunction = Function;
  const fnProtos = [Function.prototype, Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {})] as object[];
  const failed: string[] = [];
  for (const p of fnProtos) if (!lock(p, 'constructor', blocked)) failed.push('Function constructor');
  for (const name of LOCKED) {
    for (let o: object | null = global; o !== null; o = Object.getPrototypeOf(o) as object | null) {
      if (Object.prototype.hasOwnProperty.call(o, name) && !lock(o, name, undefined)) failed.push(name);
    }
    if ((global as unknown as Record<string, unknown>)[name] !== undefined) failed.push(name);
  }
  for (const p of fnProtos) if ((p as { constructor: unknown }).constructor !== blocked) failed.push('Function constructor');
  if (failed.length) throw new Error(`the sandbox could not take away ${[...new Set(failed)].join(', ')}`);
  return (source: string) => {
    if (usesImport(source)) throw new SyntaxError("import() is not available to custom mapping code (the word import followed by '(' is refused anywhere, also in strings and comments)");
    return RealFunction(`"use strict"; return (${source}\n);`)() as unknown;
  };
}
