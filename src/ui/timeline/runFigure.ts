/**
 * What the whole-run timeline draws (RunTimelinePanel.tsx): per row (case or pid) its marks as bars in their
 * group's colour (runModel.ts), hover targets at the bar midpoints and the points, failed calls marked ×,
 * untraced gaps as dotted grey boxes (gapLayer.ts); and what a hovered point stands for.
 */
import type { Data, Layout } from 'plotly.js';
import type { RunTimeline } from '../../session/time';
import { ERRNO_SIZE, errnoLift } from './errnoMarks';
import { describeGap, gapLayer, type GapLayer } from './gapLayer';
import type { HoverLine } from './hover';
import { leftMargin, yTicks } from './plotParts';
import { axisIn, themedLayout, type PlotTheme } from './plotTheme';
import { describeRunMark, runGeometry, type RunColoring, type RunGeometry } from './runModel';
import type { Figure } from './usePlot';

export const RUN_MARGIN = { t: 8, r: 16, b: 40 };

export interface RunInfo {
  data: RunTimeline;
  g: RunGeometry;
  gaps: GapLayer;
  /** The trace of the gaps' hover points (-1: none). */
  gapCurve: number;
}

function sizing(rows: number): { plotHeight: number; lineWidth: number } {
  const plotHeight = Math.max(80, Math.min(360, rows * 16));
  return { plotHeight, lineWidth: Math.max(1, Math.min(12, (plotHeight / Math.max(1, rows)) * 0.6)) };
}

/** The plot's width in pixels for a panel `width` px wide (the marks are asked one bucket per pixel). */
export function runPixels(width: number, rowLabels: readonly string[]): number {
  return Math.max(50, width - leftMargin(rowLabels) - RUN_MARGIN.r);
}

/** The figure of `data` in `range` (seconds since t0; null: the whole run and 1 % on each side), in the
 * page's colour scheme `theme` (ground, grid, text, the gaps' boxes). */
export function runFigure(data: RunTimeline, coloring: RunColoring, range: [number, number] | null, width: number, uirevision: number, theme: PlotTheme): Figure<RunInfo> {
  const rows = data.rowLabels.length;
  const { plotHeight, lineWidth } = sizing(rows);
  const left = leftMargin(data.rowLabels);
  const px = runPixels(width, data.rowLabels);
  const pad = Math.max((data.max - data.min) * 0.01, 1e-6);
  const r = range ?? [data.min - pad, data.max + pad];
  const g = runGeometry(data, coloring, (r[1] - r[0]) / px, errnoLift(lineWidth, rows, plotHeight));
  const gaps = gapLayer(data, (r[1] - r[0]) / px, theme);
  const traces = [
    { type: 'scattergl', mode: 'markers', x: g.midX, y: g.midY, marker: { color: 'rgba(0,0,0,0)', size: Math.max(6, lineWidth) }, hoverinfo: 'none', showlegend: false },
    { type: 'scattergl', mode: 'markers', x: g.pointX, y: g.pointY, marker: { color: g.pointColor, size: Math.max(5, lineWidth), symbol: 'diamond' }, hoverinfo: 'none', showlegend: false },
    ...g.lines.map((l) => ({ type: 'scattergl', mode: 'lines', x: l.x, y: l.y, line: { color: l.color, width: lineWidth }, connectgaps: false, hoverinfo: 'skip', showlegend: false })),
    { type: 'scattergl', mode: 'markers', x: g.fails.x, y: g.fails.y, marker: { color: theme.errno, symbol: 'x', size: ERRNO_SIZE }, hoverinfo: 'skip', showlegend: false },
  ] as Data[];
  if (gaps.trace) traces.push(gaps.trace);
  const layout: Partial<Layout> = {
    ...themedLayout(theme),
    width,
    height: plotHeight + RUN_MARGIN.t + RUN_MARGIN.b,
    margin: { l: left, r: RUN_MARGIN.r, t: RUN_MARGIN.t, b: RUN_MARGIN.b },
    xaxis: axisIn(theme, { type: 'linear', range: [r[0], r[1]], title: { text: 'seconds since the run start' }, zeroline: false, showgrid: true }),
    yaxis: axisIn(theme, { range: [rows - 0.5, -0.5], tickmode: 'array', ...yTicks(data.rowLabels, plotHeight), zeroline: false, showgrid: false, automargin: false, fixedrange: true }),
    hovermode: 'closest',
    dragmode: 'zoom',
    uirevision,
    shapes: gaps.shapes,
  };
  return { traces, layout, info: { data, g, gaps, gapCurve: gaps.trace ? traces.length - 1 : -1 } };
}

/** The tooltip of point `pointIndex` of trace `curveNumber`: a gap, a bar (midpoint) or a point; else null. */
export function runHover(info: RunInfo, curveNumber: number, pointIndex: number): HoverLine[] | null {
  if (info.gapCurve >= 0 && curveNumber === info.gapCurve) {
    const j = info.gaps.pointGap[pointIndex];
    return j === undefined ? null : describeGap(info.data, j);
  }
  if (curveNumber !== 0 && curveNumber !== 1) return null;
  const marks = curveNumber === 0 ? info.g.midMark : info.g.pointMark;
  if (pointIndex < 0 || pointIndex >= marks.length) return null;
  return describeRunMark(info.data, marks[pointIndex]);
}
