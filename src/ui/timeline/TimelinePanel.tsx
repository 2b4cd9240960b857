/**
 * The per-activity timeline (paper Fig. 5): every event a horizontal bar from start to start + dur, one row
 * per rowLabels entry. One WebGL line trace draws all bars (NaN-separated segments); a marker trace holds
 * the bar midpoints (hover targets) and one draws events of unknown duration as points. More than
 * BIN_THRESHOLD events in view are binned per pixel bucket per row (binning.ts); zooming re-bins. Events of
 * more than one layer (strace -k) are coloured by layer, with a key (layerBars.ts); else green / red rows by side.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Data, Layout, PlotlyHTMLElement, PlotMouseEvent, PlotRelayoutEvent } from 'plotly.js';
import type { TimelinePanelProps } from '../contracts';
import { BIN_THRESHOLD, extent, marksForRange, type Marks } from '../../lib/binning';
import { errnoLift, errnoMarks, ERRNO_COLOR, ERRNO_SIZE } from './errnoMarks';
import { buildGeometry, markAt, splitSegments } from './geometry';
import { describeEvent, escapePlotlyText, summary } from './hover';
import { layerKey, layerSegments } from './layerBars';
import { loadPlotly, type PlotlyApi } from './plotly';
import { HoverTooltip, hoverAt, leftMargin, PanelError, yTicks, type Hover } from './plotParts';
import { clockTicks, timeAxis, toSeconds, type TimeAxis } from './timeAxis';
import { PLOT_CONFIG, returnPlot, takePlot } from './warmPlot';
import './timeline.css';

const MARGIN = { t: 10, r: 16, b: 44 };
const BAR_COLOR = '#3f51b5';
/** Bars of green / red cases (the partition's edge colours). */
const SIDE_COLORS = ['#2E7D32', '#E53935'];
const POINT_COLOR = '#e65100';
/** Each opened timeline gets its own uirevision (a reused plot must not keep the previous one's zoom). */
let openings = 0;

/** Plot height and bar thickness from the number of rows. */
function sizing(rows: number): { plotHeight: number; lineWidth: number } {
  const plotHeight = Math.max(120, Math.min(480, rows * 22));
  const rowPx = plotHeight / Math.max(1, rows);
  return { plotHeight, lineWidth: Math.max(1, Math.min(12, rowPx * 0.6)) };
}

