/**
 * Colours of the whole-run timeline and the offsets view: a categorical palette (Tableau 10) for the
 * most frequent activities, errnos or cases, grey for the rest; the partition's green and red.
 */
export const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#9c755f', '#ff9da7', '#e15759', '#bab0ac'];
export const OTHER_COLOR = '#9e9e9e';
export const SUCCESS_COLOR = '#90a4ae';
/** Rows of no side, green and red cases (the partition's edge colours). */
export const SIDE_COLORS = ['#5c6bc0', '#2E7D32', '#E53935'];

export interface ColorKey {
  /** Per category id (activity index, errno index, case index…): its colour group, or `other`. */
  group: Int32Array;
  /** Per group: label and colour; the last group is "other" when some categories share it. */
  labels: string[];
  colors: string[];
  other: number;
}

/**
 * Colour groups for `n` categories ranked by `order` (most important first): the first PALETTE.length
 * get their own colour, the rest one grey group.
 */
export function colorKey(n: number, order: readonly number[], label: (id: number) => string, reserved: { id: number; label: string; color: string } | null = null): ColorKey {
  const group = new Int32Array(n).fill(-1);
  const labels: string[] = [];
  const colors: string[] = [];
  if (reserved && reserved.id < n) {
    group[reserved.id] = 0;
    labels.push(reserved.label);
    colors.push(reserved.color);
  }
  let c = 0;
  for (const id of order) {
    if (id < 0 || id >= n || group[id] >= 0 || c >= PALETTE.length) continue;
    group[id] = labels.length;
    labels.push(label(id));
    colors.push(PALETTE[c++]);
  }
  let other = -1;
  for (let id = 0; id < n; id++) {
    if (group[id] >= 0) continue;
    if (other < 0) {
      other = labels.length;
      labels.push('other');
      colors.push(OTHER_COLOR);
    }
    group[id] = other;
  }
  return { group, labels, colors, other };
}
