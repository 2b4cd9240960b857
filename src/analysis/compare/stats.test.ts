import { describe, expect, it } from 'vitest';
import { prng } from '../../lib/prng';
import { referenceValues } from '../../testing/refdata';
import { relClose, scipy } from '../../testing/scipy';
import { benjaminiHochberg, erfc, exactCdf, mannWhitneyU, normalSf, rankAverage } from './stats';

describe('hand-computed cases', () => {
  it('ranks ties by their average and sums t³ − t', () => {
    const r = rankAverage([10, 20, 10, 30, 10]);
    expect([...r.ranks]).toEqual([2, 4, 2, 5, 2]);
    expect(r.tieTerm).toBe(27 - 3);
  });

  it('exact: every red value above every green value (3 vs 3, no ties)', () => {
    // U_green = 0; P(U ≤ 0) = 1/C(6,3) = 1/20; two-sided p = 2/20
    const r = mannWhitneyU([1, 2, 3], [4, 5, 6]);
    expect(r.method).toBe('exact');
    expect(r.u).toBe(0);
    expect(r.p).toBeCloseTo(0.1, 15);
    expect(r.effect).toBe(1);
  });

  it('exact: the textbook example (males vs females, U = 17, p = 1/9)', () => {
    const r = mannWhitneyU([19, 22, 16, 29, 24], [20, 11, 17, 12]);
    expect(r.u).toBe(17);
    expect(r.p).toBeCloseTo(1 / 9, 15);
    // 17 of 20 pairs have green > red, 3 red > green: delta = (3 − 17)/20
    expect(r.effect).toBeCloseTo(-0.7, 15);
  });

  it('ties switch to the normal approximation with the tie correction', () => {
    // x = [0, 0, 1], y = [1, 2, 2]: ranks 1.5 1.5 3.5 | 3.5 5.5 5.5, R1 = 6.5, U1 = 0.5
    // tie term = 3 groups of 2 → 3·6 = 18; s = sqrt(9/12 · (7 − 18/30)) = sqrt(4.8); z = (8.5 − 4.5 − 0.5)/s
    const r = mannWhitneyU([0, 0, 1], [1, 2, 2]);
    expect(r.method).toBe('asymptotic');
    expect(r.u).toBe(0.5);
    const z = 3.5 / Math.sqrt(4.8);
    expect(r.p).toBeCloseTo(2 * normalSf(z), 15);
    expect(r.p).toBeCloseTo(0.1101, 4); // z = 1.5975, P(Z > z) = 0.05507
    // pairs: y > x in 8 of 9, one tie (1 vs 1): delta = 8/9
    expect(r.effect).toBeCloseTo(8 / 9, 15);
  });

  it('identical samples: U = mn/2, p = 1, effect 0', () => {
    const r = mannWhitneyU([5, 5, 5, 5], [5, 5, 5]);
    expect(r.u).toBe(6);
    expect(r.p).toBe(1);
    expect(r.effect).toBe(0);
    const s = mannWhitneyU([1, 2, 3], [1, 2, 3]);
    expect(s.p).toBe(1);
    expect(s.effect).toBe(0);
  });

  it('an element absent on one side is a side of zeros', () => {
    // green never has it: [0,0,0,0], red always: [3,4,5] → ties among the zeros, asymptotic
    const r = mannWhitneyU([0, 0, 0, 0], [3, 4, 5]);
    expect(r.method).toBe('asymptotic');
    expect(r.u).toBe(0);
    expect(r.effect).toBe(1);
    // tie term 4³ − 4 = 60, n = 7: s = sqrt(12/12 · (8 − 60/42)), z = (12 − 6 − 0.5)/s
    expect(r.p).toBeCloseTo(2 * normalSf(5.5 / Math.sqrt(8 - 60 / 42)), 15);
  });

  it('a side of one case is still computable (the comparison layer refuses it)', () => {
    // n1 = 1, n2 = 4, no ties: exact. U1 = 4 (x above all), P(U ≤ 0) = 1/5 → p = 0.4
    const r = mannWhitneyU([9], [1, 2, 3, 4]);
    expect(r.method).toBe('exact');
    expect(r.u).toBe(4);
    expect(r.p).toBeCloseTo(0.4, 15);
    expect(r.effect).toBe(-1);
  });

  it('exact null distribution sums to 1 at the centre by symmetry', () => {
    const cdf = exactCdf(4, 4); // 70 orderings, U ∈ 0…16, P(U ≤ 8) = (70 + f(8)) / 140
    expect(cdf[0]).toBeCloseTo(1 / 70, 15);
    expect(cdf[1]).toBeCloseTo(2 / 70, 15);
    expect(cdf[2]).toBeCloseTo(4 / 70, 15);
  });

  it('Benjamini–Hochberg by hand, nulls left out', () => {
    // m = 4 tests: sorted 0.01, 0.02, 0.03, 0.5 → 0.04, 0.04, 0.04, 0.5
    expect(benjaminiHochberg([0.5, null, 0.01, 0.03, 0.02])).toEqual([0.5, null, 0.04, 0.04, 0.04]);
    expect(benjaminiHochberg([null])).toEqual([null]);
    expect(benjaminiHochberg([0.9, 0.8])).toEqual([0.9, 0.9]);
  });

  it('erfc at known values', () => {
    expect(erfc(0)).toBe(1);
    expect(relClose(erfc(1), 0.15729920705028513, 1e-15)).toBe(true);
    expect(relClose(erfc(3), 2.209049699858544e-5, 1e-14)).toBe(true);
    expect(relClose(erfc(10), 2.088487583762545e-45, 1e-13)).toBe(true);
  });
});

