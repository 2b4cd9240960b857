/**
 * The whole-run overview above the graph (docs/METHOD.md, "Time"): a case × time heatmap of bytes, busy
 * time or calls with its marginal sums, bandwidth and operations/s, the I/O phases (P1, P2 …) and their
 * stragglers (red frames; the table of phases is the Phases tab below the graph). Compact by default (a few
 * px per row: the graph gets the room), expandable. Dragging across it brushes a time window into the
 * graph; the window shows as a chip with one-click clear.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { OverviewMetric, TimeOverview } from '../../analysis/time/types';
import { formatBytes, formatSeconds, formatRate } from '../../lib/format';
import { DARK_INK, LIGHT_INK, drawOverview } from './draw';
import { DARK_QUERY, onSchemeChange } from '../graph/theme';
import { gapAt, gapHover, gapMarks, type GapMark } from './gapMarks';
import { binAt, brushWindow, overviewLayout, rowAt, timeAt, type OverviewLayout } from './geometry';
import { HeatmapControls } from './HeatmapControls';
import type { HeatmapDirection } from '../../analysis/darshan/heatmapOverview';
import './time.css';

export interface TimeWindowValue {
  from: number | null;
  to: number | null;
}

export interface OverviewPanelProps {
  data: TimeOverview | null;
  /** A request for the overview is running. */
  loading: boolean;
  window: TimeWindowValue | null;
  metric: OverviewMetric;
  onMetric(m: OverviewMetric): void;
  align: boolean;
  onAlign(a: boolean): void;
  /** One row per (case, pid) (here and in the whole-run timeline). */
  byPid?: boolean;
  onByPid?(v: boolean): void;
  /** Restrict the overview to the selected activity (when one is selected). */
  selected: string | null;
  onlySelected: boolean;
  onOnlySelected(v: boolean): void;
  onBrush(w: TimeWindowValue | null): void;
  /** Darshan's runtime heatmap drawn (logs without events): another interface or direction. */
  onHeatmap?(r: { module: string; direction: HeatmapDirection }): void;
}

const METRIC_LABEL: Record<OverviewMetric, string> = { bytes: 'bytes', busy: 'busy time', calls: 'calls' };

export const windowText = (w: TimeWindowValue): string => `${w.from === null ? 'start' : `${w.from} s`} … ${w.to === null ? 'end' : `${w.to} s`}`;

const valueText = (m: OverviewMetric, v: number): string => (m === 'bytes' ? formatBytes(v) : m === 'busy' ? formatSeconds(v) : `${v} calls`);

/** The content width of `wrap` (clientWidth less the pane's padding), kept current. */
function useContentWidth(wrap: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    // clientWidth includes the pane's padding (the canvas was 16 px too wide, its row sums clipped behind a
    // horizontal scroll)
    const inner = (): number => {
      const cs = getComputedStyle(el);
      return Math.max(320, Math.floor(el.clientWidth - (parseFloat(cs.paddingLeft) || 0) - (parseFloat(cs.paddingRight) || 0)));
    };
    const ro = new ResizeObserver(() => setWidth(inner()));
    ro.observe(el);
    setWidth(inner());
    return () => ro.disconnect();
  }, [wrap]);
  return width;
}

/** The ink of the page's colour scheme, following the system's when it changes while the page is open. */
function useInk() {
  const dark = (): boolean => typeof matchMedia !== 'undefined' && matchMedia(DARK_QUERY).matches;
  const [ink, setInk] = useState(() => (dark() ? DARK_INK : LIGHT_INK));
  useEffect(() => onSchemeChange(() => setInk(dark() ? DARK_INK : LIGHT_INK)), []);
  return ink;
}

/** The overview's controls on one row: colour, row options, the window chip, the hover text, expand. */
function OverviewBar(p: OverviewPanelProps & { hover: string; expanded: boolean; onExpand(v: boolean): void }) {
  return (
    <div className="overview-bar">
      <strong>Overview</strong>
      {p.data?.heatmap ? <HeatmapControls source={p.data.heatmap} onChange={(r) => p.onHeatmap?.(r)} /> : <EventControls {...p} />}
      {p.window && (p.window.from !== null || p.window.to !== null) && (
        <span className="chip time-chip" data-testid="time-chip">
          window {windowText(p.window)}
          <button className="small" onClick={() => p.onBrush(null)} aria-label="Clear the time window" data-testid="time-clear">
            ×
          </button>
        </span>
      )}
      <span className="hover" data-testid="overview-hover" title={p.hover}>
        {p.hover}
      </span>
      {p.loading && <span className="muted">updating…</span>}
      <button className="small" onClick={() => p.onExpand(!p.expanded)} aria-pressed={p.expanded} data-testid="overview-expand"
        title={p.expanded ? 'A few px per row: the graph gets the room' : 'Taller rows with their labels, the legend'}>
        {p.expanded ? 'compact ▴' : 'expand ▾'}
      </button>
    </div>
  );
}

