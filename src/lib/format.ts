/** Unit formatting shared by the UI and the CLI. Binary units throughout (KiB = 1024 B). */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** 201326592 → "192 MiB"; null/NaN → "–". Three significant digits. */
export function formatBytes(b: number | null | undefined): string {
  if (b === null || b === undefined || Number.isNaN(b)) return '–';
  let v = Math.abs(b);
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  const s = u === 0 ? String(Math.round(v)) : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
  return `${b < 0 ? '-' : ''}${s} ${UNITS[u]}`;
}

/** Bytes per second → "185 MiB/s". */
export function formatRate(bps: number | null | undefined): string {
  if (bps === null || bps === undefined || Number.isNaN(bps)) return '–';
  return `${formatBytes(bps)}/s`;
}

/** A fraction → "67.9%". */
export function formatPercent(f: number | null | undefined, digits = 1): string {
  if (f === null || f === undefined || Number.isNaN(f)) return '–';
  return `${(f * 100).toFixed(digits)}%`;
}

/** Seconds → "1.23 s", "4.56 ms", "789 µs", "12 ns". */
export function formatDuration(s: number | null | undefined): string {
  if (s === null || s === undefined || Number.isNaN(s)) return '–';
  const a = Math.abs(s);
  if (a >= 1) return `${s.toFixed(a >= 100 ? 0 : 2)} s`;
  if (a >= 1e-3) return `${(s * 1e3).toFixed(2)} ms`;
  if (a >= 1e-6) return `${(s * 1e6).toFixed(a >= 1e-4 ? 0 : 1)} µs`;
  if (a === 0) return '0 s';
  return `${(s * 1e9).toFixed(0)} ns`;
}

/**
 * Seconds with three significant digits, as formatBytes writes sizes: "191 ms", "1.23 s", "12.3 µs", "500 ns";
 * from 100 s on, whole seconds ("1234 s"). What the app shows. formatDuration (two decimals: "191.00 ms")
 * stays for the CLI's reports, whose text the tests and docs quote; the analysis' sentences carry their
 * durations as slots (durationSlot) that each reads with its own.
 */
export function formatSeconds(s: number | null | undefined): string {
  if (s === null || s === undefined || Number.isNaN(s)) return '–';
  if (s === 0) return '0 s';
  const sign = s < 0 ? '-' : '';
  const a = Math.abs(s);
  if (!Number.isFinite(a)) return `${sign}∞ s`;
  // rounded first, so that 999.6 ms is "1.00 s", not "1000 ms"
  const r = Number(a.toPrecision(3));
  if (r >= 100) return `${sign}${Math.round(a)} s`;
  const [scale, unit] = r >= 1 ? [1, 's'] : r >= 1e-3 ? [1e3, 'ms'] : r >= 1e-6 ? [1e6, 'µs'] : [1e9, 'ns'];
  const v = r * scale;
  return `${sign}${v.toFixed(v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2)} ${unit}`;
}

/**
 * 1234567 → "1,234,567" (as toLocaleString('en-US') writes it). Safe integers are grouped here: the first
 * toLocaleString of a process loads ICU's locale data, 20–35 ms of a CLI run that otherwise needs none.
 */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '–';
  const r = Math.round(n);
  if (!Number.isSafeInteger(r) || Object.is(r, -0)) return r.toLocaleString('en-US');
  const digits = String(Math.abs(r));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return r < 0 ? '-' + out : out;
}

/** The largest |ms since the epoch| a JS Date holds (year ±275 760). */
const DATE_LIMIT_MS = 8.64e15;

/**
 * Epoch seconds → "2024-06-01 12:34:56.123456 UTC" (microseconds kept); never throws: a time a Date cannot
 * hold (1e308, NaN) comes back as "1e+308 s (out of range)".
 */
export function formatUtc(s: number): string {
  let whole = Math.floor(s);
  let micro = Math.round((s - whole) * 1e6);
  if (micro === 1e6) {
    whole++;
    micro = 0;
  }
  if (!(Math.abs(whole * 1000) <= DATE_LIMIT_MS)) return outOfRange(s);
  const iso = new Date(whole * 1000).toISOString(); // [±YY]YYYY-MM-DDTHH:MM:SS.000Z
  const t = iso.indexOf('T');
  return `${iso.slice(0, t)} ${iso.slice(t + 1, t + 9)}.${String(micro).padStart(6, '0')} UTC`;
}

/** Epoch seconds → "2024-06-01"; never throws (see formatUtc). */
export function formatUtcDate(s: number): string {
  const whole = Math.floor(s);
  if (!(Math.abs(whole * 1000) <= DATE_LIMIT_MS)) return outOfRange(s);
  const iso = new Date(whole * 1000).toISOString();
  return iso.slice(0, iso.indexOf('T'));
}

function outOfRange(s: number): string {
  return `${Number.isFinite(s) ? s.toPrecision(6).replace(/\.?0+(e|$)/, '$1') : String(s)} s (out of range)`;
}

/** A formatter of seconds: formatDuration (the CLI's) or formatSeconds (the app's). */
export type DurationFormat = (s: number | null | undefined) => string;

/* A duration's slot opens and closes with Unicode noncharacters (reserved for a program's internal use: no trace,
 * log or path text holds them). */
const OPEN = '\uFDD0';
const SLOT = /\uFDD0([^\uFDD0\uFDD1]*)\uFDD1/g;

/**
 * A duration inside an analysis sentence (the insights' text, the comparison's sentences, the untraced gaps'
 * "largest gap …"): the sentence is written once, with the number, and whoever shows it fills the slot with its
 * own precision (fillDurations) — the CLI's reports and JSON formatDuration ("191.00 ms"), the app formatSeconds
 * ("191 ms"). null/undefined → "–", as both formatters write it.
 */
export function durationSlot(s: number | null | undefined): string {
  return s === null || s === undefined ? '–' : `${OPEN}${s}\uFDD1`;
}

/** `text` with each duration slot (durationSlot) written by `format`; text without slots as it is. */
export function fillDurations(text: string, format: DurationFormat): string {
  return text.includes(OPEN) ? text.replace(SLOT, (_, n: string) => format(Number(n))) : text;
}

/** An analysis sentence as the CLI's reports and the JSON documents (the CLI's and the app's exports) write it:
 * formatDuration, the two decimals the tests and docs quote ("191.00 ms"). */
export const reportText = (text: string): string => fillDurations(text, formatDuration);

/** An analysis sentence as the app's panels show it: formatSeconds, as the app's own numbers ("191 ms"). */
export const appText = (text: string): string => fillDurations(text, formatSeconds);
