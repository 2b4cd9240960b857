/**
 * The untraced gaps on the run timeline (docs/METHOD.md "Untraced time"): a dotted grey box on the row of
 * each gap wide enough to see, and invisible points across it that the hover reads.
 */
import type { Data, Shape } from 'plotly.js';
import type { RunTimeline } from '../../analysis/time/runTimeline';
import { appText } from '../../lib/format';
import type { HoverLine } from './hover';
import type { PlotTheme } from './plotTheme';

export interface GapLayer {
  shapes: Partial<Shape>[];
  /** The hover points (transparent markers across each gap); null when no gap is drawn. */
  trace: Data | null;
  /** Per hover point: the index of its gap in `d.gaps`. */
  pointGap: number[];
}

/** Gaps narrower than this many pixels are not drawn. */
const MIN_PX = 3;

/** The layer for `d` at `perPx` seconds per pixel, the boxes in the colours of `theme`. */
export function gapLayer(d: RunTimeline, perPx: number, theme: Pick<PlotTheme, 'gapFill' | 'gapLine'>): GapLayer {
  const g = d.gaps;
  const out: GapLayer = { shapes: [], trace: null, pointGap: [] };
  if (!g || !(perPx > 0)) return out;
  const x: number[] = [];
  const y: number[] = [];
  for (let j = 0; j < g.row.length; j++) {
    const px = g.seconds[j] / perPx;
    if (px < MIN_PX) continue;
    const r = g.row[j];
    out.shapes.push({
      type: 'rect', layer: 'below', xref: 'x', yref: 'y',
      x0: g.start[j], x1: g.start[j] + g.seconds[j], y0: r - 0.42, y1: r + 0.42,
      fillcolor: theme.gapFill, line: { color: theme.gapLine, width: 1, dash: 'dot' },
    });
    // a hover point every ~12 px across the gap
    const n = Math.max(2, Math.min(64, Math.floor(px / 12)));
    for (let i = 0; i < n; i++) {
      x.push(g.start[j] + ((i + 0.5) / n) * g.seconds[j]);
      y.push(r);
      out.pointGap.push(j);
    }
  }
  if (x.length) out.trace = { type: 'scattergl', mode: 'markers', x, y, marker: { color: 'rgba(0,0,0,0)', size: 10 }, hoverinfo: 'none', showlegend: false } as Data;
  return out;
}

/** What the hover shows over gap `j`. */
export function describeGap(d: RunTimeline, j: number): HoverLine[] {
  const g = d.gaps!;
  return [
    { key: 'untraced', value: `${g.start[j].toFixed(6)} → ${(g.start[j] + g.seconds[j]).toFixed(6)} s since the run start` },
    { key: 'case', value: d.rowCase[g.row[j]] ?? '' },
    { key: 'gap', value: appText(g.text[j]) },
  ];
}
