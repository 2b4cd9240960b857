import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from '../session/session';
import { workerHandlers } from '../worker/handlers';
import type { Ctx } from '../session/types';
import type { Api, Method, Progress } from '../worker/protocol';
import { createAppStore, type ApiClient } from './appStore';
import { DEFAULT_VIEW } from '../session/view';

const FIG1 = join(__dirname, '..', 'cli/__fixtures__/fig1');
const fig1 = () => readdirSync(FIG1).sort().map((f) => ({ file: new File([readFileSync(join(FIG1, f))], f), name: f }));

/** The store against a real Session in this thread (what the worker runs), with a switch to make it fail. */
class LocalClient implements ApiClient {
  session = workerHandlers(new Session());
  busy = 0;
  /** The methods asked, in order. */
  log: string[] = [];
  failNext: string | null = null;
  restarts = 0;
  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void) {
    const ctx: Ctx = { progress: onProgress ?? (() => {}), cancel: { cancelled: false } };
    this.log.push(method);
    this.busy++;
    const fail = this.failNext;
    this.failNext = null;
    const fn = this.session[method] as unknown as (c: Ctx, ...a: unknown[]) => Promise<ReturnType<Api[M]>>;
    const promise = (fail ? Promise.reject(Object.assign(new Error(fail), { name: 'WorkerCrashed' })) : fn(ctx, ...(args as unknown[]))).finally(() => this.busy--);
    return { id: 1, promise };
  }
  cancel() {}
  restart() {
    this.restarts++;
    this.session = workerHandlers(new Session());
  }
}

