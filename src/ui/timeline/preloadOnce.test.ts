import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadOnce, resetPreloadOnce, type Idle } from './preloadOnce';

/** An idle callback the test fires by hand. */
function manualIdle() {
  const cbs: { cb: () => void; wait: number }[] = [];
  const idle: Idle = (cb, wait) => void cbs.push({ cb, wait });
  return { idle, cbs, fire: () => cbs.splice(0).forEach((c) => c.cb()) };
}

describe('preloadOnce', () => {
  beforeEach(() => resetPreloadOnce());

  it('runs when the browser is idle, at most wait ms later, and only once per page', async () => {
    const m = manualIdle();
    let runs = 0;
    const first = preloadOnce(async () => void runs++, 300, m.idle);
    expect(first).not.toBeNull();
    expect(m.cbs.map((c) => c.wait)).toEqual([300]);
    expect(runs).toBe(0);
    // asked again while it waits (another settled graph): nothing more to track
    expect(preloadOnce(async () => void runs++, 300, m.idle)).toBeNull();
    m.fire();
    await first!.promise;
    expect(runs).toBe(1);
    // every later analysis (a mapping change) settles again: the chunks are in, nothing is waited for
    expect(preloadOnce(async () => void runs++, 300, m.idle)).toBeNull();
    expect(m.cbs).toEqual([]);
    expect(runs).toBe(1);
  });

  it('a cancel before the idle time runs nothing, and the next settled graph starts again', async () => {
    const m = manualIdle();
    let runs = 0;
    const first = preloadOnce(async () => void runs++, 300, m.idle)!;
    first.cancel();
    m.fire();
    await first.promise;
    expect(runs).toBe(0);
    const again = preloadOnce(async () => void runs++, 300, m.idle)!;
    expect(again).not.toBeNull();
    m.fire();
    await again.promise;
    expect(runs).toBe(1);
  });

  it('a cancel once running changes nothing (no second run)', async () => {
    const m = manualIdle();
    let release: () => void = () => undefined;
    let runs = 0;
    const first = preloadOnce(() => new Promise<void>((r) => ((release = r), runs++)), 300, m.idle)!;
    m.fire();
    await Promise.resolve();
    await Promise.resolve();
    first.cancel();
    expect(preloadOnce(async () => void runs++, 300, m.idle)).toBeNull();
    release();
    await first.promise;
    expect(runs).toBe(1);
  });

  it('a failed fetch still ends (the promise waitIdle tracks settles)', async () => {
    const m = manualIdle();
    const p = preloadOnce(() => Promise.reject(new Error('offline')), 300, m.idle)!;
    m.fire();
    await expect(p.promise).resolves.toBeUndefined();
  });
});

describe('when the warm-up starts', () => {
  it('once a graph is shown and its overview is in, while its deferred statistics are still computed', async () => {
    const { warmUpNow } = await import('./preloadOnce');
    expect(warmUpNow({ status: 'ready', result: {}, overviewLoading: false })).toBe(true);
    expect(warmUpNow({ status: 'ready', result: {}, overviewLoading: true })).toBe(false);
    expect(warmUpNow({ status: 'analyzing', result: {}, overviewLoading: false })).toBe(false);
    expect(warmUpNow({ status: 'ready', result: null, overviewLoading: false })).toBe(false);
  });

  it('when the browser is idle after the first view is drawn', async () => {
    const { idleAfterFirstView } = await import('./preloadOnce');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    let drawn = false;
    let ran = 0;
    idleAfterFirstView(() => void ran++, 300, () => drawn);
    idle.shift()!();
    idle.shift()!();
    expect(ran).toBe(0);
    drawn = true;
    idle.shift()!();
    expect(ran).toBe(1);
    expect(idle).toEqual([]);
    vi.unstubAllGlobals();
  });
});
