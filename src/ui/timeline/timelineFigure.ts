/**
 * What the per-activity timeline draws for a visible range (TimelinePanel.tsx): the marks of the range
 * (raw events, or binned per pixel bucket per row when more than BIN_THRESHOLD), one WebGL line trace of all
 * bars (NaN-separated segments), a marker trace of the bar midpoints (hover targets), one of events of
 * unknown duration as points; more than one layer (strace -k): bars coloured by layer (layerBars.ts), else
 * rows of green / red cases in the partition's colours; failed calls marked × last. Ground, grid, text and
 * the bars' colours from the page's colour scheme (plotTheme.ts).
 */
import type { Data, Layout } from 'plotly.js';
import type { TimelineData } from '../../analysis/types';
import { BIN_THRESHOLD, marksForRange, type Marks } from '../../lib/binning';
import { errnoLift, errnoMarks, ERRNO_SIZE } from './errnoMarks';
import { buildGeometry, splitSegments } from './geometry';
import { escapePlotlyText } from './hover';
import { layerSegments, type LayerKey } from './layerBars';
import { leftMargin, yTicks } from './plotParts';
import { axisIn, themedLayout, type PlotTheme } from './plotTheme';
import { clockTicks, toSeconds, type TimeAxis } from './timeAxis';
import type { Figure } from './usePlot';

const MARGIN = { t: 10, r: 16, b: 44 };

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
  /** The page's colour scheme (bars of no layer or side in its colour; the ground, grid and text). */
  theme: PlotTheme;
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
  const { data, axis, range, rowGroups, layers, theme } = s;
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
    line(g.segX, g.segY, theme.bar, lineWidth),
    { type: 'scattergl', mode: 'markers', x: g.midX, y: g.midY, marker: { color: 'rgba(0,0,0,0)', size: Math.max(6, lineWidth) }, hoverinfo: 'none', showlegend: false },
    { type: 'scattergl', mode: 'markers', x: g.pointX, y: g.pointY, marker: { color: theme.point, size: Math.max(5, lineWidth), symbol: 'diamond' }, hoverinfo: 'none', showlegend: false },
  ] as Data[];
  let segments = g.segments;
  if (layers) {
    // each layer's bars in its colour (the run timeline's and the lanes'), appended after the hover traces
    traces[0] = line([], [], theme.bar, lineWidth);
    const parts = layerSegments(data, m, layers, axis, minWidth);
    segments = parts.reduce((t, p) => t + p.x.length / 3, 0);
    parts.forEach((p, k) => traces.push(line(p.x, p.y, layers.colors[k], lineWidth)));
  } else if (rowGroups) {
    // rows of green and red cases in their own colours, on the same x-axis (appended after the hover traces)
    const [rest, green, red] = splitSegments(g.segX, g.segY, rowGroups, 3);
    traces[0] = line(rest.x, rest.y, theme.bar, lineWidth);
    [green, red].forEach((p, k) => traces.push(line(p.x, p.y, theme.sides[k], lineWidth)));
  }
  // errno marks last: a red × at the start of each bar that stands for a failed call (not a hover target)
  traces.push({ type: 'scattergl', mode: 'markers', x: fails.x, y: fails.y, marker: { color: theme.errno, symbol: 'x', size: ERRNO_SIZE }, hoverinfo: 'skip', showlegend: false } as Data);
  const layout: Partial<Layout> = {
    ...themedLayout(theme),
    width,
    height: plotHeight + MARGIN.t + MARGIN.b,
    margin: { l: left, r: MARGIN.r, t: MARGIN.t, b: MARGIN.b },
    xaxis: axisIn(theme, {
      type: 'linear',
      range: [range[0], range[1]],
      title: { text: escapePlotlyText(axis.title) },
      tickmode: 'array',
      // ticks over the marks' range (3 view widths), so that a pan shows labelled ticks too
      ...clockTicks(axis, axis.offset + m.x0 * axis.scale, axis.offset + m.x1 * axis.scale, Math.max(2, Math.floor(pixels / 120)) * ((m.x1 - m.x0) / (s1 - s0))),
      zeroline: false,
      showgrid: true,
    }),
    yaxis: axisIn(theme, { range: [rows - 0.5, -0.5], tickmode: 'array', ...yTicks(data.rowLabels, plotHeight), zeroline: false, showgrid: false, automargin: false }),
    hovermode: 'closest',
    dragmode: 'zoom',
    uirevision: s.uirevision,
  };
  return { traces, layout, info: { marks: m, segments, failMarks: fails.x.length, binMs } };
}

/** The x-range that shows every event: the events' extent and 1 % on each side, in axis units. */
export function fullRange(axis: TimeAxis, ext: { min: number; max: number }): [number, number] {
  const pad = Math.max((ext.max - ext.min) * 0.01, 1e-6);
  return [axis.offset + (ext.min - pad) * axis.scale, axis.offset + (ext.max + pad) * axis.scale];
}
