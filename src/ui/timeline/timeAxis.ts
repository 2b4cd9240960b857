/**
 * The x axis of a timeline. Plotly date axes round ranges to 0.1 ms (and widen a range whose ends round
 * to the same value to ±1 s), too coarse for system calls that last microseconds, and WebGL positions
 * are float32. So the axis is linear, in seconds since a reference second `ref` (small numbers, exact),
 * with tick labels computed here as real clock times: 'clock' (strace -t/-tt: seconds since midnight),
 * 'epoch' (UTC), 'relative' (seconds since the trace start).
 */
import type { TimelineData } from '../../analysis/types';
import { formatUtcDate } from '../../lib/format';
import type { AxisMap } from './geometry';

export interface TimeAxis extends AxisMap {
  timeBase: TimelineData['timeBase'];
  /** The reference second: axis value v is the instant ref + v (seconds in timeBase). */
  ref: number;
  title: string;
}

/** How seconds in `timeBase` map onto the plot axis; null when there are no timestamps. */
export function timeAxis(timeBase: TimelineData['timeBase'], minStart: number): TimeAxis | null {
  if (timeBase === 'none' || !Number.isFinite(minStart)) return null;
  const ref = timeBase === 'relative' ? 0 : Math.floor(minStart);
  const title =
    timeBase === 'clock'
      ? 'time of day (clock of the traced hosts)'
      : timeBase === 'epoch'
        ? `time (UTC), ${utcDate(ref)}`
        : 'seconds since the start of the trace';
  return { timeBase, ref, offset: -ref, scale: 1, title };
}

const utcDate = formatUtcDate;

/** Axis units → seconds in the data's time base. */
export const toSeconds = (axis: AxisMap, v: number): number => (v - axis.offset) / axis.scale;

/** Nice tick steps in seconds: 1-2-5 below a second, then clock-friendly steps. */
const STEPS: number[] = (() => {
  const s: number[] = [];
  for (let e = -9; e <= -1; e++) for (const m of [1, 2, 5]) s.push(Number(`${m}e${e}`));
  s.push(1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400);
  return s;
})();

/** The smallest nice step giving at most `maxTicks` ticks over `span` seconds. */
export function tickStep(span: number, maxTicks: number): number {
  const want = span / Math.max(1, maxTicks);
  for (const s of STEPS) if (s >= want * (1 - 1e-9)) return s;
  return Math.ceil(want / 86400) * 86400;
}

/** Decimal places needed to show multiples of `step` seconds. */
export function stepDigits(step: number): number {
  if (step >= 1) return 0;
  return Math.min(9, Math.ceil(-Math.log10(step) - 1e-9));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a clock label: `HH:MM:SS[.fff…]` with `digits` decimals ('clock' past midnight adds
 * `+1d`; 'epoch' is UTC), or seconds for 'relative'. `ref` + `v` is split so decimals stay exact.
 */
export function clockLabel(timeBase: TimelineData['timeBase'], ref: number, v: number, digits: number): string {
  if (timeBase === 'relative' || timeBase === 'none') return `${(ref + v).toFixed(digits)} s`;
  // whole seconds and fraction, computed from the small axis value to keep precision
  let whole = ref + Math.floor(v);
  let fracText = (v - Math.floor(v)).toFixed(digits);
  if (fracText.startsWith('1')) {
    // the fraction rounded up to a whole second
    whole += 1;
    fracText = (0).toFixed(digits);
  }
  const day = Math.floor(whole / 86400);
  const sod = whole - day * 86400;
  const hms = `${pad2(Math.floor(sod / 3600))}:${pad2(Math.floor((sod % 3600) / 60))}:${pad2(sod % 60)}`;
  const dec = digits > 0 ? fracText.slice(1) : '';
  if (timeBase === 'clock') return day !== 0 ? `${hms}${dec} ${day > 0 ? '+' : ''}${day}d` : `${hms}${dec}`;
  return `${hms}${dec}`;
}

/** Tick positions (axis units) and clock labels for the axis range [a0, a1]. */
export function clockTicks(axis: TimeAxis, a0: number, a1: number, maxTicks: number): { tickvals: number[]; ticktext: string[] } {
  const tickvals: number[] = [];
  const ticktext: string[] = [];
  if (!(a1 > a0)) return { tickvals, ticktext };
  const step = tickStep(a1 - a0, maxTicks);
  const digits = stepDigits(step);
  // multiples of step in absolute time (ref is an integer second; steps ≥ 1 s align to the clock)
  const refMod = step >= 1 ? ((axis.ref % step) + step) % step : 0;
  const first = Math.ceil((a0 + refMod) / step) * step - refMod;
  for (let k = 0; k < 2000; k++) {
    const v = first + k * step;
    if (v > a1 + step * 1e-9) break;
    tickvals.push(v);
    ticktext.push(clockLabel(axis.timeBase, axis.ref, v, digits));
  }
  return { tickvals, ticktext };
}

/** Seconds in the data's time base → a readable instant for hover text (µs precision). */
export function formatInstant(timeBase: TimelineData['timeBase'], s: number): string {
  if (!Number.isFinite(s)) return '–';
  if (timeBase === 'relative' || timeBase === 'none') return `${s.toFixed(6)} s`;
  const ref = Math.floor(s);
  const label = clockLabel(timeBase, ref, s - ref, 6);
  return timeBase === 'epoch' ? `${utcDate(s)} ${label} UTC` : label;
}
