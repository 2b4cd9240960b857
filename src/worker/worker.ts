/// <reference lib="webworker" />
/** The analysis worker entry: routes protocol messages to a Session (through handlers.ts). */
import { Session, UI_TRACE_LIMITS, type CustomSandbox } from '../session/session';
import { workerHandlers } from './handlers';
import { exportHdf5 } from './hdf5';
import { ParsePool } from './pool';
import { frameSandbox } from './sandbox';
import { replyTransfer, toErrorInfo, type Ctx, type FromWorker, type ToWorker } from './protocol';

const threads = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8));
const pool = typeof Worker === 'undefined' ? null : new ParsePool(threads, () => new Worker(new URL('./parseWorker.ts', import.meta.url), { type: 'module', name: 'strace-dfg-parse' }));
const post = (m: FromWorker, transfer: Transferable[] = []): void => (self as DedicatedWorkerGlobalScope).postMessage(m, transfer);
// custom mapping code runs in a sandbox worker of a sandboxed frame the page makes (sandbox.ts), never in this one
const customSandbox: CustomSandbox = frameSandbox({
  open: (sid, ports) => post({ type: 'sandbox', sid, open: true }, ports),
  close: (sid) => post({ type: 'sandbox', sid, open: false }),
});
const handlers = workerHandlers(new Session({ pool, limits: UI_TRACE_LIMITS, exportHdf5, customSandbox }));
const running = new Map<number, Ctx>();

self.onmessage = async (ev: MessageEvent<ToWorker>) => {
  const msg = ev.data;
  if (msg.type === 'cancel') {
    const ctx = running.get(msg.id);
    if (ctx) ctx.cancel.cancelled = true;
    return;
  }
  // a big drop is estimated before it loads: its parse workers start meanwhile
  if (msg.method === 'estimatePaths') pool?.prestart();
  const ctx: Ctx = { cancel: { cancelled: false }, progress: (progress) => post({ type: 'progress', id: msg.id, progress }) };
  running.set(msg.id, ctx);
  try {
    const fn = handlers[msg.method] as (ctx: Ctx, ...a: unknown[]) => Promise<unknown>;
    const value = await fn(ctx, ...(msg.args as unknown[]));
    post({ type: 'result', id: msg.id, value }, replyTransfer(msg.method, value));
  } catch (e) {
    post({ type: 'error', id: msg.id, error: toErrorInfo(e) });
  } finally {
    running.delete(msg.id);
  }
};
