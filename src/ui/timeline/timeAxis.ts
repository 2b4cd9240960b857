/**
 * The x axis of a timeline: a real clock for 'clock' (seconds since midnight, drawn on today's date) and
 * 'epoch' (UTC), seconds for 'relative'. Plotly date axes take milliseconds and report ranges as
 * 'YYYY-MM-DD HH:MM:SS.ffff' strings, parsed here as UTC (plotly dates carry no time zone).
 */
import type { TimelineData } from '../../analysis/types';
import type { AxisMap } from './geometry';

export interface TimeAxis extends AxisMap {
  type: 'date' | 'linear';
  title: string;
}

/** Midnight (UTC calendar) of the given day, in ms. */
export function midnightMs(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
}

/** How seconds in `timeBase` map onto the plot axis; null when there are no timestamps. */
export function timeAxis(timeBase: TimelineData['timeBase'], now: Date = new Date()): TimeAxis | null {
  switch (timeBase) {
    case 'clock':
      return { type: 'date', offset: midnightMs(now), scale: 1000, title: 'time of day (trace clock, drawn on today’s date)' };
    case 'epoch':
      return { type: 'date', offset: 0, scale: 1000, title: 'time (UTC)' };
    case 'relative':
      return { type: 'linear', offset: 0, scale: 1, title: 'seconds since the start of the trace' };
    default:
      return null;
  }
}

const DATE_RE = /^\s*(-?\d{1,6})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2})(?::(\d{1,2})(?::(\d{1,2}(?:\.\d*)?))?)?)?\s*$/;

/** A plotly axis value (number, or date string on a date axis) → axis units (ms for dates); NaN if bad. */
export function axisValue(v: unknown, type: 'date' | 'linear'): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return NaN;
  if (type === 'linear') return Number(v);
  const m = DATE_RE.exec(v);
  if (!m) return NaN;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  return day + (m[6] ? Number(m[6]) * 1000 : 0);
}

/** Axis units → seconds in the data's time base. */
export const toSeconds = (axis: AxisMap, v: number): number => (v - axis.offset) / axis.scale;

/** Seconds in the data's time base → a readable instant for hover text. */
export function formatInstant(timeBase: TimelineData['timeBase'], s: number): string {
  if (!Number.isFinite(s)) return '–';
  if (timeBase === 'relative' || timeBase === 'none') return `${s.toFixed(6)} s`;
  const secOfDay = timeBase === 'clock' ? s : ((s % 86400) + 86400) % 86400;
  const dayOffset = timeBase === 'clock' ? Math.floor(s / 86400) : 0;
  const h = Math.floor(secOfDay / 3600) % 24;
  const m = Math.floor((secOfDay % 3600) / 60);
  const sec = secOfDay % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const frac = sec.toFixed(6).padStart(9, '0');
  const clock = `${pad(h)}:${pad(m)}:${frac}`;
  if (timeBase === 'epoch') return `${new Date(Math.floor(s / 86400) * 86400000).toISOString().slice(0, 10)} ${clock} UTC`;
  return dayOffset > 0 ? `${clock} (+${dayOffset} d)` : clock;
}
