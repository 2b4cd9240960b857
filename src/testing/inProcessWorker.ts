/**
 * A Web Worker stood in by worker.ts's own routing over a real Session in this thread (Node has no Web
 * Worker), with one switch: an analysis whose mapping includes the substring STUCK blocks it for good (no
 * answer, no cancel, no later request handled: what a worker in a catastrophic regular expression does).
 * Before it blocks it says what a real Session says first: the `mapping` phase naming the mapping's regular
 * expressions (the heartbeat the client's watchdog listens to).
 */
import { mappingRegexes } from '../analysis/mapping';
import type { AnalyzeParams } from '../session/types';
import { Session } from '../session/session';
import type { Ctx } from '../session/types';
import { workerHandlers } from '../worker/handlers';
import { toErrorInfo, type FromWorker, type ToWorker } from '../worker/protocol';

export class InProcessWorker {
  static made: InProcessWorker[] = [];
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  /** Blocked in a computation: no further message is handled (cancels and new requests wait forever). */
  private blocked = false;
  private readonly handlers = workerHandlers(new Session());
  private readonly running = new Map<number, Ctx>();
  constructor() {
    InProcessWorker.made.push(this);
  }
  postMessage(msg: ToWorker): void {
    if (this.blocked) return;
    if (msg.type === 'cancel') {
      const ctx = this.running.get(msg.id);
      if (ctx) ctx.cancel.cancelled = true;
      return;
    }
    const post = (m: FromWorker) => setTimeout(() => !this.terminated && this.onmessage?.({ data: m } as MessageEvent<FromWorker>), 0);
    if (msg.method === 'analyze' && JSON.stringify(msg.args).includes('STUCK')) {
      const params = msg.args[0] as AnalyzeParams;
      post({ type: 'progress', id: msg.id, progress: { phase: 'mapping', done: 0, total: 0, rate: 0, file: mappingRegexes(params.mapping).join(' ') } });
      this.blocked = true;
      return;
    }
    const ctx: Ctx = { cancel: { cancelled: false }, progress: (progress) => post({ type: 'progress', id: msg.id, progress }) };
    this.running.set(msg.id, ctx);
    const fn = this.handlers[msg.method] as (c: Ctx, ...a: unknown[]) => Promise<unknown>;
    fn(ctx, ...(msg.args as unknown[])).then(
      (value) => post({ type: 'result', id: msg.id, value }),
      (e) => post({ type: 'error', id: msg.id, error: toErrorInfo(e) }),
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}
