/**
 * The one Cytoscape instance of the graph panel, driven imperatively. Elements are replaced (diffed by
 * id) only when the visible topology changes; colours, labels and selection are data/classes updated in
 * a batch, and only what differs (Cytoscape restyles an element on every data set, even of the same
 * value). Positions come from the layout worker (preset), never from a Cytoscape layout run.
 */
import cytoscape, { type Core, type EdgeSingular, type NodeSingular } from 'cytoscape';
import { END, START, type Side } from '../../analysis/types';
import type { GraphModel } from '../contracts';
import { TERMINAL_FILL, partitionRing } from './colors';
import { MIN_ZOOMED_FONT_PX, styleFor } from './cyStyle';
import { FONT_PX } from './labels';
import type { SvgEdge, SvgNode } from './svgExport';
import { LIGHT, themedEdge, type GraphTheme } from './theme';
import { isLane } from './layerLanes';
import { EDGE_SIZE, NODE_SIZE, edgePoints, labelAt, setChanged } from './cyData';
import { lineOf, placeLabels } from './labelPlace';

export { MIN_ZOOMED_FONT_PX };

export interface NodeData {
  id: string;
  label: string;
  w: number;
  h: number;
  fill: string;
  side?: string;
  /** The partition drawn as the node's ring (metric fill kept). */
  ring?: Side;
  /** This node is a lane (the graph grouped by layer, layerLanes.ts): a box behind its layer's activities
   * (`members`), drawn under the edges, no activity itself. */
  lane?: boolean;
  members?: string[];
}

export interface EdgeData {
  id: string;
  source: string;
  target: string;
  count: number;
  label: string;
  width: number;
  color: string;
  side?: string;
  bypass: boolean;
}

export interface ViewCallbacks {
  onHoverNode(id: string | null, x: number, y: number): void;
  onHoverEdge(id: string | null, x: number, y: number): void;
  onTapNode(id: string): void;
  onTapEdge(source: string, target: string): void;
  onContextNode(id: string, x: number, y: number): void;
  onTapBackground(): void;
  onDragged(id: string, x: number, y: number): void;
  onViewport(): void;
}

export const edgeId = (s: string, t: string): string => JSON.stringify([s, t]);

