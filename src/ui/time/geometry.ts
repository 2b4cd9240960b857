/** Layout of the overview canvas and the conversions between pixels, seconds, bins and rows (pure). */

export interface OverviewLayout {
  width: number;
  height: number;
  /** Left column (row labels), right column (row sums), top strip (bin sums and series), bottom axis. */
  labelW: number;
  sumW: number;
  topH: number;
  axisH: number;
  plotX: number;
  plotW: number;
  heatY: number;
  heatH: number;
  rowH: number;
}

/** `compact` (the default view above the graph): a few px per row, a low series strip — the graph gets
 * the room; expanded: rows up to 16 px (labelled from 10 px), the strip 70 px. */
export function overviewLayout(width: number, rows: number, compact = false): OverviewLayout {
  const labelW = width < 700 ? 90 : 150;
  const sumW = 64;
  const topH = compact ? 30 : 70;
  const axisH = compact ? 16 : 20;
  const rowH = rows > 0 ? Math.max(1, Math.min(compact ? 4 : 16, Math.floor((compact ? 48 : 240) / rows))) : compact ? 4 : 16;
  const heatH = Math.max(16, rows * rowH);
  const plotX = labelW;
  const plotW = Math.max(40, width - labelW - sumW);
  return { width, height: topH + heatH + axisH, labelW, sumW, topH, axisH, plotX, plotW, heatY: topH, heatH, rowH };
}

/** Seconds since time 0 at canvas x (clamped to the plot). */
export function timeAt(l: OverviewLayout, span: number, x: number): number {
  const f = Math.min(1, Math.max(0, (x - l.plotX) / l.plotW));
  return f * span;
}

/** Canvas x of a time (seconds since time 0). */
export function xAt(l: OverviewLayout, span: number, t: number): number {
  return l.plotX + (span > 0 ? (t / span) * l.plotW : 0);
}

/** Row under canvas y, or −1. */
export function rowAt(l: OverviewLayout, rows: number, y: number): number {
  if (y < l.heatY || y >= l.heatY + rows * l.rowH) return -1;
  return Math.floor((y - l.heatY) / l.rowH);
}

/** Bin under canvas x, or −1. */
export function binAt(l: OverviewLayout, bins: number, x: number): number {
  if (x < l.plotX || x >= l.plotX + l.plotW) return -1;
  return Math.min(bins - 1, Math.floor(((x - l.plotX) / l.plotW) * bins));
}

/** A brushed window in seconds, rounded to the microsecond (strace's -tt resolution), from two canvas x. */
export function brushWindow(l: OverviewLayout, span: number, x0: number, x1: number): { from: number; to: number } | null {
  if (Math.abs(x1 - x0) < 3) return null;
  const a = timeAt(l, span, Math.min(x0, x1));
  const b = timeAt(l, span, Math.max(x0, x1));
  const from = Math.floor(a * 1e6) / 1e6;
  const to = Math.ceil(b * 1e6) / 1e6;
  return to > from ? { from, to } : null;
}

/** Heat colour of a cell: white (0) to dark blue (max), on a square-root scale so that small cells show. */
export function heatColor(v: number, max: number, dark = false): string {
  if (!(v > 0) || !(max > 0)) return dark ? '#1e1e1e' : '#ffffff';
  const f = Math.sqrt(Math.min(1, v / max));
  // light: white → indigo; dark (on the dark panel): a dim indigo → light blue, the most the brightest
  const [from, to] = dark ? [[40, 46, 84], [144, 202, 249]] : [[255, 255, 255], [26, 35, 126]];
  const c = from.map((a, i) => Math.round(a + f * (to[i] - a)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** "Nice" tick values over [0, span] (about `count` ticks). */
export function ticks(span: number, count = 8): number[] {
  if (!(span > 0)) return [0];
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let i = 0; i * step <= span + step * 1e-9; i++) out.push(Number((i * step).toPrecision(12)));
  return out;
}

/** A tick label: seconds with as many decimals as the step needs. */
export function tickLabel(t: number, step: number): string {
  const d = step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step)));
  return `${t.toFixed(d)} s`;
}
