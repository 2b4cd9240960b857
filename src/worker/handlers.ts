/**
 * The worker's request handlers over a Session (Node-testable): every protocol method is a Session method
 * with the same name; only `load` and `add` adapt their arguments (dropped Files → ByteSources).
 */
import { estimatePaths, traceSizes } from '../ingest/estimate';
import type { Session } from '../session/session';
import type { Ctx } from '../session/types';
import { fileSource } from './fileSource';
import { FORWARDED, type Api } from './protocol';

/** Every method of Api, async, with a context for progress and cancellation. */
export type Handlers = { [M in keyof Api]: (ctx: Ctx, ...args: Parameters<Api[M]>) => Promise<ReturnType<Api[M]>> };

export function workerHandlers(session: Session): Handlers {
  const forwarded = Object.fromEntries(FORWARDED.map((m) => [m, (ctx: Ctx, ...a: unknown[]) => (session[m] as (c: Ctx, ...x: unknown[]) => Promise<unknown>).call(session, ctx, ...a)]));
  return {
    ...(forwarded as Omit<Handlers, 'load' | 'add' | 'estimatePaths' | 'traceSizes'>),
    load: (ctx, inputs, opts) => session.load(ctx, inputs.map((i) => fileSource(i.file, i.name)), opts),
    add: (ctx, inputs) => session.add(ctx, inputs.map((i) => fileSource(i.file, i.name))),
    estimatePaths: (_ctx, inputs, budget) => estimatePaths(inputs.map((i) => fileSource(i.file, i.name)), undefined, budget),
    traceSizes: (_ctx, inputs) => traceSizes(inputs.map((i) => fileSource(i.file, i.name))),
  };
}
