import { describe, expect, it } from 'vitest';
import { EventLogBuilder, emptyFileReport } from '../model';
import { prng } from '../lib/prng';
import { pairDurations, unionQuantile } from './quantile';

/** The linear-interpolation quantile by brute force: sort, then h = (n − 1)q (docs/METHOD.md). */
function brute(xs: number[], q: number): number | null {
  if (xs.length === 0) return null;
  const s = Float64Array.from(xs).sort();
  const h = (s.length - 1) * q;
  const k = Math.floor(h);
  return k + 1 < s.length ? s[k] + (h - k) * (s[k + 1] - s[k]) : s[k];
}

describe('unionQuantile', () => {
  it('equals the brute-force quantile of the union of any set of pairs (short and radix-sorted runs, ties, ±0, negatives, NaN skipped)', () => {
    const rnd = prng(11);
    const b = new EventLogBuilder(20_000);
    const P = 12;
    const pairs = Array.from({ length: P }, (_, j) => b.pairOf(b.internCall(`c${j}`), b.internPath(`/p${j}`)));
    b.beginCase({ id: 'x', cid: 'x', host: '', rid: '', pid: null }, b.addFile(emptyFileReport('x', 'strace')));
    const byPair: number[][] = pairs.map(() => []);
    for (let i = 0; i < 20_000; i++) {
      const j = Math.floor(P * rnd() * rnd()); // pair 0 gets thousands of events, the last ones a few
      const r = rnd();
      // µs values (equal ones tie), values a few ulps apart (keys differing in the low word only), wide ranges
      let d = r < 0.1 ? 0 : r < 0.12 ? -0 : r < 0.14 ? NaN : r < 0.16 ? -rnd() : r < 0.2 ? 1e-3 + Math.floor(rnd() * 4) * 2 ** -62 : r < 0.25 ? rnd() * 1e4 : Math.round(rnd() * 50) * 1e-6;
      if (j === P - 1) d = 1e-3; // a run of ties
      b.push(1, pairs[j], 0, i, d, NaN, i + 1);
      if (d === d) byPair[j].push(d);
    }
    b.endCase();
    const log = b.build('relative');
    const pd = pairDurations(log);
    for (let p = 0; p < P; p++) {
      const run = Array.from(pd.sorted.subarray(pd.offsets[p], pd.offsets[p + 1]));
      expect(run).toEqual(Array.from(Float64Array.from(byPair[p]).sort()));
    }
    const sets = [[0], [P - 1], [0, 1], [3, 7, P - 1], pairs.map((_, j) => j), [5, 2]];
    for (const set of sets) {
      const idx = Uint32Array.from(set);
      for (const q of [0, 0.01, 0.5, 0.95, 0.999, 1]) {
        const want = brute(set.flatMap((j) => byPair[j]), q);
        expect(unionQuantile(pd, idx, 0, idx.length, q), `pairs ${set} q ${q}`).toBe(want);
      }
    }
    expect(unionQuantile(pd, Uint32Array.from([]), 0, 0, 0.95)).toBeNull();
  });
});
