/**
 * The activity timeline's rows in the partition's order, the one of the time overview and the whole-run
 * timeline (lib/sideOrder.ts): rows of green cases first, then red, then unassigned, each group in the
 * Session's order (cases in log order, a case's pids in order of appearance). Pure, DOM-free.
 */
import type { TimelineData } from '../../analysis/types';
import { sideOrder } from '../../lib/sideOrder';

export type RowSide = 'green' | 'red' | null;

export interface SideRows {
  /** The timeline with its rows reordered (`data` itself when the order does not change). */
  data: TimelineData;
  /** Per row of `data`: the side of its case; null when there is no partition. */
  rowSides: RowSide[] | null;
}

/** Reorders the rows of `data` (labels, cases, each event's row) by the side of their case. */
export function orderRowsBySide(data: TimelineData, partition: { green: readonly string[]; red: readonly string[] } | null): SideRows {
  if (!partition) return { data, rowSides: null };
  const green = new Set(partition.green);
  const red = new Set(partition.red);
  const sides: RowSide[] = data.rowCase.map((id) => (green.has(id) ? 'green' : red.has(id) ? 'red' : null));
  const order = sideOrder(sides.length, (r) => (sides[r] === 'green' ? 1 : sides[r] === 'red' ? 2 : 0));
  if (order.every((r, i) => r === i)) return { data, rowSides: sides };
  const newRow = new Uint32Array(order.length);
  order.forEach((r, i) => (newRow[r] = i));
  const row = new Uint32Array(data.row.length);
  for (let i = 0; i < row.length; i++) row[i] = newRow[data.row[i]];
  return {
    data: { ...data, rowLabels: order.map((r) => data.rowLabels[r]), rowCase: order.map((r) => data.rowCase[r]), row },
    rowSides: order.map((r) => sides[r]),
  };
}
