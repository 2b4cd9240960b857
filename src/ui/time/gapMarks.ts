/**
 * The untraced gaps of the overview's rows (docs/METHOD.md "Untraced time"): which gaps are marked (those
 * long enough to see), what the hover reads, and how they are drawn (a grey hatch across the row).
 */
import type { CaseUntraced, UntracedGap } from '../../analysis/time/gaps';
import type { TimeOverview } from '../../analysis/time/types';
import { appText } from '../../lib/format';
import { xAt, type OverviewLayout } from './geometry';

export interface GapMark {
  row: number;
  c: CaseUntraced;
  gap: UntracedGap;
}

/** A gap is marked when it lasts at least this share of the run span (and 1 ms). */
export const MARKED_SHARE = 0.01;

/** The gaps marked on the overview's rows (none when the cases are aligned: the gaps are on the run's clock). */
export function gapMarks(d: TimeOverview): GapMark[] {
  const o = d.overview;
  if (o.aligned || !d.untraced?.located) return [];
  const min = Math.max(1e-3, MARKED_SHARE * o.span);
  const byCase = new Map(d.untraced.cases.map((c) => [c.case, c]));
  const out: GapMark[] = [];
  for (let r = 0; r < o.rows; r++) {
    const c = byCase.get(o.rowCase[r]);
    if (c) for (const gap of c.gaps) if (gap.seconds >= min) out.push({ row: r, c, gap });
  }
  return out;
}

/** The marked gap of `row` at time `t` (seconds since t0), or null. */
export function gapAt(marks: readonly GapMark[], row: number, t: number): GapMark | null {
  for (const m of marks) if (m.row === row && t >= m.gap.start && t <= m.gap.start + m.gap.seconds) return m;
  return null;
}

/** What the hover reads over a gap. */
export function gapHover(label: string, m: GapMark): string {
  return `${label}: untraced ${m.gap.start.toFixed(3)}–${(m.gap.start + m.gap.seconds).toFixed(3)} s, ${appText(m.gap.text)}`;
}

/** The hatch pattern per ink colour (made once each). */
const hatches = new Map<string, CanvasPattern | null>();

/** A diagonal hatch (grey on the light ground, lighter on the dark one) across each marked gap of its row,
 * framed above and below. */
export function drawGapMarks(ctx: CanvasRenderingContext2D, l: OverviewLayout, span: number, marks: readonly GapMark[], ink = '#616161', frame = '#424242'): void {
  if (!marks.length) return;
  if (!hatches.has(ink) && typeof document !== 'undefined') {
    const tile = document.createElement('canvas');
    tile.width = tile.height = 6;
    const t = tile.getContext('2d');
    if (t) {
      t.strokeStyle = ink;
      t.lineWidth = 1.2;
      t.beginPath();
      t.moveTo(0, 6);
      t.lineTo(6, 0);
      t.stroke();
    }
    hatches.set(ink, t ? ctx.createPattern(tile, 'repeat') : null);
  }
  const hatch = hatches.get(ink) ?? null;
  for (const m of marks) {
    const x0 = xAt(l, span, m.gap.start);
    const x1 = Math.max(x0 + 2, xAt(l, span, m.gap.start + m.gap.seconds));
    const y = l.heatY + m.row * l.rowH;
    ctx.fillStyle = hatch ?? 'rgba(97, 97, 97, 0.35)';
    ctx.fillRect(x0, y, x1 - x0, l.rowH);
    if (l.rowH >= 6) {
      ctx.strokeStyle = frame;
      ctx.lineWidth = 1;
      ctx.strokeRect(x0 + 0.5, y + 0.5, x1 - x0 - 1, l.rowH - 1);
    }
  }
}