describe('app store', () => {
  it('shows the rules that match nothing (the Session names them) and keeps the view as one field', async () => {
    const store = createAppStore(new LocalClient());
    const st = () => store.getState();
    await st().loadFiles(fig1());
    expect(st().warnings).toEqual([]);
    await st().setMapping({ ...st().view.mapping, rewrites: [{ kind: 'prefix', pattern: '/nowhere', label: 'X' }] });
    expect(st().warnings).toEqual(["the rewrite rule '/nowhere => X' matches no path of these traces"]);
    expect(st().view.mapping.rewrites).toHaveLength(1);
    const view = st().view;
    st().setDirection('TB');
    expect(st().view).toEqual({ ...view, direction: 'TB' });
    expect(st().result).not.toBeNull();
  });

  it('a link whose partition names a cid that is not loaded: the graph without a partition, and a note (#33.12)', async () => {
    const store = createAppStore(new LocalClient(), { green: 'cid:zzz', red: 'cid:b' });
    const st = () => store.getState();
    await st().loadFiles(fig1());
    expect(st().status).toBe('ready');
    expect(st().result!.nodes.some((n) => n.id === 'read:/etc/passwd')).toBe(true);
    expect(st().partitionCases).toBeNull();
    expect([st().view.green, st().view.red]).toEqual(['', '']);
    expect(st().partitionError).toMatch(/^green selector cid:zzz: no case has cid 'zzz' \(cids: .*\): the graph is shown without a partition$/);
  });

  it('after brushing a window where no call runs, the insights know it is empty (#33.12: not "no durations")', async () => {
    const store = createAppStore(new LocalClient());
    const st = () => store.getState();
    await st().loadFiles(fig1());
    await st().loadInsights();
    expect(st().insights!.events).toBe(st().summary!.events);
    expect(st().insights!.hasDurations).toBe(true);
    const end = st().summary!.timeSpan!.end - st().summary!.timeSpan!.start;
    await st().setTime({ from: end + 10, to: end + 20 });
    await st().loadInsights();
    expect(st().insights!.events).toBe(0);
    expect(st().insights!.findings).toEqual([]);
  });

  it('loads, analyses, keeps the graph on a bad mapping, and recovers from a worker failure with Retry', async () => {
    const client = new LocalClient();
    const store = createAppStore(client, { green: 'cid:a', red: 'cid:b' });
    const st = () => store.getState();
    await st().loadFiles(fig1());
    expect(st().status).toBe('ready');
    expect(st().summary!.cases).toBe(6);
    expect(st().partitionCases!.green).toHaveLength(3);
    const before = st().result;
    expect(before!.nodes.some((n) => n.id === 'read:/etc/passwd')).toBe(true);

    await st().setMapping({ ...st().view.mapping, custom: '(e) => { throw new Error("nope") }' });
    expect(st().mappingError).toMatch(/nope/);
    expect(st().result).toBe(before);
    expect(st().view.mapping.custom).toBeNull();

    await st().setPartition('cid:zzz', 'cid:b');
    expect(st().partitionError).toMatch(/zzz/);
    expect(st().view.green).toBe('cid:a');

    await st().keepCases('read:/etc/passwd', 'without');
    expect(st().keptCases).toBe(3);
    await st().removeCaseFilter(0);
    expect(st().keptCases).toBe(6);

    await st().selectNode('read:/etc/passwd');
    expect(st().timeline!.start.length).toBe(st().result!.nodes.find((n) => n.id === 'read:/etc/passwd')!.count);

    client.failNext = 'worker exploded';
    await st().setMapping({ ...st().view.mapping, depth: 1 });
    expect(st().banner!.message).toMatch(/worker exploded/);
    expect(st().banner!.canRetry).toBe(true);
    await st().retry();
    expect(client.restarts).toBe(1);
    expect(st().banner).toBeNull();
    expect(st().status).toBe('ready');
    expect(st().summary!.cases).toBe(6);
  });

  it('a second load while one runs: the first is cancelled and changes nothing, the second is shown', async () => {
    const store = createAppStore(new LocalClient());
    const st = () => store.getState();
    const ls = fig1().filter((f) => f.name.startsWith('a_'));
    const lsl = fig1().filter((f) => f.name.startsWith('b_'));
    const first = st().loadFiles(ls);
    const second = st().loadFiles(lsl);
    await first;
    expect(st().status).toBe('loading');
    expect(st().banner).toBeNull();
    await second;
    expect(st().status).toBe('ready');
    expect(st().summary!.cids).toEqual(['b']);
    expect(st().result!.variants.flatMap((v) => v.cases).every((c) => c.startsWith('b_'))).toBe(true);
  });

  it('compares green and red whenever both sides have cases', async () => {
    const client = new LocalClient();
    const store = createAppStore(client);
    const st = () => store.getState();
    await st().loadFiles(fig1());
    expect(st().compare).toBeNull();
    await st().setPartition('cid:a', 'cid:b');
    const c = st().compare!;
    expect(c.green.ids.length + c.red.ids.length).toBe(st().summary!.cases);
    expect(c.activities.some((r) => r.id === 'read:/etc/passwd' && r.side === 'red')).toBe(true);
    expect(JSON.parse(await st().exportCompareJson()).activities['read:/etc/passwd'].red.cases).toBe(c.red.ids.length);
    await st().setPartition('cid:a', '');
    expect(st().compare).toBeNull();
  });

  it('asks what follows a new graph of that analysis in two follow-up round trips (#32.3), not one call each', async () => {
    const client = new LocalClient();
    const store = createAppStore(client, { green: 'cid:a', red: 'cid:b' });
    const st = () => store.getState();
    await st().loadFiles(fig1());
    await st().selectNode('read:/etc/passwd');
    client.log = [];
    // a mapping change: a new analysis (a new overview key), the open timeline, the deferred statistics and
    // the comparison
    await st().setMapping({ ...st().view.mapping, system: 'show' });
    expect(client.log).toEqual(['analyze', 'followUps', 'followUps']);
    expect(st().overview).not.toBeNull();
    expect(st().timeline!.start.length).toBe(st().result!.nodes.find((n) => n.id === 'read:/etc/passwd')!.count);
    expect(st().compare!.red.ids).toHaveLength(3);
    expect(st().result!.deferred ?? []).toEqual([]);
    expect(st().completing).toBe(false);
  });

  it('opens the selection of a link once the files are analysed, and keeps the view\'s selection in step with the user\'s', async () => {
    const store = createAppStore(new LocalClient(), { mapping: { ...DEFAULT_VIEW.mapping, system: 'show' }, selection: { kind: 'node', id: 'read:/etc/passwd' } });
    const st = () => store.getState();
    expect(st().view.selection).toEqual({ kind: 'node', id: 'read:/etc/passwd' }); // kept in the URL until files are dropped
    await st().loadFiles(fig1());
    expect(st().selected).toBe('read:/etc/passwd');
    expect(st().timeline!.start.length).toBe(st().result!.nodes.find((n) => n.id === 'read:/etc/passwd')!.count);
    const e = st().result!.edges[0];
    await st().selectEdge(e.source, e.target);
    expect(st().view.selection).toEqual({ kind: 'edge', source: e.source, target: e.target });
    await st().selectNode(e.target);
    expect(st().view.selection).toEqual({ kind: 'node', id: e.target });
    st().closeTimeline();
    expect(st().view.selection).toBeNull();

    const edge = createAppStore(new LocalClient(), { selection: { kind: 'edge', source: e.source, target: e.target } });
    await edge.getState().loadFiles(fig1());
    expect(edge.getState().edge).toMatchObject({ source: e.source, target: e.target });
    const gone = createAppStore(new LocalClient(), { selection: { kind: 'node', id: 'read:/nowhere' } });
    await gone.getState().loadFiles(fig1());
    expect(gone.getState().selected).toBeNull();
    expect(gone.getState().view.selection).toBeNull();
  });

  it('asks before a load that would not fit in memory, and can load with a path filter', async () => {
    const client = new LocalClient();
    const store = createAppStore(client, {}, null, { deviceMemory: 0.25 });
    const huge = { file: { name: 'huge.st', size: 5e9, slice: () => new Blob([]) }, name: 'huge.st' };
    await store.getState().loadFiles([huge]);
    expect(store.getState().pendingLoad!.estimate.fits).toBe(false);
    expect(client.busy).toBe(0);
    expect(store.getState().status).toBe('empty');
    await store.getState().confirmLoad('cancel');
    expect(store.getState().pendingLoad).toBeNull();

    const small = createAppStore(new LocalClient());
    await small.getState().loadFiles(fig1());
    expect(small.getState().pendingLoad).toBeNull();
    expect(small.getState().status).toBe('ready');
  });
});
