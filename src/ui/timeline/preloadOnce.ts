/**
 * The drill-down's chunks (the timeline's, plotly's warm-up, the edge's cases) fetched ahead ONCE per page, as soon
 * as the browser is idle after the first settled graph (at most `wait` ms later): the app shell tracks the returned
 * promise (waitIdle waits for it), so it must not be asked again at every later analysis. Before, each settled
 * graph (every mapping change too) started a tracked fixed 300 ms timer, then fetched what was already in: the
 * page counted as busy 0.3 s after the worker's last reply (bench:browser's drop → idle +0.17–0.3 s over s10).
 */
export type Idle = (cb: () => void, wait: number) => void;

const onIdle: Idle = (cb, wait) => {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(cb, { timeout: wait });
  else setTimeout(cb, wait);
};

let state: 'no' | 'going' | 'done' = 'no';

/**
 * Runs `run` once the browser is idle (`idle`, at most `wait` ms): the promise of that (to track) and a cancel
 * (the graph is no longer settled: nothing is run, and the next call starts again), or null when it has run or is
 * under way already.
 */
export function preloadOnce(run: () => Promise<unknown>, wait = 300, idle: Idle = onIdle): { promise: Promise<void>; cancel(): void } | null {
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
