/** Node and edge text (docs/METHOD.md "The graph": `activity`, `Load: rd (b)`, `DR: mc × dr`) and label box sizes. */
import { errnoText, finiteValue, metric, METRICS } from '../../analysis/metrics';
import type { ActivityStats } from '../../analysis/types';
import { formatCount, formatSeconds } from '../../lib/format';
import type { EdgeLabelKind } from '../contracts';
import type { ShownEdge } from './filter';

export const MAX_LABEL_CHARS = 48;
export const FONT_PX = 11;
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Shorten the middle of a long activity, keeping the call and the end of the path. */
export function ellipsize(s: string, max = MAX_LABEL_CHARS): string {
  if (s.length <= max) return s;
  const head = Math.ceil((max - 1) * 0.45);
  return `${s.slice(0, head)}…${s.slice(s.length - (max - 1 - head))}`;
}

/** The text of a statistic of the registry, null when missing. */
const text = (id: 'rd' | 'bytes' | 'mc' | 'dr', a: ActivityStats): string | null => {
  const v = finiteValue(metric(id), a);
  return v === null ? null : metric(id).format(v);
};

/** How much of a node's text is drawn (docs/GUIDE.md "Read the graph"): all of it; the name and the Load
 * line (a canvas too small for the full boxes); the name only (too small even so: the fill, the legend and
 * the hover give the numbers). The first view takes the most that keeps the labels readable (autoFit.ts). */
export type LabelDetail = 'full' | 'load' | 'name';

/** The next level down: the DR line goes first, then the Load line. */
export const lessDetail = (d: LabelDetail): LabelDetail => (d === 'full' ? 'load' : 'name');

/** The activity, then `Load: rd (b)` and `DR: mc × dr`, each part only where it has a value (a call that
 * moves no bytes has no `(b)` and no DR line; without durations there is no Load rd) and the detail asks
 * for it. */
export function nodeLabelLines(a: ActivityStats, detail: LabelDetail = 'full'): string[] {
  const lines = [ellipsize(a.id)];
  if (detail === 'name') return lines;
  const rd = text('rd', a);
  const b = text('bytes', a);
  if (rd !== null || b !== null) lines.push(`Load: ${[rd, b === null ? null : `(${b})`].filter((x) => x !== null).join(' ')}`);
  if (detail === 'load') return lines;
  const dr = text('dr', a);
  const mc = text('mc', a);
  if (dr !== null) lines.push(`DR: ${mc !== null ? `${mc} × ` : ''}${dr}`);
  return lines;
}

export function edgeLabel(e: ShownEdge, kind: EdgeLabelKind): string {
  if (e.bypass) return `≤${formatCount(e.count)}`;
  if (kind === 'cases') return formatCount(e.cases);
  if (kind === 'gap') return e.meanGap === null ? '' : formatSeconds(e.meanGap);
  return formatCount(e.count);
}

/** Every statistic of the registry, as [name, value] rows for the tooltip (rendered with textContent),
 * then the errno counts of the failed calls. Durations as the app writes them (formatSeconds: "191 ms"). */
export function nodeTooltipRows(a: ActivityStats, side?: { side: string; green: number; red: number }): [string, string][] {
  const rows: [string, string][] = METRICS.map((m) => {
    const v = finiteValue(m, a);
    return [m.label, m.unit === 'B' && v !== null && v >= 1024 ? `${m.format(v)} (${formatCount(v)} B)` : m.unit === 's' ? formatSeconds(v) : m.format(v)];
  });
  const errs = errnoText(a);
  if (errs) rows.push(['errnos', errs]);
  if (side) rows.push(['partition', `${side.side} (green ${formatCount(side.green)}, red ${formatCount(side.red)})`]);
  return rows;
}

export function edgeTooltipRows(e: ShownEdge, side?: { side: string; green: number; red: number }): [string, string][] {
  if (e.bypass) return [['via hidden activities', 'yes'], ['bottleneck count', formatCount(e.count)]];
  const rows: [string, string][] = [
    ['transitions', formatCount(e.count)],
    ['cases', formatCount(e.cases)],
    ['mean gap', formatSeconds(e.meanGap)],
  ];
  if (e.forced) rows.push(['below threshold', 'kept to stay connected']);
  if (side) rows.push(['partition', `${side.side} (green ${formatCount(side.green)}, red ${formatCount(side.red)})`]);
  return rows;
}

type Measure = (text: string) => number;
let measureFn: Measure | null = null;

/** Text width in px: canvas measureText in a browser, an average-glyph estimate elsewhere (Node tests). */
export function textWidth(text: string): number {
  if (measureFn === null) {
    const ctx = typeof document !== 'undefined' ? document.createElement('canvas').getContext('2d') : null;
    if (ctx) {
      ctx.font = `${FONT_PX}px ${FONT_FAMILY}`;
      measureFn = (t) => ctx.measureText(t).width;
    } else {
      measureFn = (t) => t.length * FONT_PX * 0.58;
    }
  }
  return measureFn(text);
}

export const NODE_PAD = 8;
export const LINE_HEIGHT = FONT_PX * 1.3;

/** Box of a node with these label lines. */
export function labelBox(lines: string[]): { w: number; h: number } {
  let w = 0;
  for (const l of lines) w = Math.max(w, textWidth(l));
  return { w: Math.ceil(w + 2 * NODE_PAD), h: Math.ceil(lines.length * LINE_HEIGHT + 2 * NODE_PAD) };
}
