import { describe, expect, it } from 'vitest';
import { nextUp } from './nextUp';
import { sortedEntries, type TimedColumns } from './seqSort';

/** The order sortedEntries promises, by a plain comparison sort: key, an end before a start, then entry order. */
function reference(cols: TimedColumns): number[] {
  const out: number[] = [];
  for (let i = 0; i < cols.n; i++) if (cols.dur[i] === cols.dur[i]) out.push(2 * i + 1, 2 * i);
  const key = (e: number): number => {
    const s = cols.start[e >>> 1];
    if (e & 1) return s;
    const k = s + cols.dur[e >>> 1];
    return k > s ? k : nextUp(s);
  };
  const pos = new Map(out.map((e, j) => [e, j]));
  // entries in event order (start before end of one event) is sortedEntries' tie order
  const order = [...out].sort((x, y) => (x >>> 1) - (y >>> 1) || (y & 1) - (x & 1));
  order.forEach((e, j) => pos.set(e, j));
  return order.sort((x, y) => key(x) - key(y) || (x & 1) - (y & 1) || pos.get(x)! - pos.get(y)!);
}

/** `n` events over `span` seconds from 1000 s, seeded: durations of 0 to 3 ms, some unknown, some 0, repeated starts. */
function columns(n: number, span: number, seed: number): TimedColumns {
  let s = seed;
  const rnd = (): number => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const start = new Float64Array(n);
  const dur = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    start[i] = i > 0 && rnd() < 0.05 ? start[i - 1] : 1000 + rnd() * span;
    const r = rnd();
    dur[i] = r < 0.03 ? NaN : r < 0.08 ? 0 : rnd() * 0.003;
  }
  return { n, start, dur };
}

describe('sortedEntries', () => {
  // spans giving q of 1 to 11 bits (one pass), 17 bits (one in-bucket pass, copied back), 20, 27 and 32 bits (two and three)
  for (const [n, span] of [[40, 0.0005], [3000, 0.001], [100_000, 0.1], [20_000, 0.5], [60_000, 120], [60_000, 3 * 3600]] as const) {
    it(`orders ${n} events over ${span} s as a comparison sort does`, () => {
      const cols = columns(n, span, n);
      const got = sortedEntries(cols);
      const want = reference(cols);
      expect(got.starts).toBe(want.length / 2);
      expect(got.entries.length).toBe(want.length);
      // the first entry out of place (-1: none); a diff of 200,000 numbers would take minutes to print
      expect(want.findIndex((e, j) => got.entries[j] !== e)).toBe(-1);
    });
  }
});
