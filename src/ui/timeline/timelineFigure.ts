/**
 * What the per-activity timeline draws for a visible range (TimelinePanel.tsx): the marks of the range
 * (raw events, or binned per pixel bucket per row when more than BIN_THRESHOLD), one WebGL line trace of all
 * bars (NaN-separated segments), a marker trace of the bar midpoints (hover targets), one of events of
 * unknown duration as points; more than one layer (strace -k): bars coloured by layer (layerBars.ts), else
 * rows of green / red cases in the partition's colours; failed calls marked × last.
 */
import type { Data, Layout } from 'plotly.js';
import type { TimelineData } from '../../analysis/types';
import { BIN_THRESHOLD, marksForRange, type Marks } from '../../lib/binning';
import { errnoLift, errnoMarks, ERRNO_COLOR, ERRNO_SIZE } from './errnoMarks';
import { buildGeometry, splitSegments } from './geometry';
import { escapePlotlyText } from './hover';
import { layerSegments, type LayerKey } from './layerBars';
import { leftMargin, yTicks } from './plotParts';
import { clockTicks, toSeconds, type TimeAxis } from './timeAxis';
import type { Figure } from './usePlot';

const MARGIN = { t: 10, r: 16, b: 44 };
const BAR_COLOR = '#3f51b5';
/** Bars of green / red cases (the partition's edge colours). */
const SIDE_COLORS = ['#2E7D32', '#E53935'];
const POINT_COLOR = '#e65100';

export interface TimelineInfo {
  marks: Marks;
  /** Line segments drawn, failed-call marks drawn, and how long computing the marks took. */
  segments: number;
  failMarks: number;
  binMs: number;
}

export interface TimelineScene {
  data: TimelineData;
  axis: TimeAxis;
  /** Visible x-range in axis units. */
  range: [number, number];
  /** Per row 0 (no side), 1 (green), 2 (red); null when no row has a side. */
  rowGroups: Uint8Array | null;
  layers: LayerKey | null;
  /** Plotly keeps a user's zoom while this stays. */
  uirevision: number;
}

/** Plot height and bar thickness from the number of rows. */
export function sizing(rows: number): { plotHeight: number; lineWidth: number } {
  const plotHeight = Math.max(120, Math.min(480, rows * 22));
  const rowPx = plotHeight / Math.max(1, rows);
  return { plotHeight, lineWidth: Math.max(1, Math.min(12, rowPx * 0.6)) };
}

const line = (x: ArrayLike<number>, y: ArrayLike<number>, color: string, width: number): Data =>
  ({ type: 'scattergl', mode: 'lines', x, y, line: { color, width }, connectgaps: false, hoverinfo: 'skip', showlegend: false }) as Data;

export function timelineFigure(s: TimelineScene, width: number): Figure<TimelineInfo> {
  const { data, axis, range, rowGroups, layers } = s;
  const rows = data.rowLabels.length;
  const { plotHeight, lineWidth } = sizing(rows);
  const left = leftMargin(data.rowLabels);
  const pixels = Math.max(50, width - left - MARGIN.r);
  const s0 = toSeconds(axis, range[0]);
  const s1 = toSeconds(axis, range[1]);
  const tBin = performance.now();
  const m = marksForRange({ row: data.row, start: data.start, dur: data.dur, fail: data.errno }, rows, s0, s1, pixels, BIN_THRESHOLD);
  const minWidth = (s1 - s0) / pixels;
  const g = buildGeometry(data, m, axis, minWidth);
  const fails = errnoMarks(m, data.errno, data.start, data.row, axis, errnoLift(lineWidth, rows, plotHeight));
  const binMs = performance.now() - tBin;
  const traces: Data[] = [
    line(g.segX, g.segY, BAR_COLOR, lineWidth),
    { type: 'scattergl', mode: 'markers', x: g.midX, y: g.midY, marker: { color: 'rgba(0,0,0,0)', size: Math.max(6, lineWidth) }, hoverinfo: 'none', showlegend: false },
    { type: 'scattergl', mode: 'markers', x: g.pointX, y: g.pointY, marker: { color: POINT_COLOR, size: Math.max(5, lineWidth), symbol: 'diamond' }, hoverinfo: 'none', showlegend: false },
  ] as Data[];
  let segments = g.segments;
  if (layers) {
    // each layer's bars in its colour (the run timeline's and the lanes'), appended after the hover traces
    traces[0] = line([], [], BAR_COLOR, lineWidth);
    const parts = layerSegments(data, m, layers, axis, minWidth);
    segments = parts.reduce((t, p) => t + p.x.length / 3, 0);
    parts.forEach((p, k) => traces.push(line(p.x, p.y, layers.colors[k], lineWidth)));
  } else if (rowGroups) {
    // rows of green and red cases in their own colours, on the same x-axis (appended after the hover traces)
    const [rest, green, red] = splitSegments(g.segX, g.segY, rowGroups, 3);
    traces[0] = line(rest.x, rest.y, BAR_COLOR, lineWidth);
    [green, red].forEach((p, k) => traces.push(line(p.x, p.y, SIDE_COLORS[k], lineWidth)));
  }
  // errno marks last: a red × at the start of each bar that stands for a failed call (not a hover target)
  traces.push({ type: 'scattergl', mode: 'markers', x: fails.x, y: fails.y, marker: { color: ERRNO_COLOR, symbol: 'x', size: ERRNO_SIZE }, hoverinfo: 'skip', showlegend: false } as Data);
  const layout: Partial<Layout> = {
    width,
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
    uirevision: s.uirevision,
    plot_bgcolor: '#fff',
    paper_bgcolor: '#fff',
  };
  return { traces, layout, info: { marks: m, segments, failMarks: fails.x.length, binMs } };
}

/** The x-range that shows every event: the events' extent and 1 % on each side, in axis units. */
export function fullRange(axis: TimeAxis, ext: { min: number; max: number }): [number, number] {
  const pad = Math.max((ext.max - ext.min) * 0.01, 1e-6);
  return [axis.offset + (ext.min - pad) * axis.scale, axis.offset + (ext.max + pad) * axis.scale];
}
