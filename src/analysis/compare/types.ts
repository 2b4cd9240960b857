/**
 * Result types of the green/red comparison (docs/METHOD.md "Comparing green and red", docs/FORMATS.md
 * "Compare JSON output"). Per-case arrays are Float64Arrays (transferable from the worker); everything
 * else is plain data. Add optional fields freely; do not rename existing ones.
 */
import type { RewriteRule } from '../types';

/** The per-case metrics of an activity (edges have `count` only). */
export type ElementMetric = 'count' | 'bytes' | 'time';
export const ELEMENT_METRICS: readonly ElementMetric[] = ['count', 'bytes', 'time'];

/** The per-case measures of the whole case (every event, whatever the mapping). */
export type CaseMetric = 'wall' | 'traced' | 'untraced' | 'coverage' | 'events' | 'bytesRead' | 'bytesWritten' | 'failures';
export const CASE_METRICS: readonly CaseMetric[] = ['wall', 'traced', 'untraced', 'coverage', 'events', 'bytesRead', 'bytesWritten', 'failures'];

/** A Mann–Whitney U test of green against red; all null where there is no test (< 2 cases on a side). */
export interface TestResult {
  /** U of the green sample (SciPy's statistic). */
  u: number | null;
  /** Two-sided p. */
  p: number | null;
  /** Cliff's delta, −1…1, positive when red is larger. */
  effect: number | null;
  /** Benjamini–Hochberg q over all the tests of the table. */
  q: number | null;
  method: 'exact' | 'asymptotic' | null;
  /**
   * Complete separation: every case of one side above every case of the other (|effect| = 1) with at least
   * SEPARATION_MIN cases on each side — the strongest statement 3–4 cases a side allow (3 vs 3: p = 0.1 at
   * best), shown and coloured whatever q is, with q beside it.
   */
  separated?: boolean;
}

/** The fewest cases on each side for "complete separation" to be said and coloured. */
export const SEPARATION_MIN = 3;

export const NO_TEST: TestResult = Object.freeze({ u: null, p: null, effect: null, q: null, method: null });

export interface SideColumn {
  /** Cases of the side that contain the element. */
  cases: number;
  /** Per case of the side (log order; a case without the element has 0). */
  count: Float64Array;
  /** Activities only: Σ size per case (null when no event of the element has a size, on either side). */
  bytes: Float64Array | null;
  /** Activities only: Σ dur per case, s (null when no event of the element has a known dur). */
  time: Float64Array | null;
  /** Σ over the side's cases. */
  totalCount: number;
  totalBytes: number | null;
  totalTime: number | null;
  /** Activities: Σ dur / events with a known dur, s. */
  meanDur: number | null;
  /** Activities: mean of size/dur (bytes/s) over the side's events with a size and dur > 0. */
  dr: number | null;
  /** Activities: max concurrency among the side's events. */
  mc: number | null;
  /** Activities: failed events / events. */
  failureRate: number | null;
  /** Edges: mean gap end(a) → start(b) on the side, s. */
  meanGap: number | null;
}

/** One call on an aligned pair of places: green's activity against red's (docs/METHOD.md "Like for like"). */
export interface AlignedCall {
  call: string;
  /** The activities: `call:greenPlace`, `call:redPlace`. */
  green: string;
  red: string;
  /** Mean calls per case, mean time in the call per case (s), mean duration of one call (s), each side. */
  count: { green: number; red: number };
  time: { green: number | null; red: number | null };
  meanDur: { green: number | null; red: number | null };
  /** Per case: time in the call, green cases against red cases (q over the aligned calls). */
  test: TestResult | null;
  /** Per call: every call's duration (q over the aligned calls' per-call tests). */
  perCall: PerCall | null;
}

/** Two places that play the same role (the same calls), green's and red's, and the rewrite that aligns them. */
export interface Alignment {
  green: string;
  red: string;
  /** What both are rewritten to, e.g. `/scratch/{ssf|fpp}`. */
  label: string;
  /** Two prefix rules (green's place, red's place → label): the CLI's --rewrite options, the app's "Apply". */
  rewrites: RewriteRule[];
  /** Every call made on both, most time first. */
  calls: AlignedCall[];
  text: string;
}

/** The individual calls of an activity on one side (docs/METHOD.md "Per-call tests"). */
export interface CallSpread {
  /** Calls with a known duration. */
  n: number;
  /** Median and mean duration of one call, s; null without calls. */
  median: number | null;
  mean: number | null;
}

/** Per-call comparison: every green call's duration against every red call's (not independent observations). */
export interface PerCall {
  green: CallSpread;
  red: CallSpread;
  /** U test of the call durations; q over the per-call tests of all activities (their own family). */
  test: TestResult;
}

