import { describe, expect, it } from 'vitest';
import { CyView, edgeId, type EdgeData, type NodeData, type ViewCallbacks } from './cyView';
import { layoutZoom, plainlyUnreadable } from './layoutZoom';

const none: ViewCallbacks = {
  onHoverNode() {}, onHoverEdge() {}, onTapNode() {}, onTapEdge() {}, onContextNode() {}, onTapBackground() {}, onDragged() {}, onViewport() {},
};
const node = (id: string, w: number, h: number): NodeData => ({ id, label: id, w, h, fill: '#FFFFFF' });
const edge = (s: string, t: string): EdgeData => ({ id: edgeId(s, t), source: s, target: t, count: 3, label: '3', width: 2, color: '#C8C8C8', bypass: false });

describe('layoutZoom', () => {
  it('is the zoom at which the node boxes fit the canvas less 48 px', () => {
    const nodes = [node('a', 100, 40), node('b', 60, 20)];
    const pos = new Map([['a', { x: 0, y: 0 }], ['b', { x: 400, y: 100 }]]);
    // extent: x −50 … 430 (480), y −20 … 110 (130)
    expect(layoutZoom(nodes, (id) => pos.get(id)!, { w: 528, h: 700 })).toBeCloseTo(1, 9);
    expect(layoutZoom(nodes, (id) => pos.get(id)!, { w: 1000, h: 178 })).toBeCloseTo(1, 9);
    expect(layoutZoom([], () => ({ x: 0, y: 0 }), { w: 500, h: 500 })).toBe(Infinity);
  });

  it('is never below the zoom that fits the drawn graph (Cytoscape: nodes, edges, loops, arrows)', () => {
    // a wide try: 30 nodes in a row with edges between neighbours, a loop and a long edge back
    const nodes = Array.from({ length: 30 }, (_, i) => node(`n${i}`, 80 + (i % 3) * 20, 30 + (i % 2) * 14));
    const pos = new Map(nodes.map((n, i) => [n.id, { x: i * 170, y: (i % 4) * 60 }]));
    const edges = [...nodes.slice(1).map((n, i) => edge(nodes[i].id, n.id)), edge('n5', 'n5'), edge('n29', 'n0')];
    const view = new CyView(null, none);
    view.setElements(nodes, edges, (id) => pos.get(id)!);
    view.update(nodes, edges, null, []);
    const bb = view.cy.elements().boundingBox();
    for (const canvas of [{ w: 1024, h: 600 }, { w: 700, h: 1200 }, { w: 1600, h: 900 }]) {
      const drawn = Math.min((canvas.w - 48) / bb.w, (canvas.h - 48) / bb.h);
      const est = layoutZoom(nodes, (id) => pos.get(id)!, canvas);
      expect(est).toBeGreaterThanOrEqual(drawn);
      // and close: the node boxes are most of the drawing's extent
      expect(est).toBeLessThan(drawn * 1.2);
    }
  });

  it('skips only a try plainly too large: below half the readable zoom', () => {
    expect(plainlyUnreadable(0.11, 10 / 11)).toBe(true);
    expect(plainlyUnreadable(0.46, 10 / 11)).toBe(false);
    expect(plainlyUnreadable(0.49, 1)).toBe(true);
    expect(plainlyUnreadable(Infinity, 1)).toBe(false);
  });
});
