/**
 * What the offsets view draws (OffsetsPanel.tsx) from its colour groups (offsetsModel.ts): per group a
 * trace of dots at the offsets (the hover targets, first: trace g is group g's) and one of the segments;
 * and what a hovered dot stands for.
 */
import type { Data, Layout } from 'plotly.js';
import type { FileOffsets } from '../../session/time';
import { durationText, offsetText, sizeText, type HoverLine } from './hover';
import { byteTicks, maxByte, type OffsetGroup } from './offsetsModel';
import { axisIn, themedLayout, type PlotTheme } from './plotTheme';
import { sinceStart } from './runModel';
import type { Figure } from './usePlot';

export interface OffsetsInfo {
  data: FileOffsets;
  groups: OffsetGroup[];
}

/** The figure of `data`'s groups `width` px wide, in the page's colour scheme `theme` (ground, grid, text). */
export function offsetsFigure(data: FileOffsets, groups: OffsetGroup[], width: number, theme: PlotTheme): Figure<OffsetsInfo> {
  const traces = [
    // dots first: trace g is group g's hover targets
    ...groups.map((g) => ({ type: 'scattergl', mode: 'markers', x: g.dotX, y: g.dotY, marker: { color: g.color, size: 4 }, hoverinfo: 'none', showlegend: false })),
    ...groups.map((g) => ({ type: 'scattergl', mode: 'lines', x: g.x, y: g.y, line: { color: g.color, width: 3 }, connectgaps: false, hoverinfo: 'skip', name: g.label, showlegend: false })),
  ] as Data[];
  const layout: Partial<Layout> = {
    ...themedLayout(theme),
    width,
    height: 280,
    margin: { l: 80, r: 16, t: 8, b: 40 },
    xaxis: axisIn(theme, { type: 'linear', title: { text: 'seconds since the run start' }, zeroline: false }),
    yaxis: axisIn(theme, { type: 'linear', title: { text: 'file offset' }, tickmode: 'array', ...byteTicks(maxByte(data)), zeroline: false, rangemode: 'tozero' }),
    hovermode: 'closest',
    dragmode: 'zoom',
    uirevision: data.path ?? '',
  };
  return { traces, layout, info: { data, groups } };
}

/** The tooltip of dot `pointIndex` of trace `curveNumber` (a group's dots); null for anything else. */
export function offsetsHover(info: OffsetsInfo, curveNumber: number, pointIndex: number): HoverLine[] | null {
  const g = info.groups[curveNumber];
  const d = info.data;
  if (!g || pointIndex < 0 || pointIndex >= g.dotEvent.length) return null;
  const i = g.dotEvent[pointIndex];
  return [
    { key: 'case', value: d.caseLabels[d.caseIdx[i]] ?? '' },
    { key: 'pid', value: String(d.pid[i]) },
    { key: 'call', value: d.isWrite[i] ? 'write' : 'read' },
    { key: 'offset', value: offsetText(d.offset[i]) },
    { key: 'size', value: sizeText(d.size[i]) },
    { key: 'duration', value: durationText(d.dur[i]) },
    { key: 'start', value: sinceStart(d.start[i]) },
  ];
}
