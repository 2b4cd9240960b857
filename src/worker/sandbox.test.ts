/**
 * The custom mapping sandbox without a browser: the sandbox worker's code text runs in a context of its own
 * (node:vm: only what the text holds), the frame is a stand-in that gives it the work port and beats.
 * The browser itself (the frame's policy, its process) is tested end to end in e2e/sandbox.spec.ts.
 */
import { createContext, runInContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError } from '../ingest/source';
import { noCtx, type Ctx } from '../session/types';
import { frameSandbox, type SandboxFrames } from './sandbox';
import { SANDBOX_WORKER_CODE, frameDocument } from './sandboxHost';
import { LOCKED } from './sandboxWorker';

/** A context with the given globals, `self` being its global object, as a worker's. */
function workerContext(globals: Record<string, unknown>): { self: Record<string, unknown>; listeners: ((ev: unknown) => void)[] } {
  const listeners: ((ev: unknown) => void)[] = [];
  const ctx = createContext({ ...globals });
  runInContext('globalThis.self = globalThis', ctx);
  (ctx as Record<string, unknown>).addEventListener = (_t: string, fn: (ev: unknown) => void) => listeners.push(fn);
  runInContext(SANDBOX_WORKER_CODE, ctx);
  return { self: ctx as Record<string, unknown>, listeners };
}

/** Frames as the page makes them, in-process; `beats: false` plays a frame whose process died. */
function fakeFrames(opts: { beats?: boolean; error?: string } = {}): SandboxFrames & { closed: number[] } {
  const timers = new Map<number, ReturnType<typeof setInterval>>();
  const closed: number[] = [];
  return {
    closed,
    open(sid, [work, beat]) {
      if (opts.error) return beat.postMessage({ error: opts.error });
      const w = workerContext({});
      for (const fn of w.listeners) fn({ data: null, ports: [work] });
      if (opts.beats !== false) timers.set(sid, setInterval(() => beat.postMessage(0), 20));
      else beat.postMessage(0);
    },
    close(sid) {
      closed.push(sid);
      clearInterval(timers.get(sid));
    },
  };
}

const ev = (call: string, path: string) => ({ call, fp: path, path, system: false }) as never;

describe('the sandbox worker code', () => {
  it('is self-contained: its text alone, in a fresh context, answers one string or null per input', async () => {
    const frames = fakeFrames();
    const sandbox = frameSandbox(frames);
    const r = await sandbox(noCtx(), "(e) => e.path.startsWith('/tmp') ? null : e.call + ':' + e.path", [ev('read', '/a'), ev('write', '/tmp/b')]);
    expect(r).toEqual({ values: ['read:/a', null] });
    expect(frames.closed).toHaveLength(1);
  });

  it('takes every way out away before user code runs (each name present is undefined afterwards)', () => {
    const globals = Object.fromEntries(LOCKED.filter((n) => n !== 'Function' && n !== 'eval' && n !== 'WebAssembly').map((n) => [n, () => 'reached']));
    const { self } = workerContext(globals);
    for (const n of LOCKED) expect(self[n], n).toBeUndefined();
    for (const f of ['(() => 0)', '(async () => 0)', '(function* () {})', '(async function* () {})'])
      expect(() => runInContext(`${f}.constructor("return 1")`, createContext(self)), f).toThrow(/not available/);
  });

  it('names the input a mapping threw on, and what it returned when that was not a string', async () => {
    const sandbox = frameSandbox(fakeFrames());
    expect(await sandbox(noCtx(), "(e) => { if (e.call === 'write') throw new Error('no'); return e.call }", [ev('read', '/a'), ev('write', '/b')])).toEqual({ index: 1, error: 'threw', detail: 'no' });
    expect(await sandbox(noCtx(), '(e) => 42', [ev('read', '/a')])).toEqual({ index: 0, error: 'returned', detail: 'number' });
    expect(await sandbox(noCtx(), '(e) =>', [ev('read', '/a')])).toMatchObject({ index: -1, error: expect.stringMatching(/^custom mapping does not compile/) });
  });
});

describe('the sandbox limits', () => {
  afterEach(() => void vi.useRealTimers());

  it('a mapping that never answers is stopped after the time budget and its frame closed', async () => {
    const frames: SandboxFrames & { closed: number[] } = { closed: [], open: (_sid, [, beat]) => void setInterval(() => beat.postMessage(0), 20), close: (sid) => void frames.closed.push(sid) };
    const answer = frameSandbox(frames, { budgetMs: 400 })(noCtx(), '(e) => { while (true); }', [ev('read', '/a')]);
    await expect(answer).resolves.toEqual({ index: -1, error: expect.stringMatching(/^custom mapping stopped: it ran for more than 0.4 s on 1 \(call, file\) pairs/) });
    expect(frames.closed).toHaveLength(1);
  });

  it('a frame that falls silent (its process ended: out of memory) stops the mapping with one clear line', async () => {
    const frames: SandboxFrames & { closed: number[] } = { closed: [], open: (_sid, [, beat]) => beat.postMessage(0), close: (sid) => void frames.closed.push(sid) };
    const answer = frameSandbox(frames, { silenceMs: 300 })(noCtx(), '(e) => e.call', [ev('read', '/a')]);
    await expect(answer).resolves.toEqual({ index: -1, error: expect.stringMatching(/^custom mapping stopped: its sandbox ended while it ran on 1 \(call, file\) pairs — it used more memory/) });
    expect(frames.closed).toHaveLength(1);
  });

  it('a sandbox that cannot start says so; Cancel rejects and closes the frame', async () => {
    expect(await frameSandbox(fakeFrames({ error: 'blocked' }))(noCtx(), '(e) => e.call', [ev('read', '/a')])).toEqual({ index: -1, error: 'custom mapping not run: blocked' });
    const frames: SandboxFrames & { closed: number[] } = { closed: [], open: () => {}, close: (sid) => void frames.closed.push(sid) };
    const ctx: Ctx = { ...noCtx(), cancel: { cancelled: false } };
    const p = frameSandbox(frames)(ctx, '(e) => e.call', [ev('read', '/a')]);
    ctx.cancel.cancelled = true;
    await expect(p).rejects.toBeInstanceOf(CancelledError);
    expect(frames.closed).toHaveLength(1);
  });
});

describe('the sandbox frame document', () => {
  it('allows one script (the frame script, by its URL), blob workers and eval, and nothing else', () => {
    const doc = frameDocument('http://127.0.0.1:4107/assets/sandboxFrame-x1.js');
    const csp = /content="([^"]*)"/.exec(doc)![1];
    expect(csp.split(';').map((d) => d.trim())).toEqual([
      "default-src 'none'",
      "script-src http://127.0.0.1:4107/assets/sandboxFrame-x1.js 'unsafe-eval'",
      'worker-src blob:',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(doc).toContain('<script src="http://127.0.0.1:4107/assets/sandboxFrame-x1.js"></script>');
    expect(() => frameDocument('http://x/"><script>alert(1)</script>')).toThrow();
  });
});
