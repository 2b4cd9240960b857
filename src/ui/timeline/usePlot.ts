/**
 * The life of one Plotly plot in a panel, as the three timeline panels (TimelinePanel, RunTimelinePanel,
 * OffsetsPanel) share it: Plotly loaded lazily, the plot element made (or borrowed from warmPlot) inside the
 * host the panel renders, drawn again when the figure or the host's width changes, zoom / pan and hover events
 * handed to the panel, the tooltip and the error line kept, and the plot given back (or purged with its WebGL
 * contexts) when the panel goes. The panel says only what to draw: `figure(width)` — traces, layout and the
 * `info` its hover needs (pure builders: timelineFigure.ts, runFigure.ts, offsetsModel.ts).
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefCallback, type RefObject } from 'react';
import type { Data, Layout, PlotlyHTMLElement, PlotMouseEvent, PlotRelayoutEvent } from 'plotly.js';
import type { HoverLine } from './hover';
import { hoverAt, type Hover } from './plotParts';
import { loadPlotly, loseWebGlContexts, type PlotlyApi } from './plotly';
import { relayoutRange } from './relayout';
import { PLOT_CONFIG, returnPlot, takePlot } from './warmPlot';

export interface Figure<I> {
  traces: Data[];
  layout: Partial<Layout>;
  /** What the hover (and the panel's test attributes) need of this drawing. */
  info: I;
}

export interface PlotOptions<I> {
  /** The figure for a plot `width` px wide; null: nothing to draw. A new function (new data) draws again. */
  figure: ((width: number) => Figure<I> | null) | null;
  /** Errors read "Could not draw <what>: …". */
  what: string;
  /** Borrow the spare plot of warmPlot (and give it back) instead of making one. */
  borrow?: boolean;
  /** A zoom or pan of the x-axis: the new range, null for the whole (autorange). */
  onRange?(range: [number, number] | null): void;
  /** The tooltip's lines for a hovered point of the drawing `info` (null: none). */
  hover?(ev: PlotMouseEvent, info: I): HoverLine[] | null;
  /** The tooltip's width (it flips left near the right edge). */
  tooltipWidth?: number;
  /** A width change of at least `minResize` px (default 1) calls this; without it the plot is drawn again. */
  onResize?(): void;
  minResize?: number;
  /** Names performance marks `<marks>:effect`, `:plotly`, `:drawn`, `:painted` of a new figure's first draw (tools/browser-bench.mjs lists them). */
  marks?: string;
}

export interface Drawn<I> {
  info: I;
  /** Plotly.react's time, and the whole draw's (request → painted). */
  reactMs: number;
  ms: number;
}

export interface PlotView<I> {
  /** The element the plot goes in (a callback ref: the host may come and go with the panel's data). */
  host: RefCallback<HTMLDivElement>;
  /** The last painted drawing. */
  drawn: Drawn<I> | null;
  /** The newest drawing asked for is painted. */
  painted: boolean;
  /** From the newest figure's arrival to its first paint (null until then). */
  openMs: number | null;
  hover: Hover | null;
  error: string | null;
  /** Draws again with the current figure (e.g. after a zoom the panel handles itself). */
  redraw(): void;
  /** The host's width (null while it is not in the page). */
  width(): number | null;
}

const frames = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));

