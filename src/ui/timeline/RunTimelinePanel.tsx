/**
 * The whole-run timeline (docs/METHOD.md "Time"): every case (or pid) a row with all its events, coloured
 * by activity, side or errno, failed calls marked ×, untraced gaps as dotted grey boxes (what is drawn:
 * runFigure.ts). The session serves the marks of the visible range (raw events, or binned per pixel when
 * many; useRunMarks.ts); zooming and panning ask again. Hover shows the event, or the gap.
 */
import { useCallback, useMemo, useState } from 'react';
import type { PlotMouseEvent } from 'plotly.js';
import type { RunTimeline, RunTimelineRequest } from '../../session/time';
import { HoverTooltip, PanelError } from './plotParts';
import { runFigure, runHover, runPixels, type RunInfo } from './runFigure';
import { runColoring, runSummary, type RunColor, type RunColoring } from './runModel';
import { usePlot } from './usePlot';
import { usePlotTheme } from './usePlotTheme';
import { useRunMarks } from './useRunMarks';
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

const hover = (ev: PlotMouseEvent, info: RunInfo) => (ev.points[0] ? runHover(info, ev.points[0].curveNumber, ev.points[0].pointIndex) : null);

export function RunTimelinePanel(p: RunTimelinePanelProps) {
  const [colorBy, setColorBy] = useState<RunColor>('activity');
  const run = useRunMarks(p.fetch, p.byPid, p.version, (d) => runPixels(plot.width() ?? 800, d?.rowLabels ?? []));
  const { data, range } = run;
  const coloring = useMemo<RunColoring | null>(() => (data ? runColoring(data, colorBy, p.activityOrder) : null), [data, colorBy, p.activityOrder]);
  const reply = run.reply;
  const theme = usePlotTheme();
  const figure = useMemo(
    () => (reply && coloring && reply.data.timeBase !== 'none' && reply.data.events > 0 ? (width: number) => runFigure(reply.data, coloring, reply.range, width, reply.rev, theme) : null),
    [reply, coloring, theme],
  );
  const plot = usePlot<RunInfo>({ figure, what: 'the timeline', hover, onRange: run.show, onResize: run.again, minResize: 8 });
  const drawn = plot.drawn;
  return (
    <section className="run-timeline" data-testid="run-timeline">
      <RunTimelineBar p={p} colorBy={colorBy} onColor={setColorBy} run={run} />
      {coloring && <RunLegend coloring={coloring} colorBy={colorBy} onActivity={p.onActivity} />}
      {data && data.timeBase === 'none' ? (
        <p className="timeline-message">Timelines need timestamps: these traces have none. Re-trace with <code>strace -f -tt -T -y …</code>.</p>
      ) : data && data.events === 0 ? (
        <p className="timeline-message">No mapped events in this view.</p>
      ) : (
        <div className="timeline-plot-wrap">
          <div
            ref={plot.host}
            className="timeline-plot"
            data-testid="run-timeline-plot"
            data-ready={drawn && !run.loading ? 'true' : 'false'}
            data-rows={data ? String(data.rowLabels.length) : undefined}
            data-marks={data ? String(data.row.length) : undefined}
            data-binned={data ? String(data.binned) : undefined}
            data-events={data ? String(data.events) : undefined}
            data-in-range={data ? String(data.inRange) : undefined}
            data-errno-marks={drawn ? String(drawn.info.g.fails.x.length) : undefined}
            data-gap-marks={drawn ? String(drawn.info.gaps.shapes.length) : undefined}
            data-min={data ? String(data.min) : undefined}
            data-max={data ? String(data.max) : undefined}
            data-x0={range ? String(range[0]) : undefined}
            data-x1={range ? String(range[1]) : undefined}
            data-draw-ms={drawn ? drawn.ms.toFixed(0) : undefined}
          />
          <HoverTooltip hover={plot.hover} testId="run-tooltip" />
        </div>
      )}
      {data && <p className="timeline-status" data-testid="run-status">{runSummary(data)} · drag to zoom, double-click for the whole run</p>}
      <PanelError error={run.error ?? plot.error} />
    </section>
  );
}

/** Colour, rows per pid, and "analyse the visible range". */
function RunTimelineBar({ p, colorBy, onColor, run }: { p: RunTimelinePanelProps; colorBy: RunColor; onColor(c: RunColor): void; run: ReturnType<typeof useRunMarks> }) {
  const { data, range } = run;
  const analyse = useCallback(() => {
    if (!data || !p.onWindow) return;
    const r = range ?? [data.min, data.max];
    p.onWindow({ from: Math.max(0, Math.floor(r[0] * 1e6) / 1e6), to: Math.ceil(r[1] * 1e6) / 1e6 });
  }, [data, range, p]);
  return (
    <div className="run-timeline-bar">
      <label>
        colour{' '}
        <select value={colorBy} onChange={(e) => onColor(e.target.value as RunColor)} data-testid="run-color">
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
        <button className="small" data-testid="run-window" title="Analyse the events that start in the visible range (the graph and every statistic)" onClick={analyse}>
          analyse {range ? 'the visible range' : 'the whole run'}
        </button>
      )}
      {run.loading && <span className="muted">updating…</span>}
    </div>
  );
}

/** The key of the colours; in activity colouring a click opens that activity's timeline. */
function RunLegend({ coloring, colorBy, onActivity }: { coloring: RunColoring; colorBy: RunColor; onActivity?(id: string): void }) {
  return (
    <div className="run-legend" data-testid="run-legend">
      {coloring.key.labels.map((l, g) => (
        <button
          key={`${g}-${l}`}
          type="button"
          className="run-legend-item"
          disabled={colorBy !== 'activity' || !onActivity || coloring.ids[g] === null}
          onClick={() => coloring.ids[g] !== null && onActivity?.(coloring.ids[g]!)}
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
  );
}
