import { describe, expect, it } from 'vitest';
import { crosses, lineOf, placeLabel, placeLabels, pointAt } from './labelPlace';

// an edge from (0, 0) to (200, 0); its label 20 × 12
const edge = [{ x: 0, y: 0 }, { x: 200, y: 0 }];
const vertical = (x: number) => lineOf([{ x, y: -50 }, { x, y: 50 }]);

describe('placeLabel', () => {
  it('keeps the middle when nothing is in the way', () => {
    expect(placeLabel(edge, { x: 100, y: 0 }, 20, 12, [], [], [vertical(30)])).toMatchObject({ x: 100, y: 0, t: 0.5 });
  });
  it('slides along its edge off another edge’s line', () => {
    const at = placeLabel(edge, { x: 100, y: 0 }, 20, 12, [], [], [vertical(100)])!;
    expect(at.t).not.toBe(0.5);
    expect(crosses(at.box, vertical(100))).toBe(false);
    expect(at.y).toBe(0);
  });
  it('off a node or a label placed before (was: not drawn)', () => {
    const at = placeLabel(edge, { x: 100, y: 0 }, 20, 12, [{ x1: 90, y1: -20, x2: 110, y2: 20 }], [], [])!;
    expect(at.t).toBe(0.4);
    expect(placeLabel(edge, { x: 100, y: 0 }, 20, 12, [], [{ x1: 40, y1: -20, x2: 160, y2: 20 }], [])).toBeNull();
  });
  it('the middle when every point meets another edge, if clear of nodes and labels', () => {
    const many = [20, 40, 60, 80, 100, 120, 140, 160, 180].map(vertical);
    expect(placeLabel(edge, { x: 100, y: 0 }, 20, 12, [], [], many)).toMatchObject({ x: 100, t: 0.5 });
  });
  it('follows a curved edge (Cytoscape’s quadratic segments)', () => {
    const curve = [{ x: 0, y: 0 }, { x: 100, y: 100 }, { x: 200, y: 0 }];
    expect(pointAt(curve, 0.5)).toEqual({ x: 100, y: 50 });
    const at = placeLabel(curve, { x: 100, y: 50 }, 20, 12, [], [], [vertical(100)])!;
    expect(at.t).toBe(0.4);
    expect(at.y).toBeCloseTo(pointAt(curve, 0.4).y, 6);
  });
  it('a line along a box’s border does not cross it', () => {
    expect(crosses({ x1: 0, y1: 0, x2: 10, y2: 10 }, lineOf([{ x: -5, y: 0 }, { x: 15, y: 0 }]))).toBe(false);
    expect(crosses({ x1: 0, y1: 0, x2: 10, y2: 10 }, lineOf([{ x: -5, y: 5 }, { x: 15, y: 5 }]))).toBe(true);
  });
});

describe('placeLabels', () => {
  const id = (s: string) => ({ id: () => s });
  const bbAt = (x: number, y: number) => ({ x1: x - 10, y1: y - 6, x2: x + 10, y2: y + 6, w: 20, h: 12 });
  it('strongest first: the next label moves off it; margins from where it is drawn now; a loop stays or is left out', () => {
    const a = id('a');
    const b = id('b');
    const loop = id('loop');
    const bLine = [{ x: 0, y: 14 }, { x: 200, y: 14 }];
    const lines = new Map([['a', lineOf(edge)], ['b', lineOf(bLine)]]);
    // a's label is tall (its box reaches b's middle); b's is drawn 10 px right of its middle by an earlier placement
    const got = placeLabels([
      { e: a, bb: { x1: 90, y1: -15, x2: 110, y2: 15, w: 20, h: 30 }, loop: false, margin: { x: 0, y: 0 }, points: edge },
      { e: b, bb: bbAt(110, 14), loop: false, margin: { x: 10, y: 0 }, points: bLine },
      { e: loop, bb: bbAt(100, 2), loop: true, margin: { x: 0, y: 0 }, points: [] },
    ], lines, []);
    expect(got.hide).toEqual([loop]);
    // a: every point is on b's line (parallel), so its middle, where it is
    expect(got.moves[0]).toEqual({ e: a, x: 0, y: 0 });
    // b: off a's label, 0.4 of the way: 20 px left of its middle
    expect(got.moves[1]).toEqual({ e: b, x: -20, y: 0 });
  });
});