/** A box (graph or rendered canvas px). */
interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export class CyView {
  readonly cy: Core;
  private topology = '';
  private direction: 'LR' | 'TB' = 'LR';
  private lastSelected: string | null = null;
  private theme: GraphTheme;
  private focused: string | null = null;
  /** Something that moves or sizes an edge label changed since the last declutterLabels (its boxes are
   * model coordinates: the zoom and the pan do not count). */
  private cluttered = true;

  /** `container` null: a headless instance (styles, no drawing; the unit tests). */
  constructor(container: HTMLElement | null, cb: ViewCallbacks, theme: GraphTheme = LIGHT) {
    this.theme = theme;
    this.cy = cytoscape({
      ...(container ? { container } : { headless: true, styleEnabled: true }), style: styleFor('LR', theme), minZoom: 0.02, maxZoom: 4, boxSelectionEnabled: false, selectionType: 'single',
      autoungrabify: false, autounselectify: true, textureOnViewport: false, pixelRatio: 'auto',
      // one wheel notch (deltaY 100) zooms by ~20%, as maps and editors do (Cytoscape's default: ×2.5)
      ...(container ? { wheelSensitivity: 0.2 } : {}),
    });
    const cy = this.cy;
    // The pointer can leave a node through an overlay (legend, tooltip, a panel): Cytoscape then sees no
    // mouseout. Leaving the canvas clears every hover state.
    container?.addEventListener('mouseleave', () => {
      cy.batch(() => {
        cy.nodes('.hover').removeClass('hover');
        cy.edges('.hl').removeClass('hl');
      });
      cb.onHoverNode(null, 0, 0);
    });
    const pos = (e: cytoscape.EventObject): [number, number] => [e.renderedPosition?.x ?? 0, e.renderedPosition?.y ?? 0];
    cy.on('mouseover', 'node.act', (e) => {
      const n = e.target as NodeSingular;
      n.addClass('hover');
      n.connectedEdges().addClass('hl');
      cb.onHoverNode(n.id(), ...pos(e));
    });
    cy.on('mouseout', 'node.act', (e) => {
      const n = e.target as NodeSingular;
      n.removeClass('hover');
      n.connectedEdges().removeClass('hl');
      cb.onHoverNode(null, 0, 0);
    });
    cy.on('mouseover', 'edge', (e) => {
      (e.target as EdgeSingular).addClass('hl');
      cb.onHoverEdge((e.target as EdgeSingular).id(), ...pos(e));
    });
    cy.on('mouseout', 'edge', (e) => {
      (e.target as EdgeSingular).removeClass('hl');
      cb.onHoverEdge(null, 0, 0);
    });
    cy.on('tap', 'node.act', (e) => cb.onTapNode((e.target as NodeSingular).id()));
    cy.on('tap', 'edge', (e) => {
      const d = (e.target as EdgeSingular).data() as EdgeData;
      cb.onTapEdge(d.source, d.target);
    });
    cy.on('cxttap', 'node.act', (e) => cb.onContextNode((e.target as NodeSingular).id(), ...pos(e)));
    cy.on('tap cxttap', (e) => {
      if (e.target === cy) cb.onTapBackground();
    });
    cy.on('dragfree', 'node.act', (e) => {
      const n = e.target as NodeSingular;
      this.cluttered = true;
      cb.onDragged(n.id(), n.position('x'), n.position('y'));
    });
    cy.on('viewport', () => cb.onViewport());
  }

  /** Replace elements when the visible topology changed; returns whether it did. */
  setElements(nodes: NodeData[], edges: EdgeData[], pos: (id: string) => { x: number; y: number }): boolean {
    const key = `${nodes.map((n) => n.id).join('\u0001')}\u0002${edges.map((e) => e.id).join('\u0001')}`;
    if (key === this.topology) return false;
    this.topology = key;
    this.cluttered = true;
    const cy = this.cy;
    cy.batch(() => {
      const wantN = new Set(nodes.map((n) => n.id));
      const wantE = new Set(edges.map((e) => e.id));
      cy.edges().filter((e) => !wantE.has(e.id())).remove();
      cy.nodes().filter((n) => !wantN.has(n.id())).remove();
      const add: cytoscape.ElementDefinition[] = [];
      for (const n of nodes) {
        const cur = cy.getElementById(n.id);
        if (cur.nonempty()) cur.position(pos(n.id));
        else if (n.lane) add.push({ group: 'nodes', data: { ...n }, position: pos(n.id), classes: 'lane', grabbable: false, selectable: false });
        else add.push({ group: 'nodes', data: { ...n }, position: pos(n.id), classes: terminalClass(n.id) });
      }
      for (const e of edges) if (cy.getElementById(e.id).empty()) add.push({ group: 'edges', data: { ...e, lx: 0, ly: 0 }, classes: e.bypass ? 'bypass' : '' });
      cy.add(add);
    });
    return true;
  }

  /** Move nodes to new positions (after a new layout) without touching the elements. */
  setPositions(pos: (id: string) => { x: number; y: number }): void {
    this.cluttered = true;
    this.cy.batch(() => this.cy.nodes().forEach((n) => void n.position(pos(n.id()))));
  }

  /** Update colours/labels/widths (data only): only the values that differ are set. */
  update(nodes: NodeData[], edges: EdgeData[], selected: string | null, marked: readonly string[] = []): void {
    const cy = this.cy;
    cy.batch(() => {
      // (a mark's and the selection's borders are wider: the node boxes change)
      const isMarked = new Set(marked);
      const unmark = cy.nodes('.marked').filter((n) => !isMarked.has(n.id()));
      const unselect = cy.nodes('.selected').filter((n) => n.id() !== selected);
      let sized = unmark.nonempty() || unselect.nonempty();
      unmark.removeClass('marked');
      unselect.removeClass('selected');
      for (const [id, cls] of [...marked.map((id) => [id, 'marked']), ...(selected === null ? [] : [[selected, 'selected']])]) {
        const n = cy.getElementById(id);
        if (n.empty() || n.hasClass(cls)) continue;
        n.addClass(cls);
        sized = true;
      }
      for (const n of nodes) sized = setChanged(cy.getElementById(n.id), { label: n.label, fill: n.fill, side: n.side, ring: n.ring, w: n.w, h: n.h, ...(n.lane ? { members: n.members } : {}) }, NODE_SIZE) || sized;
      for (const e of edges) sized = setChanged(cy.getElementById(e.id), { label: e.label, color: e.color, width: e.width, side: e.side, count: e.count }, EDGE_SIZE) || sized;
      if (sized) this.cluttered = true;
    });
    // a selection from elsewhere (statistics table): bring the node into view if it is off screen
    if (selected !== null && selected !== this.lastSelected) this.reveal(selected);
    this.lastSelected = selected;
  }

  /** Centres the node on it when it is (partly) outside the canvas. */
  reveal(id: string | null): void {
    const cy = this.cy;
    const n = id === null ? null : cy.getElementById(id);
    if (!n || n.empty()) return;
    const bb = n.renderedBoundingBox({ includeLabels: false });
    if (bb.x1 < 0 || bb.y1 < 0 || bb.x2 > cy.width() || bb.y2 > cy.height()) cy.center(n);
  }

  setDirection(direction: 'LR' | 'TB'): void {
    if (direction === this.direction) return;
    this.direction = direction;
    this.cluttered = true;
    this.cy.style(styleFor(direction, this.theme));
  }

  /** The page's colour scheme changed (light / dark). */
  setTheme(theme: GraphTheme): void {
    this.theme = theme;
    this.cy.style(styleFor(this.direction, theme));
  }

  /** The node the keyboard is on (a focus ring), or none; brought into view when it is outside. */
  focusNode(id: string | null): void {
    const cy = this.cy;
    cy.nodes('.kbd').removeClass('kbd');
    const n = id === null ? null : cy.getElementById(id);
    this.focused = n && n.nonempty() ? id : null;
    if (!n || n.empty()) return;
    n.addClass('kbd');
    this.reveal(id);
  }

  /** The keyboard's node (null when none, or when it is no longer drawn). */
  focusedNode(): string | null {
    return this.focused !== null && this.cy.getElementById(this.focused).nonempty() ? this.focused : null;
  }

  /** The drawn nodes with their model positions (keyboard navigation). */
  nodePositions(): { id: string; x: number; y: number }[] {
    return this.acts().map((n) => ({ id: n.id(), x: n.position('x'), y: n.position('y') }));
  }

  /** The zoom at which the whole graph fits (what fit() would use without its cap). */
  fitZoom(): number {
    const cy = this.cy;
    const bb = cy.elements().boundingBox();
    if (!(bb.w > 0 && bb.h > 0)) return 1;
    return Math.min((cy.width() - 48) / bb.w, (cy.height() - 48) / bb.h);
  }

  /**
   * Fits the graph in view, zooming in at most to `maxZoom` (a small graph is not blown up) and out at
   * least to `minZoom` (a pane that opened keeps the labels readable).
   */
  fit(maxZoom = 1.4, minZoom = 0): void {
    const cy = this.cy;
    cy.fit(undefined, 24);
    if (cy.zoom() > maxZoom) {
      cy.zoom(maxZoom);
      cy.center();
    } else if (cy.zoom() < minZoom) {
      // labels stay readable: the graph overflows the canvas (pan or zoom out to see the rest)
      cy.zoom(minZoom);
      cy.center();
    }
  }

  /**
   * Edge labels never overlap each other, a node or a loop: greedily, strongest edge first, a label whose
   * box meets one already kept (or a node box) is not drawn (its count stays in the tooltip). Boxes are in
   * model coordinates, so the result holds at every zoom — and until a label, a size or a position changes
   * (the boxes, measured with the labels' styles, are the first view's largest cost: nothing is measured
   * again while nothing moved). Returns whether it measured.
   */
  declutterLabels(): boolean {
    if (!this.cluttered) return false;
    this.cluttered = false;
    const cy = this.cy;
    const nodes: Box[] = this.acts().map((n) => n.boundingBox({ includeLabels: false, includeOverlays: false }));
    const edges = (cy.edges().toArray() as EdgeSingular[]).sort((a, b) => (b.data('count') as number) - (a.data('count') as number));
    // everything measured first, then the classes and margins set at once: a set between two measurements
    // made Cytoscape recompute every edge's projection again (once per moved label)
    cy.edges('.nolabel').removeClass('nolabel');
    const labelled = edges.filter((e) => e.data('label')).map((e) => ({ e, bb: e.boundingBox(LABEL_BOX) }));
    // every edge's line, once a label has a size (a headless instance measures none)
    const measured = labelled.some((l) => l.bb.w > 0);
    const points = new Map(measured ? edges.map((e) => [e.id(), edgePoints(e)]) : []);
    const lines = new Map([...points].map(([id, p]) => [id, lineOf(p)]));
    const { hide, moves } = placeLabels(labelled.map(({ e, bb }) => ({ e, bb, loop: e.isLoop(), margin: { x: (e.data('lx') as number | undefined) ?? 0, y: (e.data('ly') as number | undefined) ?? 0 }, points: points.get(e.id()) ?? [] })), lines, nodes);
    cy.batch(() => {
      for (const e of hide) e.addClass('nolabel');
      for (const { e, x, y } of moves) setChanged(e, { lx: x, ly: y }, NODE_SIZE);
    });
    return true;
  }

  zoomBy(factor: number): void {
    const cy = this.cy;
    cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  }

  panBy(dx: number, dy: number): void {
    this.cy.panBy({ x: dx, y: dy });
  }

  /** What is drawn, for window.__app.graph(). */
  model(): GraphModel {
    // the rendered size of a node label: the font scaled by the zoom; Cytoscape culls it below min-zoomed-font-size
    const px = FONT_PX * this.cy.zoom();
    const labelPx = px >= MIN_ZOOMED_FONT_PX ? Math.round(px * 10) / 10 : 0;
    // a lane's label is one px larger (cyStyle node.lane)
    const lanePx = (FONT_PX + 1) * this.cy.zoom();
    const laneLabelPx = lanePx >= MIN_ZOOMED_FONT_PX ? Math.round(lanePx * 10) / 10 : 0;
    const lanes = this.cy.nodes('.lane').map((n) => ({ layer: n.data('label') as string, box: rendered(n.renderedBoundingBox({ includeLabels: false, includeOverlays: false })), members: (n.data('members') as string[]) ?? [], labelPx: laneLabelPx }));
    const nodes = this.acts().map((n) => {
      const d = n.data() as NodeData;
      const at = n.renderedPosition();
      const term = d.id === START || d.id === END;
      return {
        id: d.id, fill: term ? (n.style('background-color') as string) : d.fill, ...(d.side ? { partition: d.side as never } : {}),
        ...(n.hasClass('hover') ? { hover: true } : {}), ...(n.hasClass('kbd') ? { focus: true } : {}),
        border: n.style('border-color') as string, labelColor: n.style('color') as string, ...(Number.parseFloat(n.style('outline-width') as string) > 0 ? { outline: n.style('outline-color') as string } : {}),
        at: { x: at.x, y: at.y }, ...(n.hasClass('marked') ? { marked: true } : {}),
        labelPx: term ? 0 : labelPx, label: term ? '' : String(n.style('label') ?? ''), box: rendered(n.renderedBoundingBox({ includeLabels: false, includeOverlays: false })),
      };
    });
    const zoom = this.cy.zoom();
    const pan = this.cy.pan();
    const edges = this.cy.edges().map((e) => {
      const d = e.data() as EdgeData;
      // (an edge not drawn yet — just moved into a lane — has no midpoint until the next frame)
      const mid = e.renderedMidpoint() ?? { x: NaN, y: NaN };
      const shown = d.label !== '' && !e.hasClass('nolabel');
      const label = shown ? rendered(e.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeMainLabels: true, includeSourceLabels: false, includeTargetLabels: false, includeOverlays: false })) : undefined;
      return {
        source: d.source, target: d.target, count: d.count, color: d.color, ...(d.side ? { partition: d.side as never } : {}), at: { x: mid.x, y: mid.y },
        ...(label ? { label } : {}), path: edgePoints(e).map((p) => ({ x: p.x * zoom + pan.x, y: p.y * zoom + pan.y })),
        lineColor: e.style('line-color') as string, labelColor: e.style('color') as string, labelBg: e.style('text-background-color') as string,
      };
    });
    return { nodes, edges, ...(lanes.length ? { lanes } : {}) };
  }

  svgParts(lines: (id: string) => string[]): { nodes: SvgNode[]; edges: SvgEdge[] } {
    const nodes: SvgNode[] = this.acts().map((n) => {
      const d = n.data() as NodeData;
      const p = n.position();
      const term = d.id === START || d.id === END;
      return {
        x: p.x, y: p.y, w: term ? 18 : d.w, h: term ? 18 : d.h, shape: d.id === START ? 'circle' : d.id === END ? 'square' : 'box',
        fill: term ? TERMINAL_FILL : d.fill, stroke: term ? TERMINAL_FILL : '#616161', lines: term ? [] : lines(d.id),
        ...(d.ring && !term ? ringOf(d.ring) : {}),
      };
    });
    const edges: SvgEdge[] = this.cy.edges().map((e) => {
      const d = e.data() as EdgeData;
      let ctrl: cytoscape.Position[];
      try {
        ctrl = e.controlPoints() ?? [];
      } catch {
        ctrl = [];
      }
      return {
        points: [e.sourceEndpoint(), ...ctrl, e.targetEndpoint()], color: themedEdge(d.color, LIGHT), width: d.width, dashed: d.bypass,
        label: e.hasClass('nolabel') ? '' : d.label, labelAt: labelAt(e), loop: d.source === d.target,
      };
    });
    return { nodes, edges };
  }

  /** The activity nodes (and ● ■): every node but the lanes. */
  private acts(): cytoscape.NodeCollection {
    return this.cy.nodes().filter((n) => !isLane(n.id()));
  }

  destroy(): void {
    this.cy.destroy();
  }
}

/** The box of an edge's own label (boundingBox options). */
const LABEL_BOX = { includeNodes: false, includeEdges: false, includeLabels: true, includeMainLabels: true, includeSourceLabels: false, includeTargetLabels: false, includeOverlays: false };

function rendered(b: Box): Box {
  return { x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 };
}

/** The partition ring of a node in the SVG export (as drawn: cyStyle.ts). */
function ringOf(side: Side): Pick<SvgNode, 'stroke' | 'strokeWidth' | 'dashed' | 'outline'> {
  const r = partitionRing(side);
  return { stroke: r.border, strokeWidth: r.width, dashed: r.dashed, ...(r.outline ? { outline: r.outline } : {}) };
}

function terminalClass(id: string): string {
  return id === START ? 'act terminal start' : id === END ? 'act terminal end' : 'act';
}
