/**
 * What the whole-run timeline draws from a reply of the session (RunTimeline: its marks for a range):
 * the colour of each mark (by activity, side or errno), one merged-segment line per colour (geometry.ts),
 * the hover targets and the errno marks, and the tooltip lines. Pure (no DOM, no Plotly).
 */
import type { RunTimeline } from '../../session/time';
import { formatCount } from '../../lib/format';
import type { Marks } from '../../lib/binning';
import { errnoMarks, type ErrnoMarks } from './errnoMarks';
import { buildGeometry, type AxisMap } from './geometry';
import { binnedLine, durationText, errnoText, offsetText, sizeText, splitLabel, type HoverLine } from './hover';
import { colorKey, SIDE_COLORS, SUCCESS_COLOR, type ColorKey } from './palette';
import { layerColor } from '../layers/layerColors';

export type RunColor = 'activity' | 'side' | 'errno' | 'layer';

export interface RunColoring {
  key: ColorKey;
  /** Per mark: its colour group. */
  markGroup: Int32Array;
  /** Per group: the category it stands for (activity name, errno, side), for a click on the legend. */
  ids: (string | null)[];
}

const NO_SIDE = ['no side', 'green', 'red'];

/** Colour groups: the most frequent activities (the graph's order), the errnos present, or the sides. */
export function runColoring(d: RunTimeline, by: RunColor, activityOrder: readonly string[]): RunColoring {
  const n = d.row.length;
  const markGroup = new Int32Array(n);
  if (by === 'side') {
    const present = [0, 0, 0];
    for (let k = 0; k < n; k++) present[d.rowSide[d.row[k]]] = 1;
    const groups = [0, 1, 2].filter((s) => present[s]);
    const gi = [0, 1, 2].map((s) => groups.indexOf(s));
    for (let k = 0; k < n; k++) markGroup[k] = gi[d.rowSide[d.row[k]]];
    return { key: { group: Int32Array.from(gi), labels: groups.map((s) => NO_SIDE[s]), colors: groups.map((s) => SIDE_COLORS[s]), other: -1 }, markGroup, ids: groups.map((s) => NO_SIDE[s]) };
  }
  if (by === 'layer' && d.layer && d.layerNames) {
    // one colour per layer (the graph's lanes and the flame graph use the same: layers/layerColors.ts)
    const count = new Float64Array(d.layerNames.length);
    for (let k = 0; k < n; k++) count[d.layer[k]] += d.count[k];
    const present = Array.from(count.keys()).filter((l) => count[l] > 0).sort((a, b) => count[b] - count[a]);
    const gi = new Int32Array(d.layerNames.length).fill(-1);
    present.forEach((l, g) => (gi[l] = g));
    for (let k = 0; k < n; k++) markGroup[k] = gi[d.layer[k]];
    const labels = present.map((l) => d.layerNames![l]);
    return { key: { group: gi, labels, colors: labels.map(layerColor), other: -1 }, markGroup, ids: labels.map(() => null) };
  }
  if (by === 'errno') {
    const count = new Float64Array(d.errnos.length);
    for (let k = 0; k < n; k++) count[d.errno[k]] += d.count[k];
    const order = Array.from(count.keys()).filter((e) => e > 0 && count[e] > 0).sort((a, b) => count[b] - count[a]);
    const key = colorKey(d.errnos.length, order, (e) => d.errnos[e], { id: 0, label: 'succeeded', color: SUCCESS_COLOR });
    for (let k = 0; k < n; k++) markGroup[k] = key.group[d.errno[k]];
    return { key, markGroup, ids: key.labels.map((l, g) => (g === key.other ? null : l)) };
  }
  const index = new Map(d.activities.map((a, i) => [a, i]));
  const order = activityOrder.map((a) => index.get(a) ?? -1).filter((i) => i >= 0);
  const key = colorKey(d.activities.length, order, (a) => d.activities[a]);
  for (let k = 0; k < n; k++) markGroup[k] = d.act[k] >= 0 ? key.group[d.act[k]] : key.other;
  return { key, markGroup, ids: key.labels.map((l, g) => (g === key.other ? null : l)) };
}

export interface RunGeometry {
  /** Per colour group: merged bar segments (NaN-separated) and how many marks it has. */
  lines: { x: Float64Array; y: Float64Array; color: string; marks: number }[];
  /** Hover targets: bar midpoints, with the mark index of each. */
  midX: Float64Array;
  midY: Float64Array;
  midMark: Uint32Array;
  /** Events of unknown duration: points, coloured per mark. */
  pointX: Float64Array;
  pointY: Float64Array;
  pointMark: Uint32Array;
  pointColor: string[];
  fails: ErrnoMarks;
  segments: number;
}

