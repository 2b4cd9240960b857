/**
 * Optional: fetch and parse the plotly chunk ahead of the first timeline (e.g. when the browser is idle
 * after the first graph is drawn), then make the spare plot (warmPlot.ts), so that opening a timeline
 * waits neither for ~1.6 MB of JavaScript nor for WebGL context creation.
 */
export function preloadTimeline(ok: () => boolean = () => true): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  // `ok`: not now (files are loading: compiling plotly and making a WebGL context would hold the page's
  // thread for a second or more while the progress should move): asked again when the browser is idle next
  const later = (): void => void (ric ? ric(go, { timeout: 5000 }) : setTimeout(go, 1000));
  const go = (): void => {
    if (!ok()) return later();
    void Promise.all([import('./plotly'), import('./warmPlot')])
      .then(async ([p, w]) => {
        const Plotly = await p.loadPlotly();
        if (!ok()) return later();
        return w.warmPlot(Plotly);
      })
      .catch(() => undefined);
  };
  later();
}
