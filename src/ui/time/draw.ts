/** Draws the overview on a 2D canvas: series strip, heatmap with phases, stragglers and untraced gaps, sums, axis. */
import type { TimeOverview } from '../../analysis/time/types';
import { drawGapMarks, type GapMark } from './gapMarks';
import { heatColor, ticks, tickLabel, xAt, type OverviewLayout } from './geometry';

const SIDE_TINT = ['', '#8bc34a', '#ef9a9a'];

/** The overview's ink, on the page's ground: light (the default) or dark (`prefers-color-scheme: dark`;
 * the keys of the legend under it, src/ui/app.css, use the same colours). */
export interface OverviewInk {
  dark: boolean;
  text: string;
  axis: string;
  tick: string;
  frame: string;
  bars: string;
  bandwidth: string;
  ops: string;
  sums: string;
  phaseLabel: string;
  /** What lies outside the time window is dimmed with this. */
  dim: string;
  window: string;
  hatch: string;
  hatchFrame: string;
}
export const LIGHT_INK: OverviewInk = {
  dark: false, text: '#333', axis: '#555', tick: '#999', frame: '#bbb', bars: '#c5cae9', bandwidth: '#1565c0', ops: '#ef6c00', sums: '#9fa8da',
  phaseLabel: '#8d6e00', dim: 'rgba(255, 255, 255, 0.6)', window: '#3f51b5', hatch: '#616161', hatchFrame: '#424242',
};
export const DARK_INK: OverviewInk = {
  dark: true, text: '#e0e0e0', axis: '#bdbdbd', tick: '#757575', frame: '#555', bars: '#3f4a7a', bandwidth: '#64b5f6', ops: '#ffb74d', sums: '#7986cb',
  phaseLabel: '#ffd54f', dim: 'rgba(18, 18, 18, 0.6)', window: '#90caf9', hatch: '#9e9e9e', hatchFrame: '#bdbdbd',
};

