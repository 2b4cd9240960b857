/**
 * Insights: findings about the I/O of an event log, in the manner of Drishti (levels, targets, codes,
 * recommendations), computed from strace's per-call facts. The rules are described in docs/METHOD.md
 * ("Insights"); the JSON shape in docs/FORMATS.md.
 */
import type { Thresholds } from './thresholds';
import type { InsightsContext, Scope } from './context';
import type { WhatIfs } from '../replay/types';

export type Level = 'HIGH' | 'WARN' | 'INFO' | 'OK';
export type Target = 'user' | 'developer' | 'system';
/** Where a finding holds: with a partition 'green' / 'red' (only there) or 'both'; null without one. */
export type FindingSide = 'green' | 'red' | 'both' | null;

export const LEVELS: readonly Level[] = ['HIGH', 'WARN', 'INFO', 'OK'];

/** One case or file behind a finding, with its part of the finding's quantity. */
export interface Contribution {
  name: string;
  value: number;
  /** value / total of the finding's quantity, 0…1. */
  share: number;
}

export interface Recommendation {
  text: string;
  snippet?: { lang: 'c' | 'python' | 'sh' | 'text'; code: string };
  /** The what-ifs of a replay that measures the change before it is made (docs/METHOD.md "Replay: what-ifs"):
   * the app's Replay dialog opens with them; the snippet gives the `strace-dfg replay` line. */
  replay?: Partial<WhatIfs>;
}

/** The time a finding accounts for: seconds summed over its cases, and their share (0…1) of the summed wall
 * time (first start → last end) of the cases it names — of its run's when none (docs/METHOD.md "Insights", "Cost"). */
export interface Cost {
  seconds: number;
  share: number;
}

export interface Finding {
  code: string;
  level: Level;
  target: Target;
  side: FindingSide;
  /** The run (cid) the finding is about when several runs were loaded together and the rule judges one
   * run at a time (`Rule.perRun`); null otherwise. */
  run: string | null;
  /** The time it accounts for; null when it accounts for none (OK findings) or the log has no durations.
   * Findings are ordered by it. */
  cost: Cost | null;
  /** One sentence with the numbers, in Drishti's style. */
  message: string;
  /** Further lines: the files, cases, errnos or directories responsible. */
  details: string[];
  /** The cases responsible (at most `top_items`, each above `top_share`), largest first. */
  cases: Contribution[];
  /** The files (fp) responsible, as `cases`. */
  files: Contribution[];
  /** The DFG activities the finding is about (to select them in the graph); filled by runInsights. */
  activities: string[];
  /** The one activity whose timeline explains the finding best (T02: the failing activity), if any. */
  activity: string | null;
  /** The numbers of the message, by name (counts, bytes, seconds, fractions). */
  numbers: Record<string, number>;
  recommendations: Recommendation[];
}

/** What a rule returns before runInsights adds side, run, activities and the cost's share. `calls` narrows
 * the activities to these call classes on `files` (default: every call on those files). */
export type RawFinding = Omit<Finding, 'side' | 'run' | 'cost' | 'activities' | 'activity'> & {
  /** Seconds the finding accounts for (summed over its cases), null for none; runInsights adds the share
   * and lowers a WARN or HIGH below the materiality thresholds to INFO. */
  cost: number | null;
  /** Bytes the finding accounts for (excess, imbalance), when it is about data: material by bytes too. */
  costBytes?: number;
  /** The seconds materiality takes its share of (default: the summed wall time of the run's cases; T07: its phase's). */
  base?: number;
  activity?: string | null;
  calls?: readonly string[];
  /** Stable key for matching the same finding on the two sides of a partition (default: code). */
  key?: string;
};

export interface Rule {
  code: string;
  title: string;
  /** The rule compares cases or adds a file up over cases: it judges one run (cid) at a time. */
  perRun?: boolean;
  /** How the level is chosen, for docs and the panel's help. */
  levels: string;
  target: Target;
  run(ctx: InsightsContext, scope: Scope, t: Thresholds): RawFinding[];
}

/** A Drishti code that strace cannot support, with the reason. */
export interface Unobservable {
  code: string;
  title: string;
  why: string;
}
