/**
 * Node and edge colours. Statistics colouring: fill = linear interpolation #FFFFFF → #9B9BFF by
 * value / max, where max is the largest value of the metric over ALL activities of the result (not only
 * the shown ones, so colours do not shift when sliders move). For rd this is the paper's "share of the
 * total" rescaled so the heaviest activity is full blue: with hundreds of activities a share of the total
 * would leave almost every node white. Unavailable values (null) are light grey.
 */
import { finiteValue, metric } from '../../analysis/metrics';
import type { ActivityStats, Side } from '../../analysis/types';
import type { Metric } from '../contracts';

export const WHITE = '#FFFFFF';
export const BLUE = '#9B9BFF';
export const UNAVAILABLE = '#E6E6E6';
export const NODE_GREEN = '#8BC34A';
export const NODE_RED = '#EF9A9A';
export const NODE_NEITHER = '#BDBDBD';
export const NODE_BOTH = '#FFFFFF';
export const EDGE_GREEN = '#2E7D32';
export const EDGE_RED = '#E53935';
export const EDGE_NEITHER = '#C8C8C8';
export const EDGE_DEFAULT = '#6E6E6E';
export const TERMINAL_FILL = '#424242';

/** The metric's value of an activity (metric registry), null when unavailable. */
export function metricValue(a: ActivityStats, m: Metric): number | null {
  return finiteValue(metric(m), a);
}

export function metricMax(nodes: ActivityStats[], m: Metric): number {
  let max = 0;
  for (const a of nodes) {
    const v = metricValue(a, m);
    if (v !== null && v > max) max = v;
  }
  return max;
}

const hex2 = (v: number): string => Math.round(v).toString(16).padStart(2, '0').toUpperCase();

/** #FFFFFF at share 0 → #9B9BFF at share 1 (clamped). */
export function blend(share: number): string {
  const s = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  const c = 255 + (0x9b - 255) * s;
  return `#${hex2(c)}${hex2(c)}FF`;
}

export function metricFill(value: number | null, max: number): string {
  if (value === null || !Number.isFinite(value)) return UNAVAILABLE;
  return blend(max > 0 ? value / max : 0);
}

export function partitionNodeFill(side: Side | undefined): string {
  return side === 'green' ? NODE_GREEN : side === 'red' ? NODE_RED : side === 'neither' ? NODE_NEITHER : NODE_BOTH;
}

/**
 * The partition as a node's ring while the fill shows a metric: only-green activities get a green border,
 * only-red a red one, those of both sides a green border inside a red outline, those of neither (only in
 * unassigned cases) a dashed grey border.
 */
export const RING_GREEN = '#2E7D32';
export const RING_RED = '#C62828';
export const RING_NEITHER = '#9E9E9E';
export interface Ring {
  border: string;
  width: number;
  dashed: boolean;
  /** A second ring outside the border (both sides). */
  outline: string | null;
}
export function partitionRing(side: Side): Ring {
  if (side === 'green') return { border: RING_GREEN, width: 3, dashed: false, outline: null };
  if (side === 'red') return { border: RING_RED, width: 3, dashed: false, outline: null };
  if (side === 'both') return { border: RING_GREEN, width: 3, dashed: false, outline: RING_RED };
  return { border: RING_NEITHER, width: 2, dashed: true, outline: null };
}

export function partitionEdgeColor(side: Side | undefined): string {
  return side === 'green' ? EDGE_GREEN : side === 'red' ? EDGE_RED : side === 'neither' ? EDGE_NEITHER : EDGE_DEFAULT;
}

/**
 * Difference colouring (green against red): a diverging scale by Cliff's delta of a per-case metric,
 * −1 (every green case above every red case) → DIFF_GREEN, 0 → white, +1 (red above) → DIFF_RED; only
 * where the test is significant (q < SIGNIFICANT) or the sides are completely separated, else DIFF_NONE. Edges go from grey to the full colour.
 */
export const SIGNIFICANT = 0.05;
export const DIFF_GREEN = '#43A047';
export const DIFF_RED = '#E53935';
export const DIFF_NONE = '#E0E0E0';
export const DIFF_EDGE_NONE = '#BDBDBD';

const rgb = (hex: string): [number, number, number] => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
function mix(from: string, to: string, t: number): string {
  const a = rgb(from);
  const b = rgb(to);
  const s = Math.min(1, Math.max(0, t));
  return `#${a.map((x, i) => hex2(x + (b[i] - x) * s)).join('')}`;
}

export function isSignificant(q: number | null | undefined): q is number {
  return q !== null && q !== undefined && q < SIGNIFICANT;
}

/** `separated`: complete separation at ≥ 3 cases a side (docs/METHOD.md "Complete separation") colours whatever q. */
export function differenceFill(effect: number | null | undefined, q: number | null | undefined, separated = false): string {
  if ((!isSignificant(q) && !separated) || effect === null || effect === undefined) return DIFF_NONE;
  return effect < 0 ? mix(WHITE, DIFF_GREEN, -effect) : mix(WHITE, DIFF_RED, effect);
}

export function differenceEdgeColor(effect: number | null | undefined, q: number | null | undefined, separated = false): string {
  if ((!isSignificant(q) && !separated) || effect === null || effect === undefined) return DIFF_EDGE_NONE;
  return effect < 0 ? mix(DIFF_EDGE_NONE, DIFF_GREEN, -effect) : mix(DIFF_EDGE_NONE, DIFF_RED, effect);
}
