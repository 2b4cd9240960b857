/**
 * Two-sample statistics of the green/red comparison (docs/METHOD.md, "Comparing green and red"), free of
 * dependencies:
 * - the Mann–Whitney U test with the two-sided p of `scipy.stats.mannwhitneyu(x, y,
 *   alternative="two-sided", method="auto")` as SciPy 1.10 (Debian 12) computes it: the exact null distribution of U when at most one sample
 *   has more than 8 values and no value is tied, else the normal approximation with the tie-corrected
 *   variance and a continuity correction of ½;
 * - Cliff's delta from U (the rank-biserial correlation), positive when the second sample is larger;
 * - Benjamini–Hochberg adjusted q-values;
 * - the standard normal survival function, via a complementary error function accurate to a few ulps.
 */

export interface MwuResult {
  /** U of the first sample: Σ ranks of x − n1(n1+1)/2 (ties get the average rank). */
  u: number;
  /** Two-sided p-value, in [0, 1]. */
  p: number;
  /** Cliff's delta = P(y > x) − P(y < x) = 1 − 2U/(n1·n2), in [−1, 1]. */
  effect: number;
  method: 'exact' | 'asymptotic';
}

/** Average ranks (1-based) of `v`, as scipy.stats.rankdata(method="average"), and Σ (t³ − t) over tie groups. */
export function rankAverage(v: ArrayLike<number>): { ranks: Float64Array; tieTerm: number } {
  const n = v.length;
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  idx.sort((a, b) => v[a] - v[b]);
  const ranks = new Float64Array(n);
  let tieTerm = 0;
  for (let i = 0; i < n; ) {
    let j = i + 1;
    while (j < n && v[idx[j]] === v[idx[i]]) j++;
    // positions i…j−1 (0-based) share the ranks i+1…j: their mean is (i + 1 + j) / 2
    const r = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) ranks[idx[k]] = r;
    const t = j - i;
    tieTerm += t * t * t - t;
    i = j;
  }
  return { ranks, tieTerm };
}

/** Number of ways to choose k of n (as a float; exact while it is below 2⁵³). */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const kk = Math.min(k, n - k);
  let r = 1;
  for (let i = 1; i <= kk; i++) r = (r * (n - kk + i)) / i;
  return r;
}

const cdfCache = new Map<string, Float64Array>();

/**
 * P(U ≤ k) for k = 0…⌊mn/2⌋ under the null hypothesis (no ties), sample sizes m and n. The frequencies
 * f(j, n', k) of U follow f(j, n', k) = f(j, n'−1, k) + f(j−1, n', k−n') (Mann and Whitney 1947), built up
 * over n' with one row per j ≤ min(m, n); cached per (m, n), as one table shares the sample sizes.
 */
export function exactCdf(m: number, n: number): Float64Array {
  const a = Math.min(m, n);
  const b = Math.max(m, n);
  const key = `${a},${b}`;
  const hit = cdfCache.get(key);
  if (hit !== undefined) return hit;
  const K = Math.floor((a * b) / 2);
  const W = K + 1;
  // rows j = 0…a of f(j, n', ·), k ≤ K
  const f = new Float64Array((a + 1) * W);
  for (let j = 0; j <= a; j++) f[j * W] = 1;
  for (let nn = 1; nn <= b; nn++) {
    for (let j = 1; j <= a; j++) {
      const row = j * W;
      const prev = (j - 1) * W;
      // f(j, nn, k) = f(j, nn−1, k) [in place] + f(j−1, nn, k−nn) [row j−1, already at nn]
      const top = Math.min(K, j * nn);
      for (let k = top; k >= nn; k--) f[row + k] += f[prev + k - nn];
    }
  }
  const total = binomial(a + b, a);
  const cdf = new Float64Array(W);
  let acc = 0;
  const last = a * W;
  for (let k = 0; k < W; k++) {
    acc += f[last + k] / total;
    cdf[k] = acc;
  }
  if (cdfCache.size > 64) cdfCache.clear();
  cdfCache.set(key, cdf);
  return cdf;
}

/**
 * The Mann–Whitney U test of x against y (two-sided), as scipy.stats.mannwhitneyu with method="auto"
 * (with `maxExact`: method="asymptotic" when n1·n2 exceeds it). Both samples must be non-empty and free of NaN.
 */
