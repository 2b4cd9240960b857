/**
 * Result types of the time analyses (overview heatmap, I/O phases and stragglers): plain objects and
 * typed arrays, transferable from the worker. See docs/METHOD.md, "Time".
 */
import type { UntracedTime } from './gaps';
import type { HeatmapSource } from '../darshan/heatmapOverview';

/** What an overview cell measures. */
export type OverviewMetric = 'bytes' | 'busy' | 'calls';

export interface OverviewOptions {
  metric: OverviewMetric;
  /** Number of time bins (default 200). */
  bins?: number;
  /** Only these activities (names of the compiled mapping); null or absent = every mapped event. */
  activities?: readonly string[] | null;
  /** One row per (case, pid) instead of one per case. */
  byPid?: boolean;
  /** Per case: 0 none, 1 green, 2 red (the partition); rows are then ordered green, red, then the rest. */
  side?: Uint8Array | null;
  /** Each case's rows on their own clock: time 0 = the case's first event. */
  align?: boolean;
  /** Time 0 (absolute, in the log's time base; default the log's earliest event start). */
  t0?: number;
}

/** A rank × time heatmap of one metric, with marginal sums and the bandwidth / operations series. */
export interface Overview {
  metric: OverviewMetric;
  bins: number;
  /** Absolute time (in the log's time base) of time 0: the earliest event start of the log. */
  t0: number;
  /** Seconds covered by the bins (bin b covers [b·width, (b+1)·width) from time 0, or from each case's
   * start when aligned). */
  span: number;
  width: number;
  aligned: boolean;
  rows: number;
  /** Per row: index of the case in the log, pid (−1 when rows are cases), side (0 none, 1 green, 2 red). */
  rowCase: Uint32Array;
  rowPid: Int32Array;
  rowSide: Uint8Array;
  /** Per row: the case's start − t0 (the shift applied when aligned, else still informative). */
  rowStart: Float64Array;
  /** rows × bins, row-major: the metric per cell (bytes, seconds busy, or calls). */
  cells: Float64Array;
  /** Marginal sums: per row over all bins, per bin over all rows. */
  rowSum: Float64Array;
  binSum: Float64Array;
  /** Per bin: bytes moved per second and calls started per second, over every row (same selection). */
  bandwidth: Float64Array;
  ops: Float64Array;
  /** Largest cell value (0 when empty). */
  max: number;
  /** Events that were counted (mapped, of the selected activities). */
  events: number;
}

/** A burst of I/O across cases: a maximal stretch of the union of busy intervals without a long gap. */
export interface Phase {
  /** Seconds relative to t0: first event start, last event end in the phase. */
  start: number;
  end: number;
  events: number;
  bytes: number;
  /** Σ dur of the phase's events (seconds, all cases). */
  busy: number;
  /** Cases with at least one event in the phase. */
  cases: number;
  /** Mean and population standard deviation of the per-case busy time over those cases. */
  mean: number;
  std: number;
  /** Cases whose busy time in the phase exceeds mean + 1 σ, slowest first. */
  stragglers: Straggler[];
}

export interface Straggler {
  /** Index of the case in the log, its id and MPI rank (rid where it is one, analysis/ranks.ts; else ''). */
  case: number;
  id: string;
  rid: string;
  /** Σ dur of its events in the phase, seconds; and (busy − mean) / σ. */
  busy: number;
  z: number;
}

export interface PhaseOptions {
  /** Gaps shorter than max(minGap, gapFraction × run span) do not split phases (defaults 0.1 s, 0.02). */
  minGap?: number;
  gapFraction?: number;
  /** Only these activities (names of the compiled mapping); null or absent = every mapped event. */
  activities?: readonly string[] | null;
  /** Time 0 (absolute; default the log's earliest event start). */
  t0?: number;
}

export interface Phases {
  /** Absolute time of time 0 (earliest event start of the log) and the run span in seconds. */
  t0: number;
  span: number;
  /** The gap threshold used, seconds. */
  gap: number;
  phases: Phase[];
}

/** What the app's overview shows: the heatmap, its row labels, the phases, the log's time base, the untraced gaps. */
export interface TimeOverview {
  overview: Overview;
  /** Per row: `case id` or `case id · pid N` (rows per pid), and the case's rank (rid, '' when none). */
  rowLabels: string[];
  rowRank: string[];
  phases: Phases;
  timeBase: 'clock' | 'epoch' | 'relative' | 'none';
  /** Per case (`case` = the overview's rowCase), the largest gaps between its traced calls (gaps.ts). */
  untraced: UntracedTime;
  /** Drawn from Darshan's runtime heatmaps, not from events (Darshan logs without a DXT trace): which one. */
  heatmap?: HeatmapSource;
}
