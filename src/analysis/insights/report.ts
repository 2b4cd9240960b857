/** Helpers the rules share: who is responsible (top cases and files), number wording, basenames. */
import { durationSlot, formatBytes, formatCount } from '../../lib/format';
import { NF, type FileAgg, type InsightsContext, type Scope } from './context';
import type { Thresholds } from './thresholds';
import type { Contribution } from './types';

export { durationSlot, formatBytes, formatCount };

/** "12.34%" as Drishti prints it. */
export const pct = (f: number): string => `${(f * 100).toFixed(2)}%`;

/** The largest contributions, at most `top_items`, each above `top_share` of the total (ties by name). */
export function top(items: Iterable<[string, number]>, t: Thresholds, totalOverride?: number): Contribution[] {
  const arr: Contribution[] = [];
  let sum = 0;
  for (const [name, value] of items) {
    if (!(value > 0)) continue;
    arr.push({ name, value, share: 0 });
    sum += value;
  }
  const tot = totalOverride ?? sum;
  if (!(tot > 0)) return [];
  for (const c of arr) c.share = c.value / tot;
  return arr
    .filter((c) => c.share > t.top_share)
    .sort((x, y) => y.value - x.value || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    .slice(0, t.top_items);
}

/** Per-file contributions of one field (or a function of the file's fields). */
export function topFiles(ctx: InsightsContext, files: readonly FileAgg[], value: number | ((g: FileAgg) => number), t: Thresholds): Contribution[] {
  const f = typeof value === 'number' ? (g: FileAgg) => g.v[value] : value;
  return top(files.map((g) => [ctx.log.paths[g.fp], f(g)] as [string, number]), t);
}

/** Per-case contributions of one field over the given files (records of the scope). */
export function topCases(ctx: InsightsContext, scope: Scope, files: readonly FileAgg[], value: number | ((rec: number) => number), t: Thresholds): Contribution[] {
  const per = new Map<number, number>();
  const f = typeof value === 'number' ? (r: number) => ctx.rec[r * NF + value] : value;
  for (const g of files) {
    for (let j = 0; j < g.recs.length; j++) {
      const k = g.cases[j];
      if (!scope.has[k]) continue;
      per.set(k, (per.get(k) ?? 0) + f(g.recs[j]));
    }
  }
  return top([...per].map(([k, v]) => [ctx.log.cases[k].id, v] as [string, number]), t);
}

/** Per-case contributions from a per-case array. */
export function topCasesOf(ctx: InsightsContext, scope: Scope, values: ArrayLike<number>, t: Thresholds): Contribution[] {
  return top(scope.cases.map((k) => [ctx.log.cases[k].id, values[k]] as [string, number]), t);
}

export function basename(p: string): string {
  const i = p.lastIndexOf('/');
  return i >= 0 && i < p.length - 1 ? p.slice(i + 1) : p;
}

export function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  return i > 0 ? p.slice(0, i) : i === 0 ? '/' : '.';
}

/** `N (x.xx%) … are to "file"` detail lines, as Drishti lists the files responsible. */
export function fileLines(files: readonly Contribution[], what: string): string[] {
  return files.map((c) => `${formatCount(c.value)} (${pct(c.share)}) ${what} are to "${c.name}"`);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
