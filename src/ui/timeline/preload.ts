/**
 * Optional: fetch and parse the plotly chunk ahead of the first timeline (e.g. when the browser is idle
 * after the first graph is drawn), so that opening a timeline does not wait for ~1.6 MB of JavaScript.
 */
export function preloadTimeline(): void {
  const go = () => void import('./plotly').then((m) => m.loadPlotly()).catch(() => undefined);
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(go, { timeout: 5000 });
  else setTimeout(go, 1000);
}
