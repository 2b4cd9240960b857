/**
 * The drill-down's chunks (the timeline's, plotly's warm-up, the edge's cases) fetched ahead ONCE per page, as soon
 * as the browser is idle after the first settled graph (at most `wait` ms later): the app shell tracks the returned
 * promise (waitIdle waits for it), so it must not be asked again at every later analysis. Before, each settled
 * graph (every mapping change too) started a tracked fixed 300 ms timer, then fetched what was already in: the
 * page counted as busy 0.3 s after the worker's last reply (bench:browser's drop → idle +0.17–0.3 s over s10).
 */
export type Idle = (cb: () => void, wait: number) => void;

/** The first view is on screen (the graph panel sets data-graph-ready once its first drawing is fitted). */
const drawn = (): boolean => typeof document === 'undefined' || document.querySelector('[data-graph-ready]') !== null;

/**
 * When the browser is idle (at most `wait` ms later) once the first view is drawn (`ready`; waited for at most
 * 5 s): plotly's evaluation (~0.5 s on the page's thread) never holds the first view's fitting back.
 */
export function idleAfterFirstView(cb: () => void, wait: number, ready: () => boolean = drawn): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  const later = (f: () => void): void => void (ric ? ric(f, { timeout: wait }) : setTimeout(f, wait));
  const t0 = Date.now();
  const step = (): void => (ready() || Date.now() - t0 > 5000 ? cb() : later(step));
  later(step);
}

/**
 * Whether the drill-down's chunks are to be fetched now: a graph is shown and its overview is in — not only once
 * its deferred statistics are (mc, DR, p95: ~1.4 s of the worker after a 1 GB drop, the page's thread idle
 * meanwhile; plotly's evaluation then came after them, in series, before the page was idle).
 */
export function warmUpNow(st: { status: string; result: unknown; overviewLoading: boolean }): boolean {
  return st.result !== null && st.status === 'ready' && !st.overviewLoading;
}

let state: 'no' | 'going' | 'done' = 'no';

/**
 * Runs `run` once the browser is idle (`idle`, at most `wait` ms): the promise of that (to track) and a cancel
 * (the graph is no longer settled: nothing is run, and the next call starts again), or null when it has run or is
 * under way already.
 */
export function preloadOnce(run: () => Promise<unknown>, wait = 300, idle: Idle = idleAfterFirstView): { promise: Promise<void>; cancel(): void } | null {
  if (state !== 'no') return null;
  state = 'going';
  let live = true;
  let started = false;
  const promise = new Promise<void>((r) => idle(r, wait)).then(async () => {
    if (!live) return;
    started = true;
    await run().catch(() => undefined);
    state = 'done';
  });
  return {
    promise,
    cancel() {
      if (!live || started) return;
      live = false;
      state = 'no';
    },
  };
}

/** (tests) forget what was preloaded */
export function resetPreloadOnce(): void {
  state = 'no';
}