export function drawOverview(ctx: CanvasRenderingContext2D, l: OverviewLayout, d: TimeOverview, win: { from: number | null; to: number | null } | null, brush: [number, number] | null, gaps: readonly GapMark[] = [], ink: OverviewInk = LIGHT_INK): void {
  const o = d.overview;
  const { bins, rows, span } = o;
  ctx.clearRect(0, 0, l.width, l.height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  const bw = l.plotW / bins;

  // top strip: per-bin sums (bars), bandwidth and ops/s (lines), each on its own scale
  const stripY = 4;
  const stripH = l.topH - 10;
  let binMax = 0;
  for (let j = 0; j < bins; j++) binMax = Math.max(binMax, o.binSum[j]);
  ctx.fillStyle = ink.bars;
  for (let j = 0; j < bins; j++) {
    const h = binMax > 0 ? (o.binSum[j] / binMax) * stripH : 0;
    ctx.fillRect(l.plotX + j * bw, stripY + stripH - h, Math.max(1, bw - 0.5), h);
  }
  const line = (series: Float64Array, color: string) => {
    let m = 0;
    for (let j = 0; j < bins; j++) m = Math.max(m, series[j]);
    if (!(m > 0)) return;
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (let j = 0; j < bins; j++) {
      const x = l.plotX + (j + 0.5) * bw;
      const y = stripY + stripH - (series[j] / m) * stripH;
      if (j === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  };
  line(o.bandwidth, ink.bandwidth);
  line(o.ops, ink.ops);

  // phases: bands across the strip and the heatmap, labelled P1, P2 … They are on the run's clock: with
  // the cases aligned at their own starts (another clock per row) neither phases nor stragglers are drawn.
  const phases = o.aligned ? [] : d.phases.phases;
  phases.forEach((p, i) => {
    const x0 = xAt(l, span, p.start);
    const x1 = Math.max(x0 + 2, xAt(l, span, p.end));
    ctx.fillStyle = 'rgba(255, 193, 7, 0.16)';
    ctx.fillRect(x0, 0, x1 - x0, l.topH + l.heatH);
    ctx.fillStyle = ink.phaseLabel;
    ctx.textAlign = 'left';
    ctx.fillText(`P${i + 1}`, x0 + 2, 8);
  });

  // heatmap
  for (let r = 0; r < rows; r++) {
    const y = l.heatY + r * l.rowH;
    for (let j = 0; j < bins; j++) {
      const v = o.cells[r * bins + j];
      if (v > 0) {
        ctx.fillStyle = heatColor(v, o.max, ink.dark);
        ctx.fillRect(l.plotX + j * bw, y, Math.ceil(bw), l.rowH);
      }
    }
  }
  ctx.strokeStyle = ink.frame;
  ctx.lineWidth = 1;
  ctx.strokeRect(l.plotX + 0.5, l.heatY + 0.5, l.plotW - 1, rows * l.rowH);

  // untraced gaps: a grey hatch on their rows
  drawGapMarks(ctx, l, span, gaps, ink.hatch, ink.hatchFrame);

  // stragglers: a red frame on each of their rows over the phase
  ctx.strokeStyle = '#d50000';
  ctx.lineWidth = 1.5;
  for (const p of phases) {
    const x0 = xAt(l, span, p.start);
    const x1 = Math.max(x0 + 3, xAt(l, span, p.end));
    for (const s of p.stragglers) {
      for (let r = 0; r < rows; r++) if (o.rowCase[r] === s.case) ctx.strokeRect(x0 - 1, l.heatY + r * l.rowH + 0.5, x1 - x0 + 2, Math.max(1, l.rowH - 1));
    }
  }

  // row labels (with the partition's colour) and row sums
  let rowMax = 0;
  for (let r = 0; r < rows; r++) rowMax = Math.max(rowMax, o.rowSum[r]);
  for (let r = 0; r < rows; r++) {
    const y = l.heatY + r * l.rowH;
    const side = o.rowSide[r];
    if (side) {
      ctx.fillStyle = SIDE_TINT[side];
      ctx.fillRect(0, y, 4, l.rowH);
    }
    if (l.rowH >= 10) {
      ctx.fillStyle = ink.text;
      ctx.textAlign = 'right';
      ctx.fillText(fit(ctx, d.rowLabels[r], l.labelW - 10), l.labelW - 4, y + l.rowH / 2);
    }
    const w = rowMax > 0 ? (o.rowSum[r] / rowMax) * (l.sumW - 8) : 0;
    ctx.fillStyle = ink.sums;
    ctx.fillRect(l.plotX + l.plotW + 4, y + (l.rowH > 3 ? 1 : 0), w, Math.max(1, l.rowH - (l.rowH > 3 ? 2 : 0)));
  }

  if (l.rowH < 10 && rows > 0) {
    // rows too thin to label (the compact overview): say what they are
    ctx.fillStyle = ink.text;
    ctx.textAlign = 'right';
    ctx.fillText(`${rows} row${rows === 1 ? '' : 's'}`, l.labelW - 4, l.heatY + Math.min(l.heatH, rows * l.rowH) / 2);
  }

  // the current window: dim what is outside
  if (win !== null && (win.from !== null || win.to !== null)) {
    const a = xAt(l, span, win.from ?? 0);
    const b = xAt(l, span, Math.min(span, win.to ?? span));
    ctx.fillStyle = ink.dim;
    ctx.fillRect(l.plotX, 0, Math.max(0, a - l.plotX), l.topH + l.heatH);
    ctx.fillRect(b, 0, Math.max(0, l.plotX + l.plotW - b), l.topH + l.heatH);
    ctx.strokeStyle = ink.window;
    ctx.lineWidth = 2;
    ctx.strokeRect(a, 1, Math.max(1, b - a), l.topH + l.heatH - 2);
  }
  if (brush !== null) {
    const a = Math.min(brush[0], brush[1]);
    const b = Math.max(brush[0], brush[1]);
    ctx.fillStyle = 'rgba(63, 81, 181, 0.18)';
    ctx.fillRect(a, 0, b - a, l.topH + l.heatH);
  }

  // time axis
  const ty = l.heatY + l.heatH + 2;
  const ts = ticks(span, Math.max(2, Math.floor(l.plotW / 90)));
  const step = ts.length > 1 ? ts[1] - ts[0] : span;
  ctx.fillStyle = ink.axis;
  ctx.strokeStyle = ink.tick;
  ctx.lineWidth = 1;
  ctx.textAlign = 'center';
  for (const t of ts) {
    const x = xAt(l, span, t);
    ctx.beginPath();
    ctx.moveTo(x, ty);
    ctx.lineTo(x, ty + 4);
    ctx.stroke();
    ctx.fillText(tickLabel(t, step), x, ty + (l.axisH < 20 ? 10 : 12));
  }
}

/** `s` shortened with … to fit `w` pixels. */
function fit(ctx: CanvasRenderingContext2D, s: string, w: number): string {
  if (ctx.measureText(s).width <= w) return s;
  // cut in the middle: the case name's start and the end (a rank, a pid) both stay readable
  const cut = (k: number): string => `${s.slice(0, Math.ceil(k / 2))}…${s.slice(s.length - Math.floor(k / 2))}`;
  let lo = 0;
  let hi = s.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(cut(mid)).width <= w) lo = mid;
    else hi = mid - 1;
  }
  return cut(lo);
}
