/**
 * The app before a load of millions of distinct paths: the heads of the dropped files are sampled in the
 * worker and a load whose paths would not fit in a worker's heap asks first (parse-time filter offered).
 * Real traces made with strace (src/session/__fixtures__/many-paths); the heap budget is made small.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../session/session';
import type { Ctx } from '../session/types';
import { makeManyPathsTraces } from '../testing/manyPaths';
import { workerHandlers } from '../worker/handlers';
import type { Api, Method, Progress } from '../worker/protocol';
import { createAppStore, type ApiClient } from './appStore';

class InThread implements ApiClient {
  private readonly h = workerHandlers(new Session());
  busy = 0;
  calls: string[] = [];
  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void) {
    this.calls.push(method);
    const ctx: Ctx = { progress: onProgress ?? (() => {}), cancel: { cancelled: false } };
    const fn = this.h[method] as unknown as (c: Ctx, ...a: unknown[]) => Promise<ReturnType<Api[M]>>;
    return { id: 1, promise: fn(ctx, ...(args as unknown[])) };
  }
  cancel() {}
  restart() {}
}

const tmp = mkdtempSync(join(tmpdir(), 'strace-dfg-paths-app-'));
let many = '';
let few = '';
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeAll(() => {
  ({ many, few } = makeManyPathsTraces(tmp));
});

const input = (p: string) => ({ file: new File([readFileSync(p)], basename(p)), name: basename(p) });
const HEAP = 3 * 1024 * 1024;

describe('the app estimates distinct paths before a load', () => {
  it('an mdtest-like drop that would not fit asks first, naming the paths; a filtered load then runs', async () => {
    const client = new InThread();
    const store = createAppStore(client, {}, null, { deviceMemory: 8, heapBudget: HEAP });
    await store.getState().loadFiles([input(many)]);
    const p = store.getState().pendingLoad;
    expect(p).not.toBeNull();
    expect(p!.estimate.paths).toBeGreaterThan(9_000);
    expect(p!.estimate.heapBytes).toBeGreaterThan(HEAP);
    expect(client.calls).toEqual(['estimatePaths']); // nothing loaded yet
    await store.getState().confirmLoad({ filter: [{ kind: 'substring', pattern: '/f1' }] });
    expect(store.getState().status).toBe('ready');
    expect(store.getState().summary!.cases).toBe(1);
  });

  it('a drop of the same size with few paths loads at once', async () => {
    const client = new InThread();
    const store = createAppStore(client, {}, null, { deviceMemory: 8, heapBudget: HEAP });
    await store.getState().loadFiles([input(few)]);
    expect(store.getState().pendingLoad).toBeNull();
    expect(store.getState().status).toBe('ready');
    expect(client.calls.slice(0, 2)).toEqual(['estimatePaths', 'load']);
  });
});
