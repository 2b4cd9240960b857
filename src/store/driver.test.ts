/**
 * The store loop (driver.ts) against a real Session in this thread whose answers can be held back: a newer
 * request drops the older answer, the slow follow-ups never hold up a selection's timeline, and Retry after a
 * restart reads the files again and analyses them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../analysis/types';
import type { FollowUpRequest } from '../session/followUps';
import { UI_TRACE_LIMITS, type SessionOptions } from '../session/session';
import { InThread } from '../testing/inThreadClient';
import type { Api, Method, Progress } from '../worker/protocol';
import { createAppStore, type ApiClient } from './appStore';

const FIG1 = join(__dirname, '..', 'cli', '__fixtures__', 'fig1');
const fig1 = () => readdirSync(FIG1).sort().map((f) => ({ file: new File([readFileSync(join(FIG1, f))], f), name: f }));

interface Hold {
  match(method: string, args: unknown[]): boolean;
  taken: boolean;
  /** The Session's answer, once it has come (held until `release`). */
  value: Promise<unknown>;
  arrived(v: unknown): void;
  release(): void;
  gate: Promise<void>;
}

/** InThread whose answers to chosen calls are held until released (as a slow worker would answer late). */
class Gated implements ApiClient {
  inner: InThread;
  /** `opts`: the Session's (e.g. the app's limits, which defer mc and p95). */
  constructor(private readonly opts?: SessionOptions) {
    this.inner = new InThread(opts);
  }
  busy = 0;
  calls: string[] = [];
  /** The follow-up requests, in the order asked. */
  followUps: FollowUpRequest[] = [];
  restarts = 0;
  /** The next call fails as a crashed worker's would. */
  failNext: string | null = null;
  private holds: Hold[] = [];
  hold(match: Hold['match']): Hold {
    let arrived!: (v: unknown) => void;
    let release!: () => void;
    const h: Hold = { match, taken: false, value: new Promise((r) => (arrived = r)), arrived: (v) => arrived(v), release: () => release(), gate: new Promise<void>((r) => (release = r)) };
    this.holds.push(h);
    return h;
  }
  call<M extends Method>(method: M, args: Parameters<Api[M]>, onProgress?: (p: Progress) => void) {
    this.calls.push(method);
    if (method === 'followUps') this.followUps.push(args[0] as FollowUpRequest);
    if (this.failNext) {
      const message = this.failNext;
      this.failNext = null;
      return { id: 0, promise: Promise.reject(Object.assign(new Error(message), { name: 'WorkerCrashed' })) };
    }
    const c = this.inner.call(method, args, onProgress);
    const h = this.holds.find((x) => !x.taken && x.match(method, args as unknown[]));
    if (!h) return c;
    h.taken = true;
    return { id: c.id, promise: c.promise.then(async (v) => (h.arrived(v), await h.gate, v)) };
  }
  cancel() {}
  restart() {
    this.restarts++;
    this.inner = new InThread(this.opts);
  }
}

const until = async (ok: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ok()).toBe(true);
};

