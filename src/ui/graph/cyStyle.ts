/**
 * The Cytoscape stylesheet of the graph: node boxes with their label lines, ● / ■, edges with count labels,
 * the partition rings (colors.ts partitionRing), selection, hover, marks and the keyboard focus ring, in
 * the colours of the page's scheme (theme.ts).
 */
import type { EdgeSingular, StylesheetJson } from 'cytoscape';
import { partitionRing } from './colors';
import { FONT_FAMILY, FONT_PX } from './labels';
import { LOOP_SPACE } from './layoutPlan';
import { themedEdge, type GraphTheme } from './theme';
import { LANE_LABEL } from './layerLanes';

/** Node labels smaller than this on screen are not drawn (Cytoscape's min-zoomed-font-size). */
export const MIN_ZOOMED_FONT_PX = 7;

function rings(): StylesheetJson {
  return (['green', 'red', 'both', 'neither'] as const).map((side) => {
    const r = partitionRing(side);
    return {
      selector: `node[ring = "${side}"]`,
      style: {
        'border-width': r.width, 'border-color': r.border, 'border-style': r.dashed ? 'dashed' : 'solid',
        ...(r.outline ? { 'outline-width': 3, 'outline-color': r.outline, 'outline-offset': 0, 'outline-opacity': 1 } : {}),
      },
    };
  });
}

/** Self-loops point into the room the layout kept above their node (Cytoscape measures a loop from the
 * node's centre, so it must leave through the short side): straight up in LR (edges enter left, leave
 * right), a little right of up in TB (edges enter at the top centre). */
export function styleFor(direction: 'LR' | 'TB', t: GraphTheme): StylesheetJson {
  const edgeColor = (e: EdgeSingular): string => themedEdge(e.data('color') as string, t);
  return [
    {
      selector: 'node',
      style: {
        shape: 'round-rectangle', width: 'data(w)', height: 'data(h)', 'background-color': 'data(fill)',
        'border-width': 1, 'border-color': t.nodeBorder, label: 'data(label)', 'text-wrap': 'wrap', 'text-max-width': '2000px',
        'text-valign': 'center', 'text-halign': 'center', 'font-size': FONT_PX, 'font-family': FONT_FAMILY, color: t.label,
        'min-zoomed-font-size': MIN_ZOOMED_FONT_PX, 'line-height': 1.3, 'z-index-compare': 'manual', 'z-index': 20,
      },
    },
    { selector: 'node.terminal', style: { 'background-color': t.terminal, 'border-color': t.terminal, label: '', width: 18, height: 18 } },
    { selector: 'node.start', style: { shape: 'ellipse' } },
    { selector: 'node.end', style: { shape: 'rectangle' } },
    ...rings(),
    // a layer's lane (the graph grouped by layer): a tinted box in the layer's colour behind its activities
    // and under the edges, its name inside the top edge; it takes no pointer events
    {
      selector: 'node.lane',
      style: {
        shape: 'round-rectangle', 'background-color': 'data(fill)', 'background-opacity': t.dark ? 0.14 : 0.08, 'border-color': 'data(fill)',
        'border-width': 1.5, 'border-style': 'dashed', label: 'data(label)', 'text-valign': 'top', 'text-halign': 'center', 'text-margin-y': LANE_LABEL,
        'font-size': FONT_PX + 1, 'font-weight': 'bold', color: 'data(fill)', 'min-zoomed-font-size': MIN_ZOOMED_FONT_PX, events: 'no',
        'z-index-compare': 'manual', 'z-index': 0,
      },
    },
    { selector: 'node.marked', style: { 'border-width': 4, 'border-color': '#7B1FA2', 'border-style': 'double' } },
    { selector: 'node.selected', style: { 'border-width': 3, 'border-color': '#FF6F00', 'border-style': 'solid' } },
    { selector: 'node.hover', style: { 'border-width': 2, 'border-color': '#FF6F00', 'border-style': 'solid' } },
    { selector: 'node.kbd', style: { 'outline-width': 3, 'outline-color': t.focus, 'outline-offset': 4, 'outline-opacity': 1, 'outline-style': 'solid' } },
    {
      selector: 'edge',
      style: {
        'curve-style': 'bezier', width: 'data(width)', 'line-color': edgeColor, 'target-arrow-color': edgeColor,
        'target-arrow-shape': 'triangle', 'arrow-scale': 0.9, label: 'data(label)', 'font-size': FONT_PX - 1,
        'font-family': FONT_FAMILY, color: t.edgeLabel, 'text-background-color': t.edgeLabelBg, 'text-background-opacity': 0.85,
        'text-background-padding': '1px', 'min-zoomed-font-size': 8, 'control-point-step-size': 30,
        'loop-direction': '-30deg', 'loop-sweep': '-60deg', 'text-rotation': 'none', opacity: 0.9, 'z-index-compare': 'manual',
        // the label moved along its edge, off other edges' lines (CyView.declutterLabels; a loop's: edge:loop)
        'text-margin-x': (e: EdgeSingular) => Number(e.data('lx') ?? 0), 'text-margin-y': (e: EdgeSingular) => Number(e.data('ly') ?? 0),
        // thick edges under thin ones: a thin edge's label is never drawn under a thick edge (Cytoscape
        // draws each edge's label with the edge, in z order)
        'z-index': (e: EdgeSingular) => Math.round(10 - Number(e.data('width') ?? 1)),
      },
    },
    { selector: 'edge.bypass', style: { 'line-style': 'dashed', 'line-dash-pattern': [6, 4] } },
    { selector: 'edge:loop', style: direction === 'LR'
      ? { 'control-point-step-size': LOOP_SPACE, 'loop-direction': '0deg', 'loop-sweep': '-45deg', 'text-margin-y': -4 }
      : { 'control-point-step-size': LOOP_SPACE, 'loop-direction': '20deg', 'loop-sweep': '-45deg', 'text-margin-y': -4 } },
    { selector: 'edge.nolabel', style: { label: '' } },
    // (z-index: lanes 0 < edges 3-9 (thick under thin) < the hovered node's edges 11 < nodes 20, as Cytoscape's 'auto' order with lanes under all)
    { selector: 'edge.hl', style: { 'line-color': '#FF6F00', 'target-arrow-color': '#FF6F00', 'z-index': 11, opacity: 1, color: t.dark ? '#FFB74D' : '#BF360C' } },
  ];
}
