/**
 * The app before a load of millions of distinct paths: the heads of the dropped files are sampled in the
 * worker and a load whose paths would not fit in a worker's heap asks first (parse-time filter offered).
 * Real traces made with strace (src/session/__fixtures__/many-paths); the heap budget is made small.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeManyPathsTraces } from '../testing/manyPaths';
import { createAppStore } from './appStore';
import { InThread } from '../testing/inThreadClient';

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
