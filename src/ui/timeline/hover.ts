/**
 * Text for hover tooltips and axis labels. Trace content (paths, case ids) is untrusted data:
 * tooltips are rendered by React as text nodes; axis tick labels go through plotly's pseudo-HTML
 * renderer, so they are escaped with `escapePlotlyText` first.
 */
import type { TimelineData } from '../../analysis/types';
import { formatBytes, formatCount, formatSeconds } from '../../lib/format';
import type { Marks } from '../../lib/binning';
import { formatInstant } from './timeAxis';

/** Escapes `&`, `<`, `>` (and quotes) so that plotly shows the text literally instead of parsing tags. */
export function escapePlotlyText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Shortens a row label for the axis (the full label is in the tooltip). */
export function shortLabel(s: string, max = 36): string {
  return s.length <= max ? s : `${s.slice(0, Math.ceil(max / 2) - 1)}…${s.slice(s.length - Math.floor(max / 2))}`;
}

/** `call fp` → call and path (the path may contain spaces; the call never does). */
export function splitLabel(label: string): { call: string; path: string } {
  const sp = label.indexOf(' ');
  return sp < 0 ? { call: label, path: '' } : { call: label.slice(0, sp), path: label.slice(sp + 1) };
}

export interface HoverLine {
  key: string;
  value: string;
}

/** `binned: 17 events in this pixel (3 failed); the longest:` when a mark stands for several events. */
export function binnedLine(count: number | null, failed: number | null): HoverLine[] {
  if (count === null || count <= 1) return [];
  return [{ key: 'binned', value: `${formatCount(count)} events in this pixel${failed ? ` (${formatCount(failed)} failed)` : ''}; the longest:` }];
}

export const sizeText = (size: number): string => (Number.isNaN(size) ? '–' : `${formatBytes(size)} (${formatCount(size)} B)`);
export const durationText = (dur: number): string => (Number.isNaN(dur) ? 'unknown (trace with -T)' : formatSeconds(dur));
export const offsetText = (off: number): string => (Number.isNaN(off) ? 'unknown' : `${formatCount(off)} B (${formatBytes(off)})`);
export const errnoText = (errno: number, errnos: readonly string[] | undefined): string => (errno === 0 ? 'succeeded' : (errnos?.[errno] ?? `errno #${errno}`));

/** The lines of the tooltip for event `i`, standing for `count` events (`failed` of them failing) when binned. */
export function describeEvent(data: TimelineData, i: number, count: number | null, failed: number | null = null): HoverLine[] {
  const { call, path } = splitLabel(data.labels[data.label[i]] ?? '');
  const row = data.row[i];
  const lines: HoverLine[] = binnedLine(count, failed);
  lines.push(
    { key: 'case', value: data.rowCase[row] ?? data.rowLabels[row] ?? String(row) },
    { key: 'pid', value: String(data.pid[i]) },
    { key: 'call', value: call },
    { key: 'path', value: path || '–' },
    { key: 'size', value: sizeText(data.size[i]) },
  );
  if (data.offset) lines.push({ key: 'offset', value: offsetText(data.offset[i]) });
  lines.push({ key: 'duration', value: durationText(data.dur[i]) });
  if (data.errno) lines.push({ key: 'errno', value: errnoText(data.errno[i], data.errnos) });
  if (data.layer && data.layerNames) lines.push({ key: 'layer', value: data.layerNames[data.layer[i]] ?? '–' });
  lines.push({ key: 'start', value: formatInstant(data.timeBase, data.start[i]) });
  return lines;
}

/** Status line under the plot. */
export function summary(data: TimelineData, marks: Marks | null): string {
  const base = `${formatCount(data.start.length)} events · ${formatCount(data.rowLabels.length)} rows`;
  if (!marks) return base;
  const drawn = marks.bars.length + marks.points.length;
  return marks.binned ? `${base} · binned: ${formatCount(marks.events)} events in ${formatCount(drawn)} bars` : `${base} · ${formatCount(drawn)} drawn`;
}
