/** Pure helpers of the variants list and the edge-cases panel. */
import type { EdgeCases, Variant } from '../../analysis/types';

/** The first `max` elements and how many are hidden (for long traces and case lists). */
export function preview<T>(items: readonly T[], max: number): { shown: T[]; hidden: number } {
  return items.length <= max ? { shown: items.slice(), hidden: 0 } : { shown: items.slice(0, max), hidden: items.length - max };
}

/** A trace run-length compressed, like the CLI: `write:/scratch/ssf` 48 times in a row is one run of 48. */
export function runs(trace: readonly string[]): { act: string; n: number }[] {
  const out: { act: string; n: number }[] = [];
  for (const act of trace) {
    const last = out[out.length - 1];
    if (last && last.act === act) last.n++;
    else out.push({ act, n: 1 });
  }
  return out;
}

/** Variants by multiplicity (descending), ties by trace length then text, so the order is deterministic. */
export function sortVariants(variants: readonly Variant[]): Variant[] {
  return variants.slice().sort((a, b) => b.count - a.count || a.trace.length - b.trace.length || (a.trace.join('\u0000') < b.trace.join('\u0000') ? -1 : 1));
}

/** Variants whose trace contains an activity, or whose cases contain a case id, matching the substring. */
export function filterVariants(variants: readonly Variant[], query: string): Variant[] {
  const q = query.trim().toLowerCase();
  if (!q) return variants.slice();
  return variants.filter((v) => v.trace.some((a) => a.toLowerCase().includes(q)) || v.cases.some((c) => c.toLowerCase().includes(q)));
}

/** Total cases over all variants (each case has exactly one variant). */
export const totalCases = (variants: readonly Variant[]): number => variants.reduce((n, v) => n + v.count, 0);

/** Cases of a transition, most transitions first (ties by case id), filtered by a case-id substring. */
export function edgeCaseRows(data: EdgeCases, query = ''): { caseId: string; count: number }[] {
  const q = query.trim().toLowerCase();
  const rows = q ? data.cases.filter((c) => c.caseId.toLowerCase().includes(q)) : data.cases.slice();
  return rows.sort((a, b) => b.count - a.count || (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : 0));
}

export function edgeTotals(data: EdgeCases): { transitions: number; cases: number } {
  let transitions = 0;
  for (const c of data.cases) transitions += c.count;
  return { transitions, cases: data.cases.length };
}