export function TimelinePanel({ data, onClose, rowSides }: TimelinePanelProps) {
  /** The element with the test attributes; the Plotly plot (gd) is its child, lent by warmPlot when one is spare. */
  const plotRef = useRef<HTMLDivElement>(null);
  const gdRef = useRef<HTMLDivElement | null>(null);
  const uirevision = useRef(0);
  const plotlyRef = useRef<PlotlyApi | null>(null);
  const marksRef = useRef<Marks | null>(null);
  /** Visible x-range in axis units. */
  const rangeRef = useRef<[number, number] | null>(null);
  const openedAt = useRef(0);
  /** What was drawn last, and how long computing the marks (binMs) and Plotly.react (reactMs) took. */
  const [drawn, setDrawn] = useState<{ marks: Marks; segments: number; failMarks: number; binMs: number; reactMs: number } | null>(null);
  const marks = drawn?.marks ?? null;
  const [error, setError] = useState<string | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [openMs, setOpenMs] = useState<number | null>(null);

  const ext = useMemo(() => (data.timeBase === 'none' ? null : extent(data)), [data]);
  const axis: TimeAxis | null = useMemo(() => (ext ? timeAxis(data.timeBase, ext.min) : null), [data.timeBase, ext]);
  const full = useMemo(() => {
    if (!axis || !ext) return null;
    const pad = Math.max((ext.max - ext.min) * 0.01, 1e-6);
    return [axis.offset + (ext.min - pad) * axis.scale, axis.offset + (ext.max + pad) * axis.scale] as [number, number];
  }, [ext, axis]);

  /** Per row 0 (no side), 1 (green), 2 (red); null when no row has a side. */
  const rowGroups = useMemo(() => (rowSides && rowSides.some((x) => x !== null) ? Uint8Array.from(rowSides, (x) => (x === 'green' ? 1 : x === 'red' ? 2 : 0)) : null), [rowSides]);
  /** The layers of the events when more than one (bars coloured by layer, before sides). */
  const layers = useMemo(() => layerKey(data), [data]);
  const draw = useCallback(async () => {
    const Plotly = plotlyRef.current;
    const gd = gdRef.current;
    const range = rangeRef.current;
    if (!Plotly || !gd || !axis || !range) return;
    const rows = data.rowLabels.length;
    const { plotHeight, lineWidth } = sizing(rows);
    const left = leftMargin(data.rowLabels);
    const pixels = Math.max(50, gd.clientWidth - left - MARGIN.r);
    const s0 = toSeconds(axis, range[0]);
    const s1 = toSeconds(axis, range[1]);
    const tBin = performance.now();
    const m = marksForRange({ row: data.row, start: data.start, dur: data.dur, fail: data.errno }, rows, s0, s1, pixels, BIN_THRESHOLD);
    const minWidth = (s1 - s0) / pixels;
    const g = buildGeometry(data, m, axis, minWidth);
    const fails = errnoMarks(m, data.errno, data.start, data.row, axis, errnoLift(lineWidth, rows, plotHeight));
    marksRef.current = m;
    const tReact = performance.now();
    const traces: Data[] = [
      { type: 'scattergl', mode: 'lines', x: g.segX, y: g.segY, line: { color: BAR_COLOR, width: lineWidth }, connectgaps: false, hoverinfo: 'skip', showlegend: false },
      { type: 'scattergl', mode: 'markers', x: g.midX, y: g.midY, marker: { color: 'rgba(0,0,0,0)', size: Math.max(6, lineWidth) }, hoverinfo: 'none', showlegend: false },
      { type: 'scattergl', mode: 'markers', x: g.pointX, y: g.pointY, marker: { color: POINT_COLOR, size: Math.max(5, lineWidth), symbol: 'diamond' }, hoverinfo: 'none', showlegend: false },
    ] as Data[];
    let segments = g.segments;
    if (layers) {
      // each layer's bars in its colour (the run timeline's and the lanes'), appended after the hover traces
      traces[0] = { ...traces[0], x: [], y: [] } as Data;
      const parts = layerSegments(data, m, layers, axis, minWidth);
      segments = parts.reduce((t, p) => t + p.x.length / 3, 0);
      parts.forEach((p, k) => traces.push({ type: 'scattergl', mode: 'lines', x: p.x, y: p.y, line: { color: layers.colors[k], width: lineWidth }, connectgaps: false, hoverinfo: 'skip', showlegend: false } as Data));
    } else if (rowGroups) {
      // rows of green and red cases in their own colours, on the same x-axis (appended after the hover traces)
      const [rest, green, red] = splitSegments(g.segX, g.segY, rowGroups, 3);
      traces[0] = { ...traces[0], x: rest.x, y: rest.y } as Data;
      [green, red].forEach((p, k) => traces.push({ type: 'scattergl', mode: 'lines', x: p.x, y: p.y, line: { color: SIDE_COLORS[k], width: lineWidth }, connectgaps: false, hoverinfo: 'skip', showlegend: false } as Data));
    }
    // errno marks last: a red × at the start of each bar that stands for a failed call (not a hover target)
    traces.push({ type: 'scattergl', mode: 'markers', x: fails.x, y: fails.y, marker: { color: ERRNO_COLOR, symbol: 'x', size: ERRNO_SIZE }, hoverinfo: 'skip', showlegend: false } as Data);
    const layout: Partial<Layout> = {
      width: gd.clientWidth,
      height: plotHeight + MARGIN.t + MARGIN.b,
      margin: { l: left, r: MARGIN.r, t: MARGIN.t, b: MARGIN.b },
      xaxis: {
        type: 'linear',
        range: [range[0], range[1]],
        title: { text: escapePlotlyText(axis.title) },
        tickmode: 'array',
        // ticks over the marks' range (3 view widths), so that a pan shows labelled ticks too
        ...clockTicks(axis, axis.offset + m.x0 * axis.scale, axis.offset + m.x1 * axis.scale, Math.max(2, Math.floor(pixels / 120)) * ((m.x1 - m.x0) / (s1 - s0))),
        zeroline: false,
        showgrid: true,
      },
      yaxis: { range: [rows - 0.5, -0.5], tickmode: 'array', ...yTicks(data.rowLabels, plotHeight), zeroline: false, showgrid: false, automargin: false },
      hovermode: 'closest',
      dragmode: 'zoom',
      uirevision: uirevision.current,
      plot_bgcolor: '#fff',
      paper_bgcolor: '#fff',
    };
    await Plotly.react(gd, traces, layout, PLOT_CONFIG);
    setDrawn({ marks: m, segments, failMarks: fails.x.length, binMs: tReact - tBin, reactMs: performance.now() - tReact });
  }, [data, axis, rowGroups, layers]);

  // Take a plot (the spare one when there is one), draw, wire events; give it back on unmount or when the
  // data changes. A layout effect: the drawing starts before the browser paints the empty panel.
  useLayoutEffect(() => {
    const host = plotRef.current;
    if (!host || !axis || !full) return;
    let alive = true;
    uirevision.current = ++openings;
    performance.mark('tl:effect');
    openedAt.current = performance.now();
    rangeRef.current = full;
    setOpenMs(null);
    setHover(null);
    loadPlotly()
      .then(async (Plotly) => {
        if (!alive) return;
        plotlyRef.current = Plotly;
        let gd = takePlot(host);
        if (!gd) {
          gd = document.createElement('div');
          gd.style.width = '100%';
          host.appendChild(gd);
        }
        gdRef.current = gd;
        const plot = gd;
        performance.mark('tl:plotly');
        await draw();
        performance.mark('tl:drawn');
        // painted: the WebGL frame is drawn in the next animation frame
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        if (!alive) return;
        performance.mark('tl:painted');
        setOpenMs(performance.now() - openedAt.current);
        const el = plot as unknown as PlotlyHTMLElement;
        el.on('plotly_relayout', (ev: PlotRelayoutEvent) => {
          const e = ev as Record<string, unknown>;
          let next: [number, number] | null = null;
          if (e['xaxis.autorange'] === true) next = full;
          else if (e['xaxis.range[0]'] !== undefined && e['xaxis.range[1]'] !== undefined) {
            next = [Number(e['xaxis.range[0]']), Number(e['xaxis.range[1]'])];
          } else if (Array.isArray(e['xaxis.range'])) {
            const r = e['xaxis.range'] as unknown[];
            next = [Number(r[0]), Number(r[1])];
          }
          if (!next || !(next[0] < next[1])) return;
          const cur = rangeRef.current;
          if (cur && Math.abs(cur[0] - next[0]) + Math.abs(cur[1] - next[1]) <= 1e-9 * Math.abs(next[1] - next[0])) return;
          rangeRef.current = next;
          void draw().catch((err: unknown) => setError(String(err)));
        });
        el.on('plotly_hover', (ev: PlotMouseEvent) => {
          const p = ev.points[0];
          const m = marksRef.current;
          if (!p || !m) return;
          const hit = markAt(p.curveNumber, p.pointIndex, m);
          if (!hit) return;
          const i = hit.kind === 'bar' ? m.bars[hit.k] : m.points[hit.k];
          const count = hit.kind === 'bar' ? (m.barCount?.[hit.k] ?? null) : (m.pointCount?.[hit.k] ?? null);
          const failed = hit.kind === 'bar' ? (m.barFail?.[hit.k] ?? null) : (m.pointFail?.[hit.k] ?? null);
          setHover(hoverAt(ev, plot, 380, describeEvent(data, i, count, failed)));
        });
        el.on('plotly_unhover', () => setHover(null));
      })
      .catch((err: unknown) => {
        console.error(err);
        if (alive) setError(`Could not draw the timeline: ${err instanceof Error ? err.message : String(err)}`);
      });
    return () => {
      alive = false;
      const Plotly = plotlyRef.current;
      const gd = gdRef.current;
      gdRef.current = null;
      if (Plotly && gd) returnPlot(Plotly, gd);
      marksRef.current = null;
    };
  }, [data, axis, full, draw]);

  // Re-draw on width changes.
  useEffect(() => {
    const gd = plotRef.current;
    if (!gd || typeof ResizeObserver === 'undefined') return;
    let last = gd.clientWidth;
    const ro = new ResizeObserver(() => {
      if (gd.clientWidth !== last && plotlyRef.current) {
        last = gd.clientWidth;
        void draw().catch(() => undefined);
      }
    });
    ro.observe(gd);
    return () => ro.disconnect();
  }, [draw]);

  const bars = marks ? marks.bars.length + marks.points.length : 0;
  return (
    <section
      className="timeline-panel"
      aria-label={`Timeline of ${data.activity}`}
      data-testid="timeline-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="timeline-header">
        <h3 title={data.activity}>Timeline: {data.activity}</h3>
        <button type="button" className="timeline-close" onClick={onClose} aria-label="Close timeline" data-testid="timeline-close">
          ×
        </button>
      </header>
      {data.timeBase === 'none' ? (
        <p className="timeline-message" data-testid="timeline-no-time">
          Timelines need timestamps: these traces have none. Re-trace with <code>strace -f -tt -T -y …</code> (or
          -ttt) to see when each event happened.
        </p>
      ) : !axis || !full ? (
        <p className="timeline-message">This activity has no events with a timestamp.</p>
      ) : (
        <>
          {layers && (
            <div className="run-legend" data-testid="timeline-layer-key" aria-label="Colour: layer">
              {layers.labels.map((l, g) => (
                <span key={l} className="run-legend-item" title={`${l}: ${layers.events[g].toLocaleString('en-US')} events`}>
                  <span className="swatch" style={{ background: layers.colors[g] }} />
                  {l}
                </span>
              ))}
            </div>
          )}
          <div className="timeline-plot-wrap">
            <div
              ref={plotRef}
              className="timeline-plot"
              data-testid="timeline-plot"
              data-bars={marks ? String(bars) : undefined}
              data-binned={marks ? String(marks.binned) : undefined}
              data-events={String(data.start.length)}
              data-segments={drawn ? String(drawn.segments) : undefined}
              data-errno-marks={drawn ? String(drawn.failMarks) : undefined}
              data-bin-ms={drawn ? drawn.binMs.toFixed(1) : undefined}
              data-react-ms={drawn ? drawn.reactMs.toFixed(1) : undefined}
              data-ready={marks && openMs !== null ? 'true' : 'false'}
              data-open-ms={openMs !== null ? openMs.toFixed(0) : undefined}
              data-layers={layers ? layers.labels.join(',') : undefined}
            />
            <HoverTooltip hover={hover} testId="timeline-tooltip" />
          </div>
          <p className="timeline-status" data-testid="timeline-status">
            {summary(data, marks)}
            {drawn && drawn.failMarks > 0 && <span className="errno-key"> · × failed call</span>}
            {data.timeBase === 'clock' && ' · clock times from the traces; hosts’ clocks may differ'}
          </p>
        </>
      )}
      <PanelError error={error} />
    </section>
  );
}
