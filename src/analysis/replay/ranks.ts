/**
 * The pattern across ranks (docs/METHOD.md "Pattern compression"): the cases of one shape (the same loops, sizes
 * and strides) grouped; each top-level term's start offset fitted as `a·rank + b`, each file's path as a
 * template of the rank; an IOR command line when the group is IOR's pattern exactly (ior.ts).
 */
import { iorCommand } from './ior';
import { baseOffset, callCount, patternText, shapeKey, size, type Term } from './pattern';

export interface PatternCase {
  id: string;
  rid: string;
  terms: Term[];
  files: string[];
}

/** start(rank) = a·rank + b over the group's cases, exact or not. */
export interface RankFit {
  a: number;
  b: number;
  exact: boolean;
}

export interface PatternGroup {
  /** Case ids and their ranks (the rid when every rid is a number, else the order). */
  cases: string[];
  ranks: number[];
  /** Per file number: its path, or its template (`/scratch/fpp.{rank:08}`), or null when the paths differ otherwise. */
  files: (string | null)[];
  /** The pattern of the group, offsets as a·rank + b where they fit exactly. */
  text: string;
  /** Per top-level term with data, its fit (null: no data). */
  fits: (RankFit | null)[];
  /** Every start offset and every file fits. */
  exact: boolean;
  /** Calls the pattern stands for per case, and its terms (top-level). */
  calls: number;
  terms: number;
  ior: { command: string; notes: string[] } | null;
  /** Why there is no IOR command ('' with one). */
  noIor: string;
}


/** The exact fit of y = a·x + b through every point, or the least-squares line marked inexact. */
export function fitLine(xs: readonly number[], ys: readonly number[]): RankFit {
  const n = xs.length;
  if (n === 1) return { a: 0, b: ys[0], exact: true };
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const a = sxx ? Math.round(sxy / sxx) : 0;
  const b = Math.round(my - a * mx);
  return { a, b, exact: xs.every((x, i) => a * x + b === ys[i]) };
}

export function fitText(f: RankFit): string {
  if (f.a === 0) return size(f.b);
  const a = f.a === 1 ? 'rank' : `${size(f.a)}·rank`;
  return f.b === 0 ? a : `${a} ${f.b < 0 ? '−' : '+'} ${size(Math.abs(f.b))}`;
}

/**
 * The path of file k in every case as one template of the rank: the paths cut into digit runs and the rest; a
 * digit run that is each case's rank in every case becomes `{rank}` (`{rank:08}` when zero-padded to 8), the
 * rest must be equal. Null when they differ otherwise.
 */
export function fileTemplate(paths: readonly string[], ranks: readonly number[]): string | null {
  if (paths.every((p) => p === paths[0])) return paths[0];
  const parts = paths.map((p) => p.split(/(\d+)/));
  if (!parts.every((x) => x.length === parts[0].length)) return null;
  let out = '';
  let ranked = false;
  for (let j = 0; j < parts[0].length; j++) {
    const col = parts.map((x) => x[j]);
    if (col.every((x) => x === col[0])) out += col[0];
    else if (j % 2 === 1 && col.every((x, i) => Number(x) === ranks[i])) {
      const w = col[0].length;
      const padded = col.every((x) => x.length === w) && col.some((x, i) => x.length > String(ranks[i]).length);
      out += padded ? `{rank:0${w}}` : '{rank}';
      ranked = true;
    } else return null;
  }
  return ranked ? out : null;
}

function group(members: readonly PatternCase[]): PatternGroup {
  const numeric = members.every((c) => /^\d+$/.test(c.rid));
  const ranks = members.map((c, i) => (numeric ? Number(c.rid) : i));
  const first = members[0];
  const fits = first.terms.map((t, j) => {
    if (Number.isNaN(baseOffset(t))) return null;
    return fitLine(ranks, members.map((c) => baseOffset(c.terms[j])));
  });
  // files numbered in order of first use: in cases of one shape, file k plays the same part
  const files = first.files.map((_, k) => fileTemplate(members.map((c) => c.files[k]), ranks));
  const at = (_t: Term, path: number[]): string | null => {
    const f = path.length === 1 ? fits[path[0]] : null;
    return f?.exact && members.length > 1 ? fitText(f) : null;
  };
  const exact = fits.every((f) => f === null || f.exact) && files.every((f) => f !== null);
  const ior = exact ? iorCommand(first, fits, files, ranks) : null;
  return {
    cases: members.map((c) => c.id),
    ranks,
    files,
    text: patternText(first.terms, first.files.length, at),
    fits,
    exact,
    calls: first.terms.reduce((s, t) => s + callCount(t), 0),
    terms: first.terms.length,
    ior: ior && 'command' in ior ? ior : null,
    noIor: !exact ? 'the offsets or files do not fit a·rank + b exactly' : ior && 'why' in ior ? ior.why : '',
  };
}

/** Cases grouped by cid and shape (in the order of their first case), each group fitted across its ranks. */
export function rankGroups(cases: readonly (PatternCase & { cid: string })[]): PatternGroup[] {
  const by = new Map<string, (PatternCase & { cid: string })[]>();
  for (const c of cases) {
    const key = `${c.cid}\0${shapeKey(c.terms)}\0${c.files.length}`;
    let g = by.get(key);
    if (!g) by.set(key, (g = []));
    g.push(c);
  }
  return [...by.values()].map(group);
}
