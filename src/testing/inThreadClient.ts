/**
 * The app store's ApiClient over a real Session in this thread (the worker's handlers, no Worker): store tests
 * load and analyse real files as the app does. `calls` lists the methods called, in order.
 */
import type { ApiClient } from '../store/appStore';
import { Session, type SessionOptions } from '../session/session';
import type { Ctx } from '../session/types';
import { workerHandlers } from '../worker/handlers';
import type { Api, Method, Progress } from '../worker/protocol';

export class InThread implements ApiClient {
  private readonly h;
  busy = 0;
  calls: string[] = [];
  constructor(opts?: SessionOptions) {
    this.h = workerHandlers(new Session(opts));
  }
  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void) {
    this.calls.push(method);
    const ctx: Ctx = { progress: onProgress ?? (() => {}), cancel: { cancelled: false } };
    const fn = this.h[method] as unknown as (c: Ctx, ...a: unknown[]) => Promise<ReturnType<Api[M]>>;
    return { id: 1, promise: fn(ctx, ...(args as unknown[])) };
  }
  cancel() {}
  restart() {}
}
