/**
 * What the three timeline panels (TimelinePanel, RunTimelinePanel, OffsetsPanel) draw alike: the hover
 * tooltip and where it stands, the error line, and the row axis of the timelines (the plot's life: usePlot.ts).
 */
import type { PlotMouseEvent } from 'plotly.js';
import { escapePlotlyText, shortLabel, type HoverLine } from './hover';

export interface Hover {
  x: number;
  y: number;
  lines: HoverLine[];
}

/** The tooltip of `ev` over the plot `el`: beside the cursor, flipped to its left near the right edge so a
 * tooltip `width` px wide stays inside the panel. */
export function hoverAt(ev: PlotMouseEvent, el: HTMLElement, width: number, lines: HoverLine[]): Hover {
  const box = el.getBoundingClientRect();
  const me = ev.event as MouseEvent | undefined;
  const x = (me?.clientX ?? box.left) - box.left;
  const y = (me?.clientY ?? box.top) - box.top;
  return { x: x > box.width - width ? Math.max(0, x - width) : x + 14, y: y + 14, lines };
}

/** Our own tooltip (text nodes: trace content is never HTML). */
export function HoverTooltip({ hover, testId }: { hover: Hover | null; testId: string }) {
  if (!hover) return null;
  return (
    <div className="timeline-tooltip" role="tooltip" data-testid={testId} style={{ left: hover.x, top: hover.y }}>
      {hover.lines.map((l) => (
        <div key={l.key}>
          <span className="timeline-tooltip-key">{l.key}</span> {l.value}
        </div>
      ))}
    </div>
  );
}

export function PanelError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="timeline-error" role="alert">
      {error}
    </p>
  );
}

/** Room for the row labels (at most 36 characters each). */
export function leftMargin(labels: readonly string[]): number {
  let max = 0;
  for (let i = 0; i < labels.length && i < 2000; i++) max = Math.max(max, Math.min(36, labels[i].length));
  return Math.max(60, Math.min(260, 16 + max * 6.5));
}

/** y ticks: every row when they fit, else every k-th row. */
export function yTicks(labels: readonly string[], plotHeight: number): { tickvals: number[]; ticktext: string[] } {
  const step = Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor(plotHeight / 13))));
  const tickvals: number[] = [];
  const ticktext: string[] = [];
  for (let r = 0; r < labels.length; r += step) {
    tickvals.push(r);
    ticktext.push(escapePlotlyText(shortLabel(labels[r])));
  }
  return { tickvals, ticktext };
}
