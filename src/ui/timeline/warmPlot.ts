/**
 * One Plotly scattergl plot kept alive between timelines. Creating a plot's WebGL (regl) contexts costs
 * ~0.5 s in a software renderer (context creation, shader compilation, regl's read-back capability
 * checks); a plot made while the browser is idle after the first graph, lent to each timeline panel and
 * taken back when it closes, keeps that out of the click → timeline path. At most one spare plot exists
 * (its few contexts are the only WebGL contexts the timeline keeps when no timeline is open).
 */
import type { Config, Data, PlotlyHTMLElement } from 'plotly.js';
import { loseWebGlContexts, type PlotlyApi } from './plotly';

/**
 * The panel's traces with one invisible point each (same types and order, so that Plotly.react reuses the
 * contexts; Plotly makes no WebGL context for a scattergl trace without data).
 */
export const EMPTY_TRACES = (): Data[] =>
  [0, 1, 2].map((k) => ({
    type: 'scattergl',
    mode: k === 0 ? 'lines' : 'markers',
    x: [0, 1],
    y: [0, 0],
    line: { color: 'rgba(0,0,0,0)' },
    marker: { color: 'rgba(0,0,0,0)' },
    hoverinfo: 'none',
    showlegend: false,
  })) as Data[];

/**
 * The panel's config. It must be the spare plot's too: Plotly.react starts over (new contexts) when it
 * changes. WebGL canvases at the screen's pixel ratio (Plotly's default is 2 everywhere: 4× the pixels
 * to clear, draw and composite on an ordinary screen).
 */
export const PLOT_CONFIG: Partial<Config> = {
  displaylogo: false,
  scrollZoom: true,
  responsive: false,
  modeBarButtonsToRemove: ['select2d', 'lasso2d', 'toImage'],
  plotGlPixelRatio: Math.max(1, Math.min(2, Math.round(globalThis.devicePixelRatio || 1))),
};
const EMPTY_LAYOUT = { width: 800, height: 200, margin: { l: 0, r: 0, t: 0, b: 0 } };

let spare: HTMLDivElement | null = null;
/** The size of the last timeline plot (the spare plot keeps it). */
let lastSize: { width: number; height: number } | null = null;
let warming: Promise<void> | null = null;
let holder: HTMLDivElement | null = null;

function offscreen(): HTMLDivElement {
  if (!holder || !holder.isConnected) {
    holder = document.createElement('div');
    holder.setAttribute('aria-hidden', 'true');
    holder.dataset.testid = 'timeline-warm-plot';
    Object.assign(holder.style, { position: 'fixed', left: '-10000px', top: '0', width: '800px', height: '200px', visibility: 'hidden', pointerEvents: 'none' });
    document.body.appendChild(holder);
  }
  return holder;
}

/**
 * The size a first timeline will most likely have (a wrong guess costs one canvas resize): the main
 * column's width less the panel's padding and border, and the tallest plot (480 px + margins: 22 rows or
 * more, as with most multi-process traces).
 */
function likelySize(): { width: number; height: number } {
  const col = document.querySelector('.main-col');
  const width = col ? col.clientWidth - 18 : 0;
  return width > 200 ? { width, height: 534 } : { width: 800, height: 200 };
}

/** Makes the spare plot (once; later calls return the same promise). */
export function warmPlot(Plotly: PlotlyApi): Promise<void> {
  if (spare) return Promise.resolve();
  warming ??= (async () => {
    const gd = document.createElement('div');
    gd.style.width = '100%';
    offscreen().appendChild(gd);
    await Plotly.newPlot(gd, EMPTY_TRACES(), { ...EMPTY_LAYOUT, ...(lastSize ?? likelySize()) }, PLOT_CONFIG);
    // A panel may have made its own plot meanwhile: keep one.
    if (spare) dispose(Plotly, gd);
    else spare = gd;
  })()
    .catch(() => undefined)
    .finally(() => {
      warming = null;
    });
  return warming;
}

/** The spare plot, moved into `parent` (null when there is none: the caller makes a new one). */
export function takePlot(parent: HTMLElement): HTMLDivElement | null {
  const gd = spare;
  spare = null;
  if (gd) parent.appendChild(gd);
  return gd;
}

/** Takes a panel's plot back: its listeners and data dropped, its contexts kept for the next timeline. */
export function returnPlot(Plotly: PlotlyApi, gd: HTMLDivElement): void {
  (gd as unknown as PlotlyHTMLElement).removeAllListeners?.('plotly_relayout');
  (gd as unknown as PlotlyHTMLElement).removeAllListeners?.('plotly_hover');
  (gd as unknown as PlotlyHTMLElement).removeAllListeners?.('plotly_unhover');
  if (spare || !(gd as unknown as { _fullLayout?: unknown })._fullLayout) {
    dispose(Plotly, gd);
    return;
  }
  offscreen().appendChild(gd);
  spare = gd;
  // Same size as drawn last: resizing WebGL canvases is costly, and the next timeline is likely that size.
  const fl = (gd as unknown as { _fullLayout: { width: number; height: number } })._fullLayout;
  lastSize = { width: fl.width, height: fl.height };
  void Promise.resolve(Plotly.react(gd, EMPTY_TRACES(), { ...EMPTY_LAYOUT, ...lastSize }, PLOT_CONFIG)).catch(() => {
    if (spare === gd) spare = null;
    dispose(Plotly, gd);
  });
}

function dispose(Plotly: PlotlyApi, gd: HTMLDivElement): void {
  loseWebGlContexts(gd);
  Plotly.purge(gd);
  gd.remove();
}
