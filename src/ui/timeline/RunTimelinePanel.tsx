/**
 * The whole-run timeline (docs/METHOD.md "Time"): every case (or pid) a row with all its events, coloured
 * by activity, side or errno, failed calls marked ×, untraced gaps as dotted grey boxes. The session serves
 * the marks of the visible range (raw events, or binned per pixel when many); zooming and panning ask again.
 * Hover shows the event, or the gap.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Data, Layout, PlotlyHTMLElement, PlotMouseEvent, PlotRelayoutEvent } from 'plotly.js';
import type { RunTimeline, RunTimelineRequest } from '../../session/time';
import { ERRNO_COLOR, ERRNO_SIZE, errnoLift } from './errnoMarks';
import { describeGap, gapLayer, type GapLayer } from './gapLayer';
import { loadPlotly, type PlotlyApi } from './plotly';
import { HoverTooltip, hoverAt, leftMargin, ownPlot, PanelError, usePurgeOnUnmount, yTicks, type Hover } from './plotParts';
import { describeRunMark, runColoring, runGeometry, runSummary, type RunColor, type RunColoring, type RunGeometry } from './runModel';
import { PLOT_CONFIG } from './warmPlot';
import './timeline.css';

export interface RunTimelinePanelProps {
  /** Asks the session for the marks of a range (Session.runTimeline). */
  fetch(req: RunTimelineRequest): Promise<RunTimeline>;
  /** Changes when the analysis changes: everything is asked again. */
  version: unknown;
  byPid: boolean;
  onByPid(v: boolean): void;
  /** The activities, most important first (the first ones get their own colours). */
  activityOrder: readonly string[];
  /** Analyse the visible range (the view's time window). */
  onWindow?(w: { from: number; to: number }): void;
  /** A click on an activity of the legend. */
  onActivity?(id: string): void;
}

const MARGIN = { t: 8, r: 16, b: 40 };

function sizing(rows: number): { plotHeight: number; lineWidth: number } {
  const plotHeight = Math.max(80, Math.min(360, rows * 16));
  return { plotHeight, lineWidth: Math.max(1, Math.min(12, (plotHeight / Math.max(1, rows)) * 0.6)) };
}

