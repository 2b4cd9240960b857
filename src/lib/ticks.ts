/**
 * Sums of durations are kept in integer nanoseconds ("ticks"), so they are exact in the trace's resolution
 * (strace prints durations in µs, or ns with `--syscall-times=ns`) and do not depend on the order of the
 * additions: two cases or activities whose calls took the same printed times have equal sums, and a sum
 * over pairs equals the sum over events (docs/METHOD.md "Exact time"). A duration in seconds (a float64, the
 * nearest double to the printed decimal) times 1e9 is within far less than ½ of its integer number of ns, so
 * rounding recovers it exactly; integer sums stay exact up to 2⁵³ ns (104 days of summed call time).
 */
export const TICKS_PER_SECOND = 1e9;

/** A duration in seconds → integer nanoseconds. */
export function toTicks(seconds: number): number {
  return Math.round(seconds * TICKS_PER_SECOND);
}

/** Integer nanoseconds → seconds. */
export function fromTicks(ticks: number): number {
  return ticks / TICKS_PER_SECOND;
}

/** Σ of durations in seconds, added as integer ns: exact and independent of the order. */
export function sumSeconds(a: ArrayLike<number>): number {
  let t = 0;
  for (let i = 0; i < a.length; i++) t += toTicks(a[i]);
  return fromTicks(t);
}