/** Random samples of the shapes a comparison produces: counts with many zeros, continuous times, big and small sides. */
function battery(): [number[], number[]][] {
  const rnd = prng(20261123);
  const out: [number[], number[]][] = [];
  const sizes: [number, number][] = [[2, 2], [2, 3], [3, 5], [4, 4], [5, 8], [8, 8], [8, 9], [9, 9], [3, 40], [8, 200], [12, 15], [40, 40], [100, 300], [480, 480]];
  for (const [m, n] of sizes) {
    for (const kind of ['continuous', 'counts', 'zeros', 'shifted', 'separated'] as const) {
      const draw = (side: number): number => {
        switch (kind) {
          case 'continuous':
            return rnd() * 1e-3;
          case 'counts':
            return Math.floor(rnd() * 6);
          case 'zeros':
            return rnd() < 0.6 ? 0 : Math.floor(rnd() * 1000);
          case 'shifted':
            return rnd() + side * 0.4;
          case 'separated':
            return rnd() + side * 2;
        }
      };
      out.push([Array.from({ length: m }, () => draw(0)), Array.from({ length: n }, () => draw(1))]);
    }
  }
  return out;
}

const ZS: number[] = [];
for (let z = -8; z <= 38; z += 0.0173) ZS.push(z);
const rndBh = prng(5);
const BH_SETS = [[0.01, 0.02, 0.03, 0.04, 0.05], Array.from({ length: 200 }, () => rndBh() ** 3), [1, 1, 0.5, 1e-9]];

describe('against scipy.stats.mannwhitneyu (python3-scipy)', () => {
  const pairs = battery();
  // one python3 run for all the references (committed: tools/refdata/scipy_stats.py)
  let cached: ReturnType<typeof scipy> | null = null;
  const refs = (): ReturnType<typeof scipy> => (cached ??= scipy(referenceValues(import.meta.url), 'battery', { pairs, sf: ZS, bh: BH_SETS }));

  it('U, two-sided p (method="auto") and Cliff’s delta agree to 1e-12 on a random battery', () => {
    const ref = refs();
    expect(ref.mwu.length).toBe(pairs.length);
    const bad: string[] = [];
    let exact = 0;
    pairs.forEach(([x, y], i) => {
      const r = mannWhitneyU(x, y);
      if (r.method === 'exact') exact++;
      const s = ref.mwu[i];
      if (r.u !== s.u || !relClose(r.p, s.p) || !relClose(r.effect, s.cliff)) bad.push(`#${i} (${x.length}×${y.length}, ${r.method}): ours u=${r.u} p=${r.p} d=${r.effect}; scipy u=${s.u} p=${s.p} d=${s.cliff}`);
    });
    expect(bad).toEqual([]);
    expect(exact).toBeGreaterThan(10);
    expect(exact).toBeLessThan(pairs.length);
  });

  it('the normal survival function agrees with scipy.stats.norm.sf to 1e-12 over −8…38', () => {
    const zs = ZS;
    const ref = refs().sf;
    const bad = zs.filter((z, i) => ref[i] > 0 && !relClose(normalSf(z), ref[i])).map((z) => `${z}: ${normalSf(z)} vs ${ref[zs.indexOf(z)]}`);
    expect(bad).toEqual([]);
  });

  it('Benjamini–Hochberg agrees with R’s p.adjust("BH") written in numpy', () => {
    const sets = BH_SETS;
    const ref = refs().bh;
    sets.forEach((ps, i) => {
      const q = benjaminiHochberg(ps);
      ps.forEach((_, j) => expect(relClose(q[j]!, ref[i][j]), `set ${i} #${j}`).toBe(true));
    });
  });
});