export function usePlot<I>(o: PlotOptions<I>): PlotView<I> {
  const opts = useRef(o);
  const hostEl = useRef<HTMLDivElement | null>(null);
  const gdRef = useRef<HTMLDivElement | null>(null);
  const plotlyRef = useRef<PlotlyApi | null>(null);
  const infoRef = useRef<I | null>(null);
  const seq = useRef(0);
  const mounted = useRef(true);
  const openedAt = useRef<number | null>(null);
  const [drawn, setDrawn] = useState<Drawn<I> | null>(null);
  const [painted, setPainted] = useState(false);
  const [openMs, setOpenMs] = useState<number | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [error, setError] = useState<string | null>(null);
  useLayoutEffect(() => {
    opts.current = o;
  });

  const mark = useCallback((what: string) => opts.current.marks && performance.mark(`${opts.current.marks}:${what}`), []);
  const draw = useCallback(async (): Promise<void> => {
    const el = hostEl.current;
    const figure = opts.current.figure;
    if (!el || !figure) return;
    const n = ++seq.current;
    const t0 = performance.now();
    setPainted(false);
    try {
      const Plotly = await loadPlotly();
      if (n !== seq.current || !mounted.current || hostEl.current !== el) return;
      plotlyRef.current = Plotly;
      const first = openedAt.current !== null;
      if (first) mark('plotly');
      const gd = plotIn(el, gdRef, opts.current.borrow === true);
      const fig = figure(el.clientWidth);
      if (!fig) return;
      const tReact = performance.now();
      await Plotly.react(gd, fig.traces, fig.layout, PLOT_CONFIG);
      const reactMs = performance.now() - tReact;
      infoRef.current = fig.info;
      wire(gd as unknown as PlotlyHTMLElement, opts, infoRef, setHover);
      if (first) mark('drawn');
      // painted: the WebGL frame is drawn in the next animation frame
      await frames();
      if (n !== seq.current || !mounted.current) return;
      setDrawn({ info: fig.info, reactMs, ms: performance.now() - t0 });
      setPainted(true);
      setError(null);
      if (openedAt.current !== null) {
        mark('painted');
        setOpenMs(performance.now() - openedAt.current);
        openedAt.current = null;
      }
    } catch (e) {
      console.error(e);
      if (n === seq.current && mounted.current) setError(`Could not draw ${opts.current.what}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }, [mark]);

  // the plot goes with the panel: given back to warmPlot, or purged with its WebGL contexts
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const gd = gdRef.current as (HTMLDivElement & { __usePlot?: boolean }) | null;
      const Plotly = plotlyRef.current;
      gdRef.current = null;
      infoRef.current = null;
      if (!gd || !Plotly) return;
      gd.__usePlot = false;
      if (opts.current.borrow) returnPlot(Plotly, gd);
      else {
        loseWebGlContexts(gd);
        Plotly.purge(gd);
      }
    };
  }, []);

  // a new figure (new data): drawn before the browser paints the empty panel
  useLayoutEffect(() => {
    if (!o.figure) return;
    mark('effect');
    openedAt.current = performance.now();
    setOpenMs(null);
    setHover(null);
    void draw();
  }, [o.figure, draw, mark]);

  // the host: watched for width changes while it is in the page
  const host = useCallback<RefCallback<HTMLDivElement>>(
    (el) => {
      hostEl.current = el;
      if (!el) return;
      const gd = gdRef.current;
      if (gd && gd.parentElement !== el) el.appendChild(gd);
      if (typeof ResizeObserver === 'undefined') return;
      let last = el.clientWidth;
      const ro = new ResizeObserver(() => {
        if (Math.abs(el.clientWidth - last) < (opts.current.minResize ?? 1) || !plotlyRef.current) return;
        last = el.clientWidth;
        if (opts.current.onResize) opts.current.onResize();
        else void draw();
      });
      ro.observe(el);
      return () => {
        ro.disconnect();
        if (hostEl.current === el) hostEl.current = null;
      };
    },
    [draw],
  );

  const redraw = useCallback(() => void draw(), [draw]);
  const width = useCallback(() => hostEl.current?.clientWidth ?? null, []);
  return { host, drawn, painted, openMs, hover, error, redraw, width };
}

/** The panel's plot element in `host`: the one it has, else warmPlot's spare (when borrowing) or a new one. */
function plotIn(host: HTMLElement, gdRef: { current: HTMLDivElement | null }, borrow: boolean): HTMLDivElement {
  let gd = gdRef.current;
  if (!gd) {
    gd = borrow ? takePlot(host) : null;
    if (!gd) {
      gd = document.createElement('div');
      gd.style.width = '100%';
      host.appendChild(gd);
    }
    gdRef.current = gd;
  }
  return gd;
}

/** The plot's events, once per plot element; they call the panel's newest callbacks. */
function wire<I>(gd: PlotlyHTMLElement & { __usePlot?: boolean }, opts: RefObject<PlotOptions<I>>, infoRef: RefObject<I | null>, setHover: (h: Hover | null) => void): void {
  if (gd.__usePlot) return;
  gd.__usePlot = true;
  gd.on('plotly_relayout', (ev: PlotRelayoutEvent) => {
    const r = relayoutRange(ev as Record<string, unknown>);
    if (r !== undefined) opts.current.onRange?.(r);
  });
  gd.on('plotly_hover', (ev: PlotMouseEvent) => {
    const info = infoRef.current;
    const lines = info !== null ? opts.current.hover?.(ev, info) : null;
    if (lines) setHover(hoverAt(ev, gd as unknown as HTMLElement, opts.current.tooltipWidth ?? 380, lines));
  });
  gd.on('plotly_unhover', () => setHover(null));
}
