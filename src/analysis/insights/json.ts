/** Findings → the `"insights"` list of the CLI's JSON documents, and the codes strace cannot observe → their
 * sibling `"unobservable"` list (docs/FORMATS.md "Insights JSON"). */
import { reportText } from '../../lib/format';
import type { InsightsResult } from './index';
import type { Finding, Unobservable } from './types';
import type { WhatIfs } from '../replay/types';

export interface InsightJson {
  code: string;
  level: Finding['level'];
  target: Finding['target'];
  /** "green" | "red" | "both" with a partition, null without. */
  side: Finding['side'];
  /** The run (cid) when several runs were loaded together and the rule judges one run at a time, else null. */
  run: string | null;
  /** The time the finding accounts for: seconds summed over its cases and their share (0…1) of the summed
   * wall time of the cases it names; null when none. The list is ordered by it (HIGH/WARN first, then INFO, then OK). */
  cost: { seconds: number; share: number } | null;
  message: string;
  details: string[];
  /** The cases and files responsible: name, the finding's quantity for it, its share (0…1). */
  cases: { name: string; value: number; share: number }[];
  files: { name: string; value: number; share: number }[];
  activities: string[];
  numbers: Record<string, number>;
  recommendations: { text: string; snippet?: { lang: string; code: string }; replay?: Partial<WhatIfs> }[];
}

export function toInsightsJson(r: InsightsResult): InsightJson[] {
  return r.findings.map((f) => ({
    code: f.code,
    level: f.level,
    target: f.target,
    side: f.side,
    run: f.run,
    cost: f.cost,
    message: reportText(f.message),
    details: f.details.map(reportText),
    cases: f.cases,
    files: f.files,
    activities: f.activities,
    numbers: Object.fromEntries(Object.entries(f.numbers).map(([k, v]) => [k, Number.isFinite(v) ? v : null])) as Record<string, number>,
    recommendations: f.recommendations.map((r) => ({ ...r, text: reportText(r.text) })),
  }));
}

/** The Drishti codes strace cannot support and why (`"unobservable"`, beside `"insights"`). */
export type UnobservableJson = Unobservable;

export function toUnobservableJson(r: Pick<InsightsResult, 'unobservable'>): UnobservableJson[] {
  return r.unobservable.map((u) => ({ code: u.code, title: u.title, why: u.why }));
}