export function RunTimelinePanel(p: RunTimelinePanelProps) {
  const host = useRef<HTMLDivElement>(null);
  const gdRef = useRef<HTMLDivElement | null>(null);
  const plotly = useRef<PlotlyApi | null>(null);
  const seq = useRef(0);
  /** Plotly keeps a user's zoom while uirevision stays: a new one per whole-run request. */
  const rev = useRef(0);
  /** The visible range (seconds since t0); null = the whole run. */
  const range = useRef<[number, number] | null>(null);
  const [data, setData] = useState<RunTimeline | null>(null);
  const [colorBy, setColorBy] = useState<RunColor>('activity');
  const [drawn, setDrawn] = useState<{ segments: number; fails: number; gaps: number; ms: number } | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef<{ data: RunTimeline; g: RunGeometry; gaps: GapLayer; gapCurve: number } | null>(null);

  const pixels = (): number => {
    const w = host.current?.clientWidth ?? 800;
    return Math.max(50, w - leftMargin(data?.rowLabels ?? []) - MARGIN.r);
  };

  /** Asks for the marks of the current range; only the newest reply is drawn. */
  const ask = useCallback(async () => {
    const n = ++seq.current;
    setLoading(true);
    try {
      const r = range.current;
      const d = await p.fetch({ from: r ? r[0] : null, to: r ? r[1] : null, pixels: pixels(), byPid: p.byPid });
      if (n === seq.current) {
        setData(d);
        setError(null);
      }
    } catch (e) {
      if (n === seq.current) setError(`Could not compute the timeline: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (n === seq.current) setLoading(false);
    }
  }, [p.fetch, p.byPid]); // eslint-disable-line react-hooks/exhaustive-deps

  // a new analysis or row mode: the whole run again
  useEffect(() => {
    range.current = null;
    rev.current++;
    void ask();
  }, [p.version, ask]);

  const coloring = useMemo<RunColoring | null>(() => (data ? runColoring(data, colorBy, p.activityOrder) : null), [data, colorBy, p.activityOrder]);

  // draw
  useEffect(() => {
    const el = host.current;
    if (!el || !data || !coloring || data.timeBase === 'none' || data.events === 0) return;
    let alive = true;
    const t = performance.now();
    void loadPlotly()
      .then(async (Plotly) => {
        if (!alive) return;
        plotly.current = Plotly;
        const gd = ownPlot(gdRef, el);
        const rows = data.rowLabels.length;
        const { plotHeight, lineWidth } = sizing(rows);
        const left = leftMargin(data.rowLabels);
        const px = Math.max(50, el.clientWidth - left - MARGIN.r);
        const r = range.current ?? [data.min - Math.max((data.max - data.min) * 0.01, 1e-6), data.max + Math.max((data.max - data.min) * 0.01, 1e-6)];
        const g = runGeometry(data, coloring, (r[1] - r[0]) / px, errnoLift(lineWidth, rows, plotHeight));
        const gaps = gapLayer(data, (r[1] - r[0]) / px);
        const traces = [
          { type: 'scattergl', mode: 'markers', x: g.midX, y: g.midY, marker: { color: 'rgba(0,0,0,0)', size: Math.max(6, lineWidth) }, hoverinfo: 'none', showlegend: false },
          { type: 'scattergl', mode: 'markers', x: g.pointX, y: g.pointY, marker: { color: g.pointColor, size: Math.max(5, lineWidth), symbol: 'diamond' }, hoverinfo: 'none', showlegend: false },
          ...g.lines.map((l) => ({ type: 'scattergl', mode: 'lines', x: l.x, y: l.y, line: { color: l.color, width: lineWidth }, connectgaps: false, hoverinfo: 'skip', showlegend: false })),
          { type: 'scattergl', mode: 'markers', x: g.fails.x, y: g.fails.y, marker: { color: ERRNO_COLOR, symbol: 'x', size: ERRNO_SIZE }, hoverinfo: 'skip', showlegend: false },
        ] as Data[];
        if (gaps.trace) traces.push(gaps.trace);
        latest.current = { data, g, gaps, gapCurve: gaps.trace ? traces.length - 1 : -1 };
        const layout: Partial<Layout> = {
          width: el.clientWidth,
          height: plotHeight + MARGIN.t + MARGIN.b,
          margin: { l: left, r: MARGIN.r, t: MARGIN.t, b: MARGIN.b },
          xaxis: { type: 'linear', range: [r[0], r[1]], title: { text: 'seconds since the run start' }, zeroline: false, showgrid: true },
          yaxis: { range: [rows - 0.5, -0.5], tickmode: 'array', ...yTicks(data.rowLabels, plotHeight), zeroline: false, showgrid: false, automargin: false, fixedrange: true },
          hovermode: 'closest',
          dragmode: 'zoom',
          uirevision: rev.current,
          plot_bgcolor: '#fff',
          paper_bgcolor: '#fff',
          shapes: gaps.shapes,
        };
        await Plotly.react(gd, traces, layout, PLOT_CONFIG);
        if (!alive) return;
        await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
        if (alive) setDrawn({ segments: g.segments, fails: g.fails.x.length, gaps: gaps.shapes.length, ms: performance.now() - t });
      })
      .catch((e: unknown) => alive && setError(`Could not draw the timeline: ${e instanceof Error ? e.message : String(e)}`));
    return () => {
      alive = false;
    };
  }, [data, coloring]);

  // events of the plot (wired once it exists); zoom and pan ask for the new range
  useEffect(() => {
    const gd = gdRef.current as unknown as PlotlyHTMLElement | null;
    if (!gd || !drawn) return;
    const onRelayout = (ev: PlotRelayoutEvent) => {
      const e = ev as Record<string, unknown>;
      let next: [number, number] | null;
      if (e['xaxis.autorange'] === true) next = null;
      else if (e['xaxis.range[0]'] !== undefined && e['xaxis.range[1]'] !== undefined) next = [Number(e['xaxis.range[0]']), Number(e['xaxis.range[1]'])];
      else if (Array.isArray(e['xaxis.range'])) next = [Number((e['xaxis.range'] as unknown[])[0]), Number((e['xaxis.range'] as unknown[])[1])];
      else return;
      if (next && !(next[0] < next[1])) return;
      range.current = next;
      void ask();
    };
    const onHover = (ev: PlotMouseEvent) => {
      const pt = ev.points[0];
      const cur = latest.current;
      if (pt && cur && pt.curveNumber === cur.gapCurve && cur.gapCurve >= 0) {
        const j = cur.gaps.pointGap[pt.pointIndex];
        if (j !== undefined) setHover(hoverAt(ev, gd as unknown as HTMLElement, 380, describeGap(cur.data, j)));
        return;
      }
      if (!pt || !cur || (pt.curveNumber !== 0 && pt.curveNumber !== 1)) return;
      const marks = pt.curveNumber === 0 ? cur.g.midMark : cur.g.pointMark;
      if (pt.pointIndex < 0 || pt.pointIndex >= marks.length) return;
      const k = marks[pt.pointIndex];
      setHover(hoverAt(ev, gd as unknown as HTMLElement, 380, describeRunMark(cur.data, k)));
    };
    gd.on('plotly_relayout', onRelayout);
    gd.on('plotly_hover', onHover);
    gd.on('plotly_unhover', () => setHover(null));
    return () => {
      gd.removeAllListeners?.('plotly_relayout');
      gd.removeAllListeners?.('plotly_hover');
      gd.removeAllListeners?.('plotly_unhover');
    };
  }, [drawn !== null, ask]); // eslint-disable-line react-hooks/exhaustive-deps

  // a new width: the marks of the range again (one bucket per pixel)
  useEffect(() => {
    const el = host.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let last = el.clientWidth;
    const ro = new ResizeObserver(() => {
      if (Math.abs(el.clientWidth - last) < 8) return;
      last = el.clientWidth;
      void ask();
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ask, data !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  // the plot's WebGL contexts go with the panel
  usePurgeOnUnmount(gdRef, plotly);

  const visible = range.current;
  return (
    <section className="run-timeline" data-testid="run-timeline">
      <div className="run-timeline-bar">
        <label>
          colour{' '}
          <select value={colorBy} onChange={(e) => setColorBy(e.target.value as RunColor)} data-testid="run-color">
            <option value="activity">activity</option>
            <option value="side">side (green / red)</option>
            <option value="errno">errno</option>
            {data?.layerNames && <option value="layer">layer (strace -k)</option>}
          </select>
        </label>
        <label title="One row per process (case, pid) instead of one per case; also in the overview">
          <input type="checkbox" checked={p.byPid} onChange={(e) => p.onByPid(e.target.checked)} data-testid="run-bypid" /> rows per pid
        </label>
        {p.onWindow && data && (
          <button
            className="small"
            data-testid="run-window"
            title="Analyse the events that start in the visible range (the graph and every statistic)"
            onClick={() => {
              const r = visible ?? [data.min, data.max];
              p.onWindow!({ from: Math.max(0, Math.floor(r[0] * 1e6) / 1e6), to: Math.ceil(r[1] * 1e6) / 1e6 });
            }}
          >
            analyse {visible ? 'the visible range' : 'the whole run'}
          </button>
        )}
        {loading && <span className="muted">updating…</span>}
      </div>
      {coloring && (
        <div className="run-legend" data-testid="run-legend">
          {coloring.key.labels.map((l, g) => (
            <button
              key={`${g}-${l}`}
              type="button"
              className="run-legend-item"
              disabled={colorBy !== 'activity' || !p.onActivity || coloring.ids[g] === null}
              onClick={() => coloring.ids[g] !== null && p.onActivity?.(coloring.ids[g]!)}
              title={colorBy === 'activity' && coloring.ids[g] !== null ? `Open the timeline of ${l} and select it in the graph` : l}
            >
              <span className="swatch" style={{ background: coloring.key.colors[g] }} />
              {l}
            </button>
          ))}
          <span className="run-legend-item">
            <span className="errno-key">×</span> failed call
          </span>
          <span className="run-legend-item">
            <span className="gap-key" /> untraced gap
          </span>
        </div>
      )}
      {data && data.timeBase === 'none' ? (
        <p className="timeline-message">Timelines need timestamps: these traces have none. Re-trace with <code>strace -f -tt -T -y …</code>.</p>
      ) : data && data.events === 0 ? (
        <p className="timeline-message">No mapped events in this view.</p>
      ) : (
        <div className="timeline-plot-wrap">
          <div
            ref={host}
            className="timeline-plot"
            data-testid="run-timeline-plot"
            data-ready={drawn && !loading ? 'true' : 'false'}
            data-rows={data ? String(data.rowLabels.length) : undefined}
            data-marks={data ? String(data.row.length) : undefined}
            data-binned={data ? String(data.binned) : undefined}
            data-events={data ? String(data.events) : undefined}
            data-in-range={data ? String(data.inRange) : undefined}
            data-errno-marks={drawn ? String(drawn.fails) : undefined}
            data-gap-marks={drawn ? String(drawn.gaps) : undefined}
            data-min={data ? String(data.min) : undefined}
            data-max={data ? String(data.max) : undefined}
            data-x0={visible ? String(visible[0]) : undefined}
            data-x1={visible ? String(visible[1]) : undefined}
            data-draw-ms={drawn ? drawn.ms.toFixed(0) : undefined}
          />
          <HoverTooltip hover={hover} testId="run-tooltip" />
        </div>
      )}
      {data && <p className="timeline-status" data-testid="run-status">{runSummary(data)} · drag to zoom, double-click for the whole run</p>}
      <PanelError error={error} />
    </section>
  );
}
