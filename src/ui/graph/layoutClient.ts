/**
 * Main-thread side of the layout worker: one worker, the latest request wins (older ones are answered
 * but ignored by the caller via the returned id check). Falls back to an in-thread layout when Workers
 * are unavailable, cannot be created (e.g. a Content-Security-Policy) or crash.
 */
import { layoutGraph, type LayoutRequest } from './layout';
import type { LayoutWorkerReply } from './layout.worker';

export class LayoutClient {
  private worker: Worker | null = null;
  private next = 1;
  private broken = false;
  private pending = new Map<number, { resolve(r: { xy: Float64Array; ms: number }): void; reject(e: Error): void }>();

  private ensure(): Worker | null {
    if (this.worker || this.broken || typeof Worker === 'undefined') return this.worker;
    try {
      this.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout' });
    } catch {
      this.broken = true;
      return null;
    }
    this.worker.onmessage = (ev: MessageEvent<LayoutWorkerReply>) => {
      const p = this.pending.get(ev.data.id);
      if (!p) return;
      this.pending.delete(ev.data.id);
      if ('error' in ev.data) p.reject(Object.assign(new Error(ev.data.error.message), { name: ev.data.error.name }));
      else p.resolve({ xy: ev.data.xy, ms: ev.data.ms });
    };
    this.worker.onerror = (ev) => {
      const err = new Error(`graph layout worker failed: ${ev.message || 'unknown error'}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.worker?.terminate();
      this.worker = null;
      this.broken = true;
    };
    return this.worker;
  }

  /** Starts the worker now (its start-up and module load: ~0.15 s), ahead of the first layout. */
  warm(): void {
    this.ensure();
  }

  layout(req: LayoutRequest): Promise<{ xy: Float64Array; ms: number }> {
    const w = this.ensure();
    if (!w) return Promise.resolve(layoutGraph(req));
    const id = this.next++;
    const viaWorker = new Promise<{ xy: Float64Array; ms: number }>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, req });
    });
    // a crashed worker: lay out in this thread instead (blocks briefly, but the graph appears)
    return viaWorker.catch((err: Error) => (this.broken && err.message.startsWith('graph layout worker failed') ? layoutGraph(req) : Promise.reject(err)));
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('layout cancelled'));
    this.pending.clear();
  }
}

/** A started client kept for the next graph panel (warmLayout while files load; takeLayoutClient takes it). */
let spare: LayoutClient | null = null;

export function warmLayout(): void {
  (spare ??= new LayoutClient()).warm();
}

export function takeLayoutClient(): LayoutClient {
  const c = spare ?? new LayoutClient();
  spare = null;
  return c;
}
