/// <reference lib="webworker" />
/** Dedicated layout worker: dagre off the main thread; positions come back as a transferred Float64Array. */
import { layoutGraph, type LayoutRequest } from './layout';

export type LayoutWorkerRequest = { id: number; req: LayoutRequest };
export type LayoutWorkerReply = { id: number; xy: Float64Array; ms: number } | { id: number; error: { name: string; message: string } };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (ev: MessageEvent<LayoutWorkerRequest>) => {
  const { id, req } = ev.data;
  try {
    const { xy, ms } = layoutGraph(req);
    scope.postMessage({ id, xy, ms } satisfies LayoutWorkerReply, [xy.buffer]);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    scope.postMessage({ id, error: { name: err.name, message: err.message } } satisfies LayoutWorkerReply);
  }
};