/** The overview's controls for events: the metric, aligned cases, rows per pid, the selected activity. */
function EventControls(p: OverviewPanelProps) {
  return (
    <>
      <label>
        colour{' '}
        <select value={p.metric} onChange={(e) => p.onMetric(e.target.value as OverviewMetric)} data-testid="overview-metric">
          {(['bytes', 'busy', 'calls'] as OverviewMetric[]).map((m) => (
            <option key={m} value={m}>
              {METRIC_LABEL[m]}
            </option>
          ))}
        </select>
      </label>
      <label title="Each case on its own clock: time 0 = its first event (brushing is off)">
        <input type="checkbox" checked={p.align} onChange={(e) => p.onAlign(e.target.checked)} /> align cases
      </label>
      {p.onByPid && (
        <label title="One row per process (case, pid) instead of one per case; also in the Run timeline tab">
          <input type="checkbox" checked={p.byPid === true} onChange={(e) => p.onByPid!(e.target.checked)} data-testid="overview-bypid" /> rows per pid
        </label>
      )}
      <label title={p.selected ? `Only the events of ${p.selected}` : 'Select an activity in the graph first'}>
        <input type="checkbox" checked={p.onlySelected && p.selected !== null} disabled={p.selected === null} onChange={(e) => p.onOnlySelected(e.target.checked)} /> selected only
      </label>
    </>
  );
}

/** The legend and the grid's size (the expanded overview only). */
function OverviewFoot({ d }: { d: TimeOverview }) {
  const brushable = !d.overview.aligned && d.timeBase !== 'none' && !d.heatmap;
  return (
    <div className="overview-foot">
      <span className="legend">
        <span className="key bars" /> Σ per bin <span className="key bw" /> bytes/s <span className="key ops" /> calls/s <span className="key phase" /> phases (the Phases tab) <span className="key straggler" /> stragglers <span className="key untraced" /> untraced
      </span>
      <span className="muted">
        {d.overview.rows} rows × {d.overview.bins} bins of {formatSeconds(d.overview.width)}; {METRIC_LABEL[d.overview.metric]}
        {brushable ? '; drag across to analyse a time window' : ''}
      </span>
    </div>
  );
}

export function OverviewPanel(p: OverviewPanelProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useContentWidth(wrap);
  const [brush, setBrush] = useState<[number, number] | null>(null);
  const [hover, setHover] = useState<string>('');
  const [expanded, setExpanded] = useState(false);
  const d = p.data;
  const layout = useMemo(() => overviewLayout(width, d?.overview.rows ?? 0, !expanded), [width, d, expanded]);
  const gaps = useMemo(() => (d ? gapMarks(d) : []), [d]);
  const ink = useInk();

  useEffect(() => {
    const c = canvas.current;
    if (!c || !d) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(layout.width * dpr);
    c.height = Math.round(layout.height * dpr);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawOverview(ctx, layout, d, p.window, brush, gaps, ink);
  }, [d, layout, p.window, brush, gaps, ink]);

  const local = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const brushable = d !== null && !d.overview.aligned && d.timeBase !== 'none' && !d.heatmap;
  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!brushable) return;
    const [x] = local(e);
    if (x < layout.plotX || x > layout.plotX + layout.plotW) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setBrush([x, x]);
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const [x, y] = local(e);
    if (brush !== null) setBrush([brush[0], x]);
    if (d) setHover(hoverText(d, layout, gaps, x, y));
  };
  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    if (brush === null || !d) return;
    const [x] = local(e);
    const w = brushWindow(layout, d.overview.span, brush[0], x);
    setBrush(null);
    if (w) p.onBrush(w);
  };

  return (
    <div className={expanded ? 'overview' : 'overview compact'} data-testid="overview" ref={wrap}>
      <OverviewBar {...p} hover={hover} expanded={expanded} onExpand={setExpanded} />
      {d === null ? (
        <p className="muted">{p.loading ? 'Computing the overview…' : 'No overview.'}</p>
      ) : d.timeBase === 'none' ? (
        <p className="muted">These traces have no timestamps (record with strace -tt): no time views.</p>
      ) : (
        <>
          <canvas
            ref={canvas}
            style={{ width: layout.width, height: layout.height, cursor: brushable ? 'crosshair' : 'default' }}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerLeave={() => setHover('')}
            data-testid="overview-canvas"
            data-phases-drawn={d && !d.overview.aligned ? d.phases.phases.length : 0}
            data-gaps-drawn={gaps.length}
            data-gap-first={gaps.length ? `${gaps[0].row}:${gaps[0].gap.start}:${gaps[0].gap.seconds}` : undefined}
            data-heat-y={layout.heatY}
            data-row-h={layout.rowH}
            data-rows={d.overview.rows}
            data-span={d.overview.span}
            data-plot-x={layout.plotX}
            data-plot-w={layout.plotW}
            data-source={d.heatmap ? `heatmap ${d.heatmap.module} ${d.heatmap.direction}` : 'events'}
          />
          {expanded && <OverviewFoot d={d} />}
        </>
      )}
    </div>
  );
}

/** What the pointer at (x, y) is over: a bin of the strip, a cell, or an untraced gap. */
function hoverText(d: TimeOverview, layout: OverviewLayout, gaps: readonly GapMark[], x: number, y: number): string {
  const o = d.overview;
  const r = rowAt(layout, o.rows, y);
  const b = binAt(layout, o.bins, x);
  if (b < 0) return '';
  const t0 = (b * o.width).toFixed(3);
  const t1 = ((b + 1) * o.width).toFixed(3);
  if (r < 0) return `${t0}–${t1} s: ${formatRate(o.bandwidth[b])}${d.heatmap ? '' : `, ${o.ops[b].toFixed(0)} calls/s`}`;
  const g = gapAt(gaps, r, timeAt(layout, o.span, x));
  if (g) return gapHover(d.rowLabels[r], g);
  return `${d.rowLabels[r]}, ${t0}–${t1} s: ${valueText(o.metric, o.cells[r * o.bins + b])}`;
}
