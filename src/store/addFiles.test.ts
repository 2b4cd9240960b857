/** The store's "Add files": the view stays, both folders are analysed together, a worker restart reads both again. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../session/session';
import type { Ctx } from '../session/types';
import { workerHandlers } from '../worker/handlers';
import type { Api, LoadInput, Method, Progress } from '../worker/protocol';
import { createAppStore, type ApiClient } from './appStore';

const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const runs = (cid: string): LoadInput[] =>
  readdirSync(IOR)
    .filter((f) => f.startsWith(`${cid}_`))
    .sort()
    .map((f) => ({ file: new File([readFileSync(join(IOR, f))], f), name: `${cid}-runs/${f}` }));

/** The store against a real Session in this thread; `restart` gives a fresh one (as a restarted worker). */
class LocalClient implements ApiClient {
  session = workerHandlers(new Session());
  busy = 0;
  calls: string[] = [];
  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void) {
    const ctx: Ctx = { progress: onProgress ?? (() => {}), cancel: { cancelled: false } };
    this.calls.push(method);
    const fn = this.session[method] as unknown as (c: Ctx, ...a: unknown[]) => Promise<ReturnType<Api[M]>>;
    return { id: this.calls.length, promise: fn(ctx, ...(args as unknown[])) };
  }
  cancel() {}
  restart() {
    this.session = workerHandlers(new Session());
  }
}

describe('addFiles', () => {
  it('adds the fpp runs to the ssf runs under the same view; a retry after a worker restart reads both', async () => {
    const client = new LocalClient();
    const store = createAppStore(client, { green: 'cid:ssf', red: '' });
    const st = () => store.getState();
    await st().loadFiles(runs('ssf'));
    expect(st().summary!.cases).toBe(8);
    expect(st().partitionCases!.green).toHaveLength(8);
    await st().addFiles(runs('fpp'));
    expect(client.calls.filter((m) => m === 'add')).toHaveLength(1);
    expect(st().status).toBe('ready');
    expect(st().summary!.cases).toBe(16);
    expect(st().summary!.cids).toEqual(['fpp', 'ssf']);
    expect(st().view.green).toBe('cid:ssf');
    await st().setPartition('cid:ssf', 'cid:fpp');
    expect(st().partitionCases!.red).toHaveLength(8);
    // the same files again: named by the Session, not listed twice for a reload
    await st().addFiles(runs('fpp').slice(0, 1));
    expect(st().summary!.cases).toBe(16);
    expect(st().summary!.errors.map((e) => e.file)).toEqual(['fpp-runs/fpp_vm_0.st.gz']);
    // a fresh worker (after a restart) gets all 16 files again
    client.restart();
    await st().setSplitByPid(false);
    expect(st().summary!.cases).toBe(16);
    expect(st().summary!.errors).toEqual([]);
  });
});