export function mannWhitneyU(x: ArrayLike<number>, y: ArrayLike<number>, opts: { maxExact?: number } = {}): MwuResult {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) throw new Error('mannWhitneyU: both samples must be non-empty');
  const xy = new Float64Array(n1 + n2);
  for (let i = 0; i < n1; i++) xy[i] = x[i];
  for (let i = 0; i < n2; i++) xy[n1 + i] = y[i];
  for (let i = 0; i < xy.length; i++) if (xy[i] !== xy[i]) throw new Error('mannWhitneyU: samples must not contain NaN');
  const { ranks, tieTerm } = rankAverage(xy);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += ranks[i];
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;
  const u = Math.max(u1, u2);
  const effect = 1 - (2 * u1) / (n1 * n2);
  // SciPy's rule; `maxExact` (per-call tests) bounds n1·n2, the exact table's cost growing with its square
  const exact = !(n1 > 8 && n2 > 8) && tieTerm === 0 && n1 * n2 <= (opts.maxExact ?? Infinity);
  let p: number;
  if (exact) {
    // two-sided: 2·P(U ≥ u) = 2·P(U ≤ mn − u) by symmetry; mn − u ≤ ⌊mn/2⌋
    const cdf = exactCdf(n1, n2);
    p = 2 * cdf[n1 * n2 - u];
  } else {
    const n = n1 + n2;
    const mu = (n1 * n2) / 2;
    const s = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
    const z = (u - mu - 0.5) / s;
    p = 2 * normalSf(z);
  }
  p = Math.min(1, Math.max(0, p));
  return { u: u1, p, effect, method: exact ? 'exact' : 'asymptotic' };
}

/**
 * Benjamini–Hochberg adjusted p-values (q) of `ps`; null entries (no test) stay null and do not count
 * among the m tests: q₍ᵢ₎ = min over j ≥ i of p₍ⱼ₎·m/j, capped at 1 (R's p.adjust(method="BH")).
 */
export function benjaminiHochberg(ps: readonly (number | null)[]): (number | null)[] {
  const idx: number[] = [];
  for (let i = 0; i < ps.length; i++) if (ps[i] !== null) idx.push(i);
  const m = idx.length;
  const out: (number | null)[] = ps.map(() => null);
  if (m === 0) return out;
  idx.sort((a, b) => (ps[a] as number) - (ps[b] as number) || a - b);
  let run = Infinity;
  for (let r = m - 1; r >= 0; r--) {
    const v = ((ps[idx[r]] as number) * m) / (r + 1);
    if (v < run) run = v;
    out[idx[r]] = Math.min(1, run);
  }
  return out;
}

/** P(Z > z) for a standard normal Z. */
export function normalSf(z: number): number {
  if (z !== z) return NaN;
  const x = z * Math.SQRT1_2;
  if (x < -0.5) return 1 - 0.5 * erfc(-x);
  if (x < 0.5) return 0.5 - 0.5 * erfSeries(x);
  return 0.5 * erfc(x);
}

const TWO_OVER_SQRT_PI = 1.1283791670955126;
const ONE_OVER_SQRT_PI = 0.5641895835477563;

/** erf(x) by its Taylor series (|x| ≤ 1.5: every term shrinks, at most ~40 terms). */
function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let k = 1; k < 200; k++) {
    term *= -x2 / k;
    const add = term / (2 * k + 1);
    sum += add;
    if (Math.abs(add) <= 1e-17 * Math.abs(sum)) break;
  }
  return TWO_OVER_SQRT_PI * sum;
}

/** exp(−x²) without the rounding error of forming x² (x split into a 26-bit head and a tail). */
function expMinusSquare(x: number): number {
  const hi = Math.round(x * 67108864) / 67108864;
  const lo = x - hi;
  return Math.exp(-hi * hi) * Math.exp(-(2 * hi * lo + lo * lo));
}

/** The complementary error function, x ≥ 0: 1 − erf by the series below 1.5, else the continued fraction. */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 1.5) return 1 - erfSeries(x);
  if (x > 27.3) return 0;
  // erfc(x) = e^{−x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), modified Lentz
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 5000; k++) {
    const a = k / 2;
    d = x + a * d;
    d = d === 0 ? 1 / tiny : 1 / d;
    c = x + a / c;
    if (c === 0) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return (expMinusSquare(x) * ONE_OVER_SQRT_PI) / f;
}
