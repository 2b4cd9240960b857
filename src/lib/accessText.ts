/**
 * The words of Darshan's access patterns (docs/METHOD.md "Access patterns"), shared by the CLI report and
 * the app: the request-size bins' labels, the consecutive / sequential / random shares, the dominant bin.
 * Dependency-free: the counts are read structurally (src/analysis/access.ts computes them).
 */

/** Darshan's 10 request-size bins (bytes, upper bounds inclusive, K = 1024), as the reports label them. */
export const SIZE_BIN_LABELS: readonly string[] = ['0–100', '100–1K', '1K–10K', '10K–100K', '100K–1M', '1M–4M', '4M–10M', '10M–100M', '100M–1G', '1G+'];

/** What the shares read of a pattern (reads, writes or both). */
export interface PatternLike {
  consecutive: number;
  sequential: number;
  random: number;
  sizes: readonly number[];
}

export interface PatternShares {
  /** Requests with a known offset (the shares are fractions of these); 0 = no pattern. */
  n: number;
  consecutive: number;
  sequential: number;
  random: number;
}

/** Consecutive / sequential / random as fractions 0…1 of the requests with a known offset (NaN when none). */
export function patternShares(p: PatternLike): PatternShares {
  const n = p.consecutive + p.sequential + p.random;
  return { n, consecutive: n ? p.consecutive / n : NaN, sequential: n ? p.sequential / n : NaN, random: n ? p.random / n : NaN };
}

/** The bin with the most requests (the smaller bin on a tie); -1 when the histogram is empty. */
export function dominantBin(sizes: readonly number[]): number {
  let best = -1;
  for (let k = 0; k < sizes.length; k++) if (sizes[k] > 0 && (best < 0 || sizes[k] > sizes[best])) best = k;
  return best;
}

/** A share as a whole percentage (`<1%` for a small non-zero share, `–` for NaN). */
export function pct(f: number): string {
  if (!Number.isFinite(f)) return '–';
  if (f > 0 && f < 0.005) return '<1%';
  if (f < 1 && f > 0.995) return '>99%';
  return `${Math.round(f * 100)}%`;
}

/** Sum of two patterns (reads and writes of one file or activity). */
export function sumPatterns(a: PatternLike, b: PatternLike): PatternLike {
  return { consecutive: a.consecutive + b.consecutive, sequential: a.sequential + b.sequential, random: a.random + b.random, sizes: a.sizes.map((n, k) => n + (b.sizes[k] ?? 0)) };
}

/**
 * One line for an activity or a file: `consec 83% · seq 15% · rand 2%` (parts that are 0 left out; `–` when
 * no request has a known offset), then the dominant size bin: `· 1K–10K`.
 */
export function patternText(p: PatternLike): string {
  const s = patternShares(p);
  const parts: string[] = [];
  if (s.n > 0) {
    if (p.consecutive) parts.push(`consec ${pct(s.consecutive)}`);
    if (p.sequential) parts.push(`seq ${pct(s.sequential)}`);
    if (p.random) parts.push(`rand ${pct(s.random)}`);
  } else parts.push('–');
  const bin = dominantBin(p.sizes);
  if (bin >= 0) parts.push(SIZE_BIN_LABELS[bin]);
  return parts.join(' · ');
}

/** The histogram as text: `1K–10K 48, 10K–100K 2` (non-empty bins). */
export function sizesText(sizes: readonly number[]): string {
  return sizes.flatMap((n, k) => (n > 0 ? [`${SIZE_BIN_LABELS[k]} ${n}`] : [])).join(', ');
}