const AXIS: AxisMap = { offset: 0, scale: 1 };
const emptyMarks = (bars: Uint32Array, points: Uint32Array): Marks => ({ bars, points, barCount: null, pointCount: null, barFail: null, pointFail: null, binned: false, events: 0, x0: 0, x1: 0 });

/** The geometry of a reply: bars shorter than `minWidth` seconds (one pixel) drawn one pixel wide. */
export function runGeometry(d: RunTimeline, c: RunColoring, minWidth: number, lift = 0): RunGeometry {
  const n = d.row.length;
  const G = c.key.labels.length;
  const perGroup: number[][] = Array.from({ length: G }, () => []);
  const bars: number[] = [];
  const points: number[] = [];
  for (let k = 0; k < n; k++) {
    if (Number.isNaN(d.dur[k])) points.push(k);
    else {
      bars.push(k);
      perGroup[c.markGroup[k]].push(k);
    }
  }
  const lines: RunGeometry['lines'] = [];
  let segments = 0;
  perGroup.forEach((ks, g) => {
    const geo = buildGeometry(d, emptyMarks(Uint32Array.from(ks), new Uint32Array(0)), AXIS, minWidth);
    segments += geo.segments;
    lines.push({ x: geo.segX, y: geo.segY, color: c.key.colors[g], marks: ks.length });
  });
  const midX = new Float64Array(bars.length);
  const midY = new Float64Array(bars.length);
  bars.forEach((k, j) => {
    midX[j] = d.start[k] + Math.max(d.dur[k], minWidth) / 2;
    midY[j] = d.row[k];
  });
  const all = emptyMarks(Uint32Array.from(bars), Uint32Array.from(points));
  // every mark carries its own failure count (the session counted the bucket's failed calls)
  const fails = errnoMarks({ ...all, binned: true, barFail: Uint32Array.from(bars, (k) => d.fail[k]), pointFail: Uint32Array.from(points, (k) => d.fail[k]) }, undefined, d.start, d.row, AXIS, lift);
  return {
    lines,
    midX,
    midY,
    midMark: Uint32Array.from(bars),
    pointX: Float64Array.from(points, (k) => d.start[k]),
    pointY: Float64Array.from(points, (k) => d.row[k]),
    pointMark: Uint32Array.from(points),
    pointColor: points.map((k) => c.key.colors[c.markGroup[k]]),
    fails,
    segments,
  };
}

/** `+1.234567 s` since the run start. */
export const sinceStart = (s: number): string => `+${s.toFixed(6)} s`;

/** The tooltip of mark k: case and rank, pid, call, path, size, offset, duration, errno, start. */
export function describeRunMark(d: RunTimeline, k: number): HoverLine[] {
  const { call, path } = splitLabel(d.labels[d.label[k]] ?? '');
  const r = d.row[k];
  const lines: HoverLine[] = binnedLine(d.count[k], d.fail[k]);
  lines.push(
    { key: 'case', value: d.rowCase[r] ?? '' },
    // the MPI rank where the case's id names one (else the pid below says which process)
    ...(d.rowRank[r] ? [{ key: 'rank', value: d.rowRank[r] }] : []),
    { key: 'pid', value: String(d.pid[k]) },
    { key: 'activity', value: d.act[k] >= 0 ? (d.activities[d.act[k]] ?? '–') : '–' },
    { key: 'call', value: call },
    { key: 'path', value: path || '–' },
    { key: 'size', value: sizeText(d.size[k]) },
    { key: 'offset', value: offsetText(d.offset[k]) },
    { key: 'duration', value: durationText(d.dur[k]) },
    { key: 'errno', value: errnoText(d.errno[k], d.errnos) },
    { key: 'start', value: sinceStart(d.start[k]) },
  );
  return lines;
}

/** The status line: events, rows, raw or binned. */
export function runSummary(d: RunTimeline): string {
  const drawn = d.row.length;
  const base = `${formatCount(d.events)} events · ${formatCount(d.rowLabels.length)} rows`;
  return d.binned ? `${base} · binned: ${formatCount(d.inRange)} events in ${formatCount(drawn)} bars` : `${base} · ${formatCount(drawn)} drawn`;
}
