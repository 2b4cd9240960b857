/**
 * The offsets view's drawing (pure): each read / write of the file a vertical segment at its start time
 * from its offset to offset + size, one line trace per colour group (case, or read / write), a dot at the
 * offset so that tiny requests show; byte ticks in binary units; the access pattern in words.
 */
import type { FileOffsets } from '../../session/time';
import { formatBytes, formatCount, formatPercent } from '../../lib/format';
import { colorKey, type ColorKey } from './palette';

export type OffsetColor = 'case' | 'kind';

export interface OffsetGroup {
  label: string;
  color: string;
  x: Float64Array;
  y: Float64Array;
  /** Dots at each request's offset (hover targets) and the event index of each. */
  dotX: Float64Array;
  dotY: Float64Array;
  dotEvent: Uint32Array;
}

const KIND = { group: Int32Array.of(0, 1), labels: ['read', 'write'], colors: ['#1e88e5', '#e53935'], other: -1 };

/** Colour groups: by case (the cases with most requests first) or by read / write. */
export function offsetKey(d: FileOffsets, by: OffsetColor): ColorKey {
  if (by === 'kind') return KIND;
  const count = new Float64Array(d.caseIds.length);
  for (let i = 0; i < d.caseIdx.length; i++) count[d.caseIdx[i]]++;
  const order = Array.from(count.keys()).filter((k) => count[k] > 0).sort((a, b) => count[b] - count[a] || a - b);
  return colorKey(d.caseIds.length, order, (k) => d.caseLabels[k]);
}

export function offsetGroups(d: FileOffsets, key: ColorKey, by: OffsetColor): OffsetGroup[] {
  const n = d.start.length;
  const G = key.labels.length;
  const members: number[][] = Array.from({ length: G }, () => []);
  for (let i = 0; i < n; i++) members[key.group[by === 'kind' ? d.isWrite[i] : d.caseIdx[i]]].push(i);
  const out: OffsetGroup[] = [];
  members.forEach((ev, g) => {
    if (!ev.length) return;
    const x = new Float64Array(ev.length * 3);
    const y = new Float64Array(ev.length * 3);
    ev.forEach((i, j) => {
      const z = d.size[i];
      x[3 * j] = x[3 * j + 1] = d.start[i];
      y[3 * j] = d.offset[i];
      y[3 * j + 1] = d.offset[i] + (z === z ? z : 0);
      x[3 * j + 2] = y[3 * j + 2] = NaN;
    });
    out.push({ label: key.labels[g], color: key.colors[g], x, y, dotX: Float64Array.from(ev, (i) => d.start[i]), dotY: Float64Array.from(ev, (i) => d.offset[i]), dotEvent: Uint32Array.from(ev) });
  });
  return out;
}

/** About `count` ticks from 0 to max at a binary step (1, 2, 4 … × B/KiB/MiB/GiB), labelled in units. */
export function byteTicks(max: number, count = 6): { tickvals: number[]; ticktext: string[] } {
  const top = max > 0 ? max : 1;
  let step = 1;
  while (top / step > count) step *= 2;
  const tickvals: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) tickvals.push(v);
  return { tickvals, ticktext: tickvals.map((v) => formatBytes(v)) };
}

/** `1,010 reads: 0.0% consecutive, 0.0% sequential, 100.0% random` for one direction (or ''). */
export function patternText(what: 'reads' | 'writes', p: FileOffsets['read']): string {
  const n = p.consecutive + p.sequential + p.random;
  if (n === 0) return '';
  return `${formatCount(n)} ${what}: ${formatPercent(p.consecutive / n)} consecutive, ${formatPercent(p.sequential / n)} sequential, ${formatPercent(p.random / n)} random`;
}

/** The highest byte a request reached (the y range). */
export function maxByte(d: FileOffsets): number {
  let m = 0;
  for (let i = 0; i < d.offset.length; i++) {
    const z = d.size[i];
    const e = d.offset[i] + (z === z ? z : 0);
    if (e > m) m = e;
  }
  return m;
}
