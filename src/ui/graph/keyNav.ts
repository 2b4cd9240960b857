/**
 * Keyboard navigation between the graph's nodes (pure): Tab / Shift+Tab step through the nodes in reading
 * order (along the layout direction, then across it), the arrow keys go to the nearest node in that
 * direction.
 */

export interface NavNode {
  id: string;
  x: number;
  y: number;
}

export type Arrow = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
export const isArrow = (k: string): k is Arrow => k === 'ArrowLeft' || k === 'ArrowRight' || k === 'ArrowUp' || k === 'ArrowDown';

/** Ids in reading order: by the layout axis (x for LR, y for TB; dagre puts a rank on one line), then across it. */
export function readingOrder(nodes: readonly NavNode[], direction: 'LR' | 'TB'): string[] {
  const main = (n: NavNode): number => Math.round(direction === 'LR' ? n.x : n.y);
  const cross = (n: NavNode): number => (direction === 'LR' ? n.y : n.x);
  return [...nodes].sort((a, b) => main(a) - main(b) || cross(a) - cross(b) || (a.id < b.id ? -1 : 1)).map((n) => n.id);
}

/** The node after (step 1) or before (−1) `from` in `order`; null past either end (Tab then leaves the graph). */
export function stepOrder(order: readonly string[], from: string | null, step: 1 | -1): string | null {
  if (order.length === 0) return null;
  if (from === null) return step === 1 ? order[0] : order[order.length - 1];
  const i = order.indexOf(from);
  if (i < 0) return order[0];
  return order[i + step] ?? null;
}

/**
 * The nearest node in the arrow's direction from `from`: among the nodes ahead of it (by more than half a
 * pixel), the one with the least distance ahead plus twice the sideways offset (the same row or column
 * first); null when none is ahead.
 */
export function nearestInDirection(nodes: readonly NavNode[], from: string, key: Arrow): string | null {
  const a = nodes.find((n) => n.id === from);
  if (!a) return null;
  let best: string | null = null;
  let bestScore = Infinity;
  for (const n of nodes) {
    if (n.id === from) continue;
    const dx = n.x - a.x;
    const dy = n.y - a.y;
    const ahead = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
    const side = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 0.5) continue;
    const score = ahead + 2 * side;
    if (score < bestScore) {
      bestScore = score;
      best = n.id;
    }
  }
  return best;
}
