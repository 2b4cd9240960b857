/**
 * Optional: fetch the plotly chunk ahead of the first timeline (when the browser is idle after the first
 * graph is drawn), run it, then make the spare plot (warmPlot.ts), so that opening a timeline waits neither
 * for ~1.5 MB of JavaScript nor for WebGL context creation.
 *
 * Fetching and running are two steps: running the chunk (its module evaluation) holds the page's thread for
 * 0.3–1 s, and once an `import()` has started nothing can stop its evaluation when the bytes arrive — a load
 * started meanwhile had its progress line frozen at "0 B" and a long task of ~0.8 s (e2e/cancel.spec.ts). So
 * the chunk is first only fetched and compiled (`<link rel="modulepreload">`, which never evaluates), and
 * imported only when no load runs: the import then evaluates within a task or two of that check.
 */
import plotlyChunk from 'virtual:plotly-chunk-url';
import { trackUi } from '../idle';

export function preloadTimeline(ok: () => boolean = () => true): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  // `ok`: not now (files are loading: running plotly and making a WebGL context would hold the page's
  // thread for a second or more while the progress should move): asked again when the browser is idle next
  const later = (step: () => void): void => void (ric ? ric(step, { timeout: 5000 }) : setTimeout(step, 1000));
  let modules: Promise<[typeof import('./plotly'), typeof import('./warmPlot')]> | null = null;
  let ran: () => void = () => undefined;
  const fetchIt = (): void => {
    if (!ok()) return later(fetchIt);
    // the two small modules are cheap to run; the plotly chunk is fetched and compiled, not run
    modules = Promise.all([import('./plotly'), import('./warmPlot')]);
    const fetched = plotlyChunk && typeof document !== 'undefined' ? modulePreload(plotlyChunk) : Promise.resolve();
    void Promise.all([modules, fetched]).then(
      () => {
        // from here the page counts as busy until the chunk has run and the spare plot is made (waitIdle): run in
        // an idle callback after the page had gone idle, its ~0.5 s evaluation landed on the next step (the
        // bench's mapping change). Not the fetch: a load dropped while the chunk is on its way runs first
        // (e2e/cancel.spec.ts holds it across a load).
        void trackUi(new Promise<void>((r) => (ran = r)));
        later(run);
      },
      () => undefined,
    );
  };
  const run = (): void => {
    if (!ok()) return later(run);
    void modules!
      .then(async ([p, w]) => {
        const Plotly = await p.loadPlotly();
        if (!ok()) return later(() => void warm(w, Plotly));
        return w.warmPlot(Plotly).finally(ran);
      })
      .catch(() => ran());
  };
  const warm = (w: typeof import('./warmPlot'), Plotly: Awaited<ReturnType<typeof import('./plotly').loadPlotly>>): void => {
    if (!ok()) return later(() => warm(w, Plotly));
    void w.warmPlot(Plotly)
      .catch(() => undefined)
      .finally(ran);
  };
  later(fetchIt);
}

/** Fetches and compiles a module script without running it (settles either way: a failed fetch is retried by the import). */
function modulePreload(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}
