import { describe, expect, it } from 'vitest';
import { EventLogBuilder, emptyFileReport } from '../model';
import { prng } from '../lib/prng';
import { pairDurations, runOf, unionQuantile } from './quantile';

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
      const run = Array.from(runOf(pd, p));
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

  it('sorts strace durations (whole microseconds, as the parser computes s + uuuuuu / 10⁶) exactly as the float64 sort does, under and over 4.2 s and 4,295 s', () => {
    const rnd = prng(5);
    const b = new EventLogBuilder(30_000);
    const pairs = [0, 1, 2, 3].map((j) => b.pairOf(b.internCall(`c${j}`), b.internPath(`/p${j}`)));
    b.beginCase({ id: 'x', cid: 'x', host: '', rid: '', pid: null }, b.addFile(emptyFileReport('x', 'strace')));
    const byPair: number[][] = pairs.map(() => []);
    const micro = (s: number, u: number): number => s + u / 1e6;
    for (let i = 0; i < 30_000; i++) {
      const j = i % 4;
      // pair 0: under 4.2 s (two radix digits); 1: up to 600 s (three); 2: a short run (the engine's sort); 3: ms, +0
      const r = rnd();
      const d = j === 0 ? micro(Math.floor(r * 4), Math.floor(rnd() * 1e6)) : j === 1 ? micro(Math.floor(r * 600), Math.floor(rnd() * 1e6)) : r < 0.05 ? 0 : r < 0.07 ? NaN : micro(0, Math.floor(rnd() * 5000));
      if (j === 2 && i > 400) continue;
      b.push(1, pairs[j], 0, i, d, NaN, i + 1);
      if (d === d) byPair[j].push(d);
    }
    b.endCase();
    const log = b.build('relative');
    const check = (l: typeof log, runs: number[][]): void => {
      const pd = pairDurations(l);
      runs.forEach((want, p) => {
        const got = runOf(pd, p);
        expect(Buffer.from(got.buffer, got.byteOffset, got.byteLength).equals(Buffer.from(Float64Array.from(want).sort().buffer))).toBe(true);
      });
    };
    check(log, byPair);
    // held as microseconds (4 bytes each): the quantiles of any set of pairs are the brute-force ones, exactly
    const pd = pairDurations(log);
    expect(pd.micros).toBe(true);
    expect(pd.sorted).toBeInstanceOf(Uint32Array);
    for (const set of [[0], [1], [2], [3], [0, 1], [2, 3], [0, 1, 2, 3], [3, 0]]) {
      const idx = Uint32Array.from(set);
      for (const q of [0, 0.01, 0.5, 0.95, 0.999, 1]) expect(unionQuantile(pd, idx, 0, idx.length, q), `pairs ${set} q ${q}`).toBe(brute(set.flatMap((j) => byPair[j]), q));
    }
    // -0, a value beyond 2³² µs, and one a few ulps off a whole microsecond: each makes the log take the float64 sort, same result
    for (const odd of [-0, 5000.000001, 1e-3 + 2 ** -40]) {
      const dur = log.dur.slice();
      dur[3] = odd;
      const runs = byPair.map((r) => r.slice());
      runs[3][runs[3].indexOf(log.dur[3])] = odd;
      expect(pairDurations({ ...log, dur }).micros).toBe(false);
      check({ ...log, dur }, runs);
    }
  });
});
