import { describe, expect, it } from 'vitest';
import { nearestInDirection, readingOrder, stepOrder, type NavNode } from './keyNav';

// A small left→right layout: ● then two ranks of two nodes, then ■.
const nodes: NavNode[] = [
  { id: '■', x: 300, y: 50 },
  { id: 'b', x: 100, y: 80 },
  { id: 'a', x: 100, y: 25 },
  { id: '●', x: 0, y: 50 },
  { id: 'd', x: 200, y: 90 },
  { id: 'c', x: 200, y: 10 },
];

describe('keyboard navigation', () => {
  it('reads rank by rank along the layout direction, then across', () => {
    expect(readingOrder(nodes, 'LR')).toEqual(['●', 'a', 'b', 'c', 'd', '■']);
    expect(readingOrder(nodes, 'TB')).toEqual(['c', 'a', '●', '■', 'b', 'd']);
  });

  it('Tab steps through the order and leaves the graph past either end', () => {
    const order = readingOrder(nodes, 'LR');
    expect(stepOrder(order, null, 1)).toBe('●');
    expect(stepOrder(order, null, -1)).toBe('■');
    expect(stepOrder(order, 'a', 1)).toBe('b');
    expect(stepOrder(order, 'a', -1)).toBe('●');
    expect(stepOrder(order, '■', 1)).toBeNull();
    expect(stepOrder(order, '●', -1)).toBeNull();
    expect(stepOrder(order, 'gone', 1)).toBe('●');
    expect(stepOrder([], null, 1)).toBeNull();
  });

  it('an arrow goes to the nearest node ahead, preferring the same row or column', () => {
    expect(nearestInDirection(nodes, '●', 'ArrowRight')).toBe('a'); // a is 25 px off the row, b 30
    expect(nearestInDirection(nodes, 'a', 'ArrowRight')).toBe('c');
    expect(nearestInDirection(nodes, 'b', 'ArrowRight')).toBe('d');
    expect(nearestInDirection(nodes, 'a', 'ArrowDown')).toBe('b');
    expect(nearestInDirection(nodes, 'b', 'ArrowUp')).toBe('a');
    expect(nearestInDirection(nodes, 'd', 'ArrowLeft')).toBe('b');
    expect(nearestInDirection(nodes, '■', 'ArrowRight')).toBeNull();
    expect(nearestInDirection(nodes, 'nowhere', 'ArrowRight')).toBeNull();
  });
});