export interface CompareRow {
  /** `layer`, `site`: the rows per layer and per call site (logs with stacks or layers; docs/METHOD.md "Layers"). */
  kind: 'activity' | 'edge' | 'layer' | 'site';
  /** The activity, or the edge key `A -> B`. */
  id: string;
  /** Edges: the endpoints (● / ■ included). */
  source?: string;
  target?: string;
  /** Which side has it. */
  side: 'green' | 'red' | 'both';
  green: SideColumn;
  red: SideColumn;
  /** Per metric: mean per case on each side, red/green (null when green is 0) and red − green. */
  mean: Partial<Record<ElementMetric, { green: number; red: number }>>;
  ratio: Partial<Record<ElementMetric, number | null>>;
  diff: Partial<Record<ElementMetric, number>>;
  tests: Partial<Record<ElementMetric, TestResult>>;
  /** Activities with durations: the per-call test of their call durations. */
  perCall?: PerCall;
}

export interface CaseRow {
  id: string;
  cid: string;
  host: string;
  rid: string;
  /** Whether `rid` is an MPI rank (analysis/ranks.ts: the cid's rids are exactly 0 … k−1). */
  rank: boolean;
  side: 'green' | 'red' | null;
  /** Start of the case's first event (s, in the log's time base); null without timestamps. */
  start: number | null;
  /** Seconds; null without timestamps (wall) or durations (traced, coverage). */
  wall: number | null;
  traced: number | null;
  coverage: number | null;
  /** Wall time in which none of the case's traced calls ran (analysis/time/gaps.ts), s; null without durations. */
  untraced: number | null;
  events: number;
  bytesRead: number;
  bytesWritten: number;
  failures: number;
}

export interface Spread {
  median: number | null;
  min: number | null;
  max: number | null;
  /** Quartiles (linear interpolation, numpy's default). */
  q1: number | null;
  q3: number | null;
}

export interface SideSummary {
  /** Case ids of the side, log order (the order of every per-case array). */
  ids: string[];
  stats: Record<CaseMetric, Spread>;
}

export interface TopDifference {
  text: string;
  /** `structure`: a structural difference (CompareResult.structural); `align`: a like-for-like pair (CompareResult.alignments). */
  kind: 'activity' | 'edge' | 'case' | 'structure' | 'align';
  /** The node id or edge key it is about (null for case-level sentences); structure/align: the first one named. */
  ref: string | null;
  /** structure/align: every activity or edge key it names. */
  refs?: string[];
  metric: ElementMetric | CaseMetric | 'structure';
  effect: number | null;
  q: number | null;
  /** Complete separation (|effect| = 1) with at least SEPARATION_MIN cases on each side. */
  separated?: boolean;
}

/**
 * A structural difference (docs/METHOD.md "Structural differences"): activities or edges present in every
 * case of `side` and in no case of the other.
 */
export interface StructuralDifference {
  kind: 'only' | 'substitution' | 'order';
  side: 'green' | 'red';
  /** The one-side activities it names (substitution: both sides'). */
  activities: string[];
  /** `order`: the one-side edges (keys `A -> B`). */
  edges: string[];
  /** `substitution`: green's calls, red's calls and the places (path parts) where one replaces the other. */
  green?: string[];
  red?: string[];
  places?: string[];
  text: string;
}

export interface CompareResult {
  green: SideSummary;
  red: SideSummary;
  /** Every case of the log, log order. */
  cases: CaseRow[];
  /** Green vs red over the case measures (their own Benjamini–Hochberg family). */
  caseTests: Record<CaseMetric, TestResult>;
  activities: CompareRow[];
  edges: CompareRow[];
  /** Per layer and per call site (logs with stacks or a layer column; their own Benjamini–Hochberg family). */
  layers?: CompareRow[];
  sites?: CompareRow[];
  top: TopDifference[];
  /** Activities and edges in every case of one side and none of the other, one entry per sentence. */
  structural?: StructuralDifference[];
  /** Places that play the same role on both sides, aligned like for like (proposed rewrites). */
  alignments?: Alignment[];
  /** Alignments the mapping already applies: its prefix rewrites to an alignment label, per label. */
  applied?: { label: string; patterns: string[] }[];
  /** Per side: where its largest untraced gap is and what fills it (gaps.ts gapSentence), null without one. */
  untracedWhere?: { green: string | null; red: string | null };
  /** Why there are no per-call tests (too many calls), else null. */
  perCallNote?: string | null;
  /** Whether both sides have ≥ 2 cases (else every test is null). */
  testable: boolean;
  /** Why there are no tests, or other caveats; null if none. */
  note: string | null;
  hasDurations: boolean;
  hasTimestamps: boolean;
  /** Distinct hosts among the compared cases (per-side mc compares their clocks). */
  hosts: number;
}
