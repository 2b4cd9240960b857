/**
 * Main-thread side of the layout worker: one worker, the latest request wins (older ones are answered
 * but ignored by the caller via the returned id check). Falls back to an in-thread layout when Workers
 * are unavailable.
 */
import { layoutGraph, type LayoutRequest } from './layout';
import type { LayoutWorkerReply } from './layout.worker';

export class LayoutClient {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, { resolve(r: { xy: Float64Array; ms: number }): void; reject(e: Error): void }>();

  private ensure(): Worker | null {
    if (this.worker || typeof Worker === 'undefined') return this.worker;
    this.worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout' });
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
    };
    return this.worker;
  }

  layout(req: LayoutRequest): Promise<{ xy: Float64Array; ms: number }> {
    const w = this.ensure();
    if (!w) return Promise.resolve(layoutGraph(req));
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, req });
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new Error('layout cancelled'));
    this.pending.clear();
  }
}