describe('the store loop', () => {
  it('a newer analysis while one is in flight: the older answer is never shown, the newer is', async () => {
    const client = new Gated();
    const store = createAppStore(client);
    const st = () => store.getState();
    await st().loadFiles(fig1());
    const shown: AnalysisResult[] = [];
    store.subscribe((s, p) => void (s.result !== p.result && s.result && shown.push(s.result)));
    const late = client.hold((m, a) => m === 'analyze' && (a[0] as { mapping: { depth: number } }).mapping.depth === 1);
    const first = st().setMapping({ ...st().view.mapping, depth: 1 });
    const old = (await late.value) as { result: AnalysisResult };
    const second = st().setMapping({ ...st().view.mapping, depth: 3 });
    late.release();
    await Promise.all([first, second]);
    expect(st().status).toBe('ready');
    expect(st().view.mapping.depth).toBe(3);
    expect(shown).not.toContain(old.result);
    expect(shown.length).toBeGreaterThan(0);
    // the depth-3 graph: a path of three components (fig1's /etc/passwd and /usr/lib/... at depth 1 are '/etc', '/usr')
    expect(st().result!.nodes.some((n) => n.id.split('/').length > 3)).toBe(true);
    expect(old.result.nodes.every((n) => n.id.split('/').length <= 2)).toBe(true);
  });

  it('a new graph: its follow-ups asked as its state is set (before the page renders it), the slow round right behind the fast; its completion asks nothing again', async () => {
    const client = new Gated({ limits: UI_TRACE_LIMITS }); // (the app's: the first analysis of a log defers mc and p95)
    const store = createAppStore(client, { green: 'cid:a', red: 'cid:b' });
    const st = () => store.getState();
    // what has been asked when the new graph is set, seen from a microtask queued then (React renders in one)
    let askedAtSet: string[] | null = null;
    const off = store.subscribe((s, p) => void (s.result !== p.result && s.result && askedAtSet === null && queueMicrotask(() => (askedAtSet = [...client.calls]))));
    const fast = client.hold((m, a) => m === 'followUps' && !!(a[0] as FollowUpRequest).overview);
    const loaded = st().loadFiles(fig1());
    await fast.value; // the fast round's answer came (held)
    expect(askedAtSet).toEqual(['load', 'analyze', 'followUps', 'followUps']);
    expect(client.followUps.map(({ of: _, overview, ...rest }) => (overview ? { ...rest, overview: true } : rest))).toEqual([
      { overview: true, untraced: true, layers: true },
      { complete: true, compare: true },
    ]);
    expect(st().completing).toBe(true);
    fast.release();
    await loaded;
    off();
    const no = st().analysisNo;
    expect(st().untraced).toEqual({ of: no, report: expect.objectContaining({ located: true }) });
    expect(st().layers).toEqual({ of: no, report: null }); // (fig1 has no stacks)
    expect(st().compare!.red.ids).toHaveLength(3);
    expect(st().result!.deferred ?? []).toEqual([]);
    expect(st().result!.nodes.some((n) => n.mc !== null)).toBe(true);
    expect(st().completing).toBe(false);
    // the completion (a new result of the same analysis) asks nothing again
    expect(client.calls).toEqual(['load', 'analyze', 'followUps', 'followUps']);
  });

  it('a selection while the slow round (mc, comparison) runs: its timeline comes at once, the comparison after', async () => {
    const client = new Gated();
    const store = createAppStore(client, { green: 'cid:a', red: 'cid:b' });
    const st = () => store.getState();
    await st().loadFiles(fig1());
    const before = st().compare;
    const slow = client.hold((m, a) => m === 'followUps' && !!(a[0] as { compare?: boolean }).compare);
    const change = st().setMapping({ ...st().view.mapping, system: 'show' });
    await slow.value;
    expect(st().compare).toBe(before); // (the new one is held)
    client.calls = [];
    void st().selectNode('read:/etc/passwd');
    await until(() => st().timeline !== null);
    expect(st().timeline!.start.length).toBe(st().result!.nodes.find((n) => n.id === 'read:/etc/passwd')!.count);
    expect(client.calls).toEqual(['followUps']);
    expect(st().compare).toBe(before);
    slow.release();
    await change;
    expect(st().compare).not.toBe(before);
    expect(st().compare!.red.ids).toHaveLength(3);
    expect(st().completing).toBe(false);
  });

  it('a tab asks its report as a follow-up only; Retry after a worker failure reads the files again, then analyses', async () => {
    const client = new Gated();
    const store = createAppStore(client);
    const st = () => store.getState();
    await st().loadFiles(fig1());
    client.calls = [];
    await st().loadInsights();
    await st().loadAccess();
    expect(client.calls).toEqual(['followUps', 'followUps']);
    expect(st().insights!.events).toBe(st().summary!.events);
    expect(st().accessFor).toBe(st().result);
    // the worker dies in an analysis: the banner; Retry restarts it, reads the files again and analyses
    client.failNext = 'worker exploded';
    await st().setMapping({ ...st().view.mapping, depth: 1 });
    expect(st().banner!.message).toMatch(/worker exploded/);
    client.calls = [];
    await st().retry();
    expect(client.restarts).toBe(1);
    expect(client.calls).toEqual(['load', 'analyze', 'followUps']); // (no partition, nothing deferred: no slow round)
    expect(st().status).toBe('ready');
    expect(st().banner).toBeNull();
  });
});
