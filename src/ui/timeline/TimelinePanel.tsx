/**
 * The per-activity timeline (paper Fig. 5): every event a horizontal bar from start to start + dur, one row
 * per rowLabels entry (what is drawn: timelineFigure.ts). More than BIN_THRESHOLD events in view are binned
 * per pixel bucket per row (binning.ts); zooming re-bins here, without asking the session. Events of more
 * than one layer (strace -k) are coloured by layer, with a key (layerBars.ts); else green / red rows by side.
 * The plot is borrowed from warmPlot (usePlot.ts).
 */
import { useCallback, useMemo, useRef } from 'react';
import type { PlotMouseEvent } from 'plotly.js';
import type { TimelinePanelProps } from '../contracts';
import { extent } from '../../lib/binning';
import { markAt } from './geometry';
import { describeEvent, summary } from './hover';
import { layerKey, type LayerKey } from './layerBars';
import { HoverTooltip, PanelError } from './plotParts';
import { sameRange } from './relayout';
import { timeAxis } from './timeAxis';
import { fullRange, timelineFigure, type TimelineInfo } from './timelineFigure';
import { usePlot } from './usePlot';
import { usePlotTheme } from './usePlotTheme';
import './timeline.css';

/** Each opened timeline gets its own uirevision (a reused plot must not keep the previous one's zoom). */
let openings = 0;

export function TimelinePanel({ data, onClose, rowSides }: TimelinePanelProps) {
  /** The time axis and the range of every event; null without timestamps. */
  const axis = useMemo(() => {
    const ext = data.timeBase === 'none' ? null : extent(data);
    const a = ext ? timeAxis(data.timeBase, ext.min) : null;
    return a && ext ? { axis: a, full: fullRange(a, ext) } : null;
  }, [data]);
  /** Per row 0 (no side), 1 (green), 2 (red); null when no row has a side. */
  const rowGroups = useMemo(() => (rowSides && rowSides.some((x) => x !== null) ? Uint8Array.from(rowSides, (x) => (x === 'green' ? 1 : x === 'red' ? 2 : 0)) : null), [rowSides]);
  /** The layers of the events when more than one (bars coloured by layer, before sides). */
  const layers = useMemo(() => layerKey(data), [data]);
  /** Visible x-range in axis units (zooming changes it and draws again). */
  const range = useRef<[number, number] | null>(null);
  /** A new drawing (the whole range, a new uirevision); a change of colour scheme keeps the zoom. */
  const opening = useMemo(() => {
    if (!axis) return null;
    range.current = axis.full;
    return { axis, rowGroups, layers, uirevision: ++openings };
  }, [axis, rowGroups, layers]);
  const theme = usePlotTheme();
  const figure = useMemo(() => {
    if (!opening) return null;
    const { axis: a, uirevision } = opening;
    return (width: number) => timelineFigure({ data, axis: a.axis, range: range.current ?? a.full, rowGroups: opening.rowGroups, layers: opening.layers, uirevision, theme }, width);
  }, [data, opening, theme]);
  const hover = useCallback((ev: PlotMouseEvent, info: TimelineInfo) => {
    const p = ev.points[0];
    const m = info.marks;
    const hit = p ? markAt(p.curveNumber, p.pointIndex, m) : null;
    if (!hit) return null;
    const i = hit.kind === 'bar' ? m.bars[hit.k] : m.points[hit.k];
    const count = hit.kind === 'bar' ? (m.barCount?.[hit.k] ?? null) : (m.pointCount?.[hit.k] ?? null);
    const failed = hit.kind === 'bar' ? (m.barFail?.[hit.k] ?? null) : (m.pointFail?.[hit.k] ?? null);
    return describeEvent(data, i, count, failed);
  }, [data]);
  const plot = usePlot<TimelineInfo>({
    figure,
    what: 'the timeline',
    borrow: true,
    marks: 'tl',
    hover,
    onRange: (r) => {
      const next = r ?? axis?.full ?? null;
      if (!next || sameRange(range.current, next)) return;
      range.current = next;
      plot.redraw();
    },
  });
  const drawn = plot.drawn;
  const marks = drawn?.info.marks ?? null;
  return (
    <section className="timeline-panel" aria-label={`Timeline of ${data.activity}`} data-testid="timeline-panel" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
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
      ) : !axis ? (
        <p className="timeline-message">This activity has no events with a timestamp.</p>
      ) : (
        <>
          {layers && <LayerKeyRow layers={layers} />}
          <div className="timeline-plot-wrap">
            <div
              ref={plot.host}
              className="timeline-plot"
              data-testid="timeline-plot"
              data-bars={marks ? String(marks.bars.length + marks.points.length) : undefined}
              data-binned={marks ? String(marks.binned) : undefined}
              data-events={String(data.start.length)}
              data-segments={drawn ? String(drawn.info.segments) : undefined}
              data-errno-marks={drawn ? String(drawn.info.failMarks) : undefined}
              data-bin-ms={drawn ? drawn.info.binMs.toFixed(1) : undefined}
              data-react-ms={drawn ? drawn.reactMs.toFixed(1) : undefined}
              data-ready={marks && plot.openMs !== null ? 'true' : 'false'}
              data-open-ms={plot.openMs !== null ? plot.openMs.toFixed(0) : undefined}
              data-layers={layers ? layers.labels.join(',') : undefined}
            />
            <HoverTooltip hover={plot.hover} testId="timeline-tooltip" />
          </div>
          <p className="timeline-status" data-testid="timeline-status">
            {summary(data, marks)}
            {drawn && drawn.info.failMarks > 0 && <span className="errno-key"> · × failed call</span>}
            {data.timeBase === 'clock' && ' · clock times from the traces; hosts’ clocks may differ'}
          </p>
        </>
      )}
      <PanelError error={plot.error} />
    </section>
  );
}

/** The colours of the layers, above the plot. */
function LayerKeyRow({ layers }: { layers: LayerKey }) {
  return (
    <div className="run-legend" data-testid="timeline-layer-key" aria-label="Colour: layer">
      {layers.labels.map((l, g) => (
        <span key={l} className="run-legend-item" title={`${l}: ${layers.events[g].toLocaleString('en-US')} events`}>
          <span className="swatch" style={{ background: layers.colors[g] }} />
          {l}
        </span>
      ))}
    </div>
  );
}
