/**
 * The colours of the three Plotly figures (timelineFigure.ts, runFigure.ts, offsetsFigure.ts) that follow the
 * page's colour scheme, as the rest of the UI does (src/ui/app.css: CSS variables, light by default, dark
 * under `prefers-color-scheme: dark`; the graph: src/ui/graph/theme.ts). The figure's ground is the panel's
 * (`--panel`), its text the page's (`--fg`), its grid the borders' (`--border`). The builders take a
 * PlotTheme and stay pure; usePlotTheme.ts gives the panels the current one and a new one when the scheme
 * changes (the figure is drawn again, the zoom kept by its uirevision).
 *
 * Categorical colours (the palette, layers, read / write) carry meaning and have HTML keys, so they stay;
 * the marks without a key (the per-activity timeline's bars, its green / red rows), the untraced gaps' boxes
 * and the failed calls' × (and their keys) are lighter on the dark ground.
 */
import type { Layout, LayoutAxis } from 'plotly.js';
import { DARK_QUERY } from '../graph/theme';
import { ERRNO_COLOR } from './errnoMarks';

export interface PlotTheme {
  dark: boolean;
  /** Around the plot area (margins, axis labels), and the plot area. */
  paper: string;
  plot: string;
  /** Axis tick labels and titles. */
  text: string;
  grid: string;
  /** Axis lines and ticks. */
  line: string;
  hoverBg: string;
  hoverFg: string;
  hoverBorder: string;
  legendBg: string;
  /** The per-activity timeline's bars, its green and red rows' bars, its points of unknown duration. */
  bar: string;
  sides: [string, string];
  point: string;
  /** The untraced gaps' dotted boxes (as their key in the legend: timeline.css, app.css). */
  gapFill: string;
  gapLine: string;
  /** The × of failed calls (as the `.errno-key` text of the legend and status line: timeline.css). */
  errno: string;
}

export const LIGHT_PLOT: PlotTheme = {
  dark: false, paper: '#ffffff', plot: '#ffffff', text: '#444444', grid: '#e6e6e6', line: '#888888',
  hoverBg: '#ffffff', hoverFg: '#222222', hoverBorder: '#9999aa', legendBg: 'rgba(255, 255, 255, 0.92)',
  bar: '#3f51b5', sides: ['#2E7D32', '#E53935'], point: '#e65100', gapFill: 'rgba(97, 97, 97, 0.16)', gapLine: '#616161', errno: ERRNO_COLOR,
};

export const DARK_PLOT: PlotTheme = {
  dark: true, paper: '#1e1e1e', plot: '#1e1e1e', text: '#e0e0e0', grid: '#3a3a3a', line: '#8a8a8a',
  hoverBg: '#1e1e1e', hoverFg: '#e0e0e0', hoverBorder: '#8a8a8a', legendBg: 'rgba(30, 30, 30, 0.92)',
  bar: '#8c9eff', sides: ['#66BB6A', '#EF5350'], point: '#ffa726', gapFill: 'rgba(189, 189, 189, 0.25)', gapLine: '#bdbdbd', errno: '#ff5252',
};

/** The page's CSS variables the figure takes (app.css), over the scheme's defaults above. */
const VARS: [keyof PlotTheme, string][] = [
  ['paper', '--panel'], ['plot', '--panel'], ['text', '--fg'], ['grid', '--border'], ['hoverBg', '--panel'], ['hoverFg', '--fg'], ['legendBg', '--legend-bg'],
];

/** The current theme: the scheme from the system (as app.css's media query), the ground and text from the CSS variables. */
export function readPlotTheme(doc: Document | null = typeof document === 'undefined' ? null : document): PlotTheme {
  const dark = typeof matchMedia !== 'undefined' && matchMedia(DARK_QUERY).matches;
  const t: PlotTheme = { ...(dark ? DARK_PLOT : LIGHT_PLOT) };
  if (!doc?.documentElement || typeof getComputedStyle === 'undefined') return t;
  const css = getComputedStyle(doc.documentElement);
  for (const [k, v] of VARS) {
    const value = css.getPropertyValue(v).trim();
    if (value) (t as unknown as Record<string, string>)[k] = value;
  }
  return t;
}

/** An axis in the theme's colours (merged under each builder's own axis settings). */
export function themedAxis(t: PlotTheme): Partial<LayoutAxis> {
  return {
    color: t.text, gridcolor: t.grid, linecolor: t.line, tickcolor: t.line, zerolinecolor: t.line,
    tickfont: { color: t.text }, title: { font: { color: t.text } },
  };
}

/** The figure's ground, text, hover label and legend in the theme's colours. */
export function themedLayout(t: PlotTheme): Partial<Layout> {
  return {
    paper_bgcolor: t.paper,
    plot_bgcolor: t.plot,
    font: { color: t.text },
    hoverlabel: { bgcolor: t.hoverBg, bordercolor: t.hoverBorder, font: { color: t.hoverFg } },
    legend: { bgcolor: t.legendBg, font: { color: t.text } },
  };
}

/** `axis` over the theme's axis colours; a title given as text keeps the theme's font. */
export function axisIn(t: PlotTheme, axis: Partial<LayoutAxis>): Partial<LayoutAxis> {
  const base = themedAxis(t);
  const title = axis.title && typeof axis.title === 'object' ? { ...base.title as object, ...axis.title } : base.title;
  return { ...base, ...axis, title } as Partial<LayoutAxis>;
}
