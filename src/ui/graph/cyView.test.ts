/**
 * CyView redraws (headless Cytoscape): a redraw that changes nothing restyles nothing and measures no label
 * boxes again — the graph's draw runs on every change of its inputs (the first view's tries, the canvas
 * settling, the follow-ups), and before, each run set every element's data (Cytoscape restyles on every
 * set, even of the same value) and measured every edge label's box again.
 */
import { describe, expect, it } from 'vitest';
import { CyView, edgeId, type EdgeData, type NodeData, type ViewCallbacks } from './cyView';

const none: ViewCallbacks = {
  onHoverNode() {}, onHoverEdge() {}, onTapNode() {}, onTapEdge() {}, onContextNode() {}, onTapBackground() {}, onDragged() {}, onViewport() {},
};

const node = (id: string, label = id): NodeData => ({ id, label, w: 80, h: 40, fill: '#FFFFFF' });
const edge = (s: string, t: string, count: number): EdgeData => ({ id: edgeId(s, t), source: s, target: t, count, label: String(count), width: 2, color: '#C8C8C8', bypass: false });

function drawn(): { view: CyView; nodes: NodeData[]; edges: EdgeData[]; sets: () => number } {
  const view = new CyView(null, none);
  const nodes = [node('a'), node('b'), node('c')];
  const edges = [edge('a', 'b', 12), edge('b', 'c', 5)];
  const pos = new Map([['a', { x: 0, y: 0 }], ['b', { x: 150, y: 0 }], ['c', { x: 300, y: 0 }]]);
  view.setElements(nodes, edges, (id) => pos.get(id)!);
  view.update(nodes, edges, null, []);
  view.declutterLabels();
  let n = 0;
  view.cy.on('data', () => void n++);
  return { view, nodes, edges, sets: () => n };
}

describe('CyView redraw', () => {
  it('sets no data and measures no labels when nothing changed', () => {
    const { view, nodes, edges, sets } = drawn();
    view.update(nodes.map((n) => ({ ...n })), edges.map((e) => ({ ...e })), null, []);
    expect(sets()).toBe(0);
    expect(view.declutterLabels()).toBe(false);
  });

  it('sets only what changed, and measures again when a label, a count, a position or a border changes', () => {
    const { view, nodes, edges, sets } = drawn();
    // a colour: set, but the labels' boxes stay
    view.update([{ ...nodes[0], fill: '#9B9BFF' }, nodes[1], nodes[2]], edges, null, []);
    expect(sets()).toBe(1);
    expect(view.cy.getElementById('a').data('fill')).toBe('#9B9BFF');
    expect(view.declutterLabels()).toBe(false);
    // an edge label's kind (counts → cases): measured again
    view.update(nodes, [{ ...edges[0], label: '3' }, edges[1]], null, []);
    expect(view.cy.getElementById(edges[0].id).data('label')).toBe('3');
    expect(view.declutterLabels()).toBe(true);
    expect(view.declutterLabels()).toBe(false);
    view.setPositions(() => ({ x: 10, y: 10 }));
    expect(view.declutterLabels()).toBe(true);
    // the selection's wider border
    view.update(nodes, edges, 'b', []);
    expect(view.cy.getElementById('b').hasClass('selected')).toBe(true);
    expect(view.declutterLabels()).toBe(true);
    view.update(nodes, edges, 'b', []);
    expect(view.declutterLabels()).toBe(false);
    view.update(nodes, edges, null, ['c']);
    expect(view.cy.getElementById('b').hasClass('selected')).toBe(false);
    expect(view.cy.getElementById('c').hasClass('marked')).toBe(true);
    expect(view.declutterLabels()).toBe(true);
    // a value taken away is set as before (undefined)
    view.update([{ ...nodes[0], side: 'green' }, nodes[1], nodes[2]], edges, null, ['c']);
    view.update(nodes, edges, null, ['c']);
    expect(view.cy.getElementById('a').data('side')).toBeUndefined();
  });
});
