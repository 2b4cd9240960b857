/**
 * The one row order of a green/red partition, shared by every view with a row per case (the time
 * overview, the whole-run timeline, the activity timeline): rows of green cases first, then red, then the
 * unassigned, each group in its given order.
 */

/** A row's side: 0 unassigned, 1 green, 2 red (the overview's and the run timeline's `rowSide`). */
export type Side = 0 | 1 | 2;

const GROUP = [2, 0, 1]; // sort key per side: green (1) first, red (2) next, none (0) last

/** The indices 0…n−1 with green rows first, then red, then the unassigned; stable within each group. */
export function sideOrder(n: number, sideOf: (i: number) => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  return order.sort((p, q) => (GROUP[sideOf(p)] ?? 2) - (GROUP[sideOf(q)] ?? 2) || p - q);
}
