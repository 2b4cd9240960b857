/**
 * Optional: fetch and parse the plotly chunk ahead of the first timeline (e.g. when the browser is idle
 * after the first graph is drawn), then make the spare plot (warmPlot.ts), so that opening a timeline
 * waits neither for ~1.6 MB of JavaScript nor for WebGL context creation.
 */
export function preloadTimeline(): void {
  const go = () =>
    void Promise.all([import('./plotly'), import('./warmPlot')])
      .then(async ([p, w]) => w.warmPlot(await p.loadPlotly()))
      .catch(() => undefined);
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(go, { timeout: 5000 });
  else setTimeout(go, 1000);
}
