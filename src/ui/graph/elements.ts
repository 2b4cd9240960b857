/** Pure: the filtered graph + colour mode → Cytoscape element data (ids, labels, fills, widths, sides). */
import { END, START, edgeKey, type ActivityStats, type AnalysisResult, type Side } from '../../analysis/types';
import type { ColorMode, DifferenceMap, EdgeLabelKind } from '../contracts';
import { EDGE_DEFAULT, EDGE_NEITHER, TERMINAL_FILL, differenceEdgeColor, differenceFill, metricFill, metricMax, metricValue, partitionEdgeColor, partitionNodeFill } from './colors';
import { edgeId, type EdgeData, type NodeData } from './cyView';
import type { FilteredGraph } from './filter';
import { edgeLabel, labelBox, nodeLabelLines, type LabelDetail } from './labels';

export interface Elements {
  nodes: NodeData[];
  edges: EdgeData[];
  /** Metric legend range (0 … max) or null in partition mode. */
  metricMax: number | null;
  /** The partition is drawn as node rings beside the metric fill (a partition in metric mode). */
  rings: boolean;
}

/** Edge width 1…7 px, logarithmic in count relative to the largest count of the whole DFG. */
export function edgeWidth(count: number, maxCount: number): number {
  if (maxCount <= 1) return 1.5;
  return 1 + 6 * (Math.log(1 + Math.max(0, count)) / Math.log(1 + maxCount));
}

export function buildElements(result: AnalysisResult, g: FilteredGraph, colorMode: ColorMode, labelKind: EdgeLabelKind, stats: Map<string, ActivityStats>, difference: DifferenceMap | null = null, detail: LabelDetail = 'full'): Elements {
  const part = colorMode.kind === 'partition' ? result.partition : null;
  // With a partition, metric colouring keeps its fill and shows the sides as rings (and coloured edges).
  const ring = colorMode.kind === 'metric' ? (result.partition ?? null) : null;
  const sides = part ?? ring;
  const diff = colorMode.kind === 'difference' ? difference : null;
  const metric = colorMode.kind === 'metric' ? colorMode.metric : 'rd';
  const max = metricMax(result.nodes, metric);
  let maxCount = 0;
  for (const e of result.edges) maxCount = Math.max(maxCount, e.count);
  const nodes: NodeData[] = g.nodes.map((id) => {
    if (id === START || id === END) {
      const side: Side | undefined = sides ? (sides.nodes[id]?.side ?? 'both') : undefined;
      return { id, label: '', w: 18, h: 18, fill: TERMINAL_FILL, ...(side ? { side } : {}) };
    }
    const a = stats.get(id);
    const lines = a ? nodeLabelLines(a, detail) : [id];
    const box = labelBox(lines);
    if (part) {
      const side = part.nodes[id]?.side ?? 'neither';
      return { id, label: lines.join('\n'), w: box.w, h: box.h, fill: partitionNodeFill(side), side };
    }
    if (colorMode.kind === 'difference') {
      const d = diff?.nodes[id];
      return { id, label: lines.join('\n'), w: box.w, h: box.h, fill: differenceFill(d?.effect, d?.q, d?.separated) };
    }
    const fill = metricFill(a ? metricValue(a, metric) : null, max);
    if (ring) {
      const side = ring.nodes[id]?.side ?? 'neither';
      return { id, label: lines.join('\n'), w: box.w, h: box.h, fill, side, ring: side };
    }
    return { id, label: lines.join('\n'), w: box.w, h: box.h, fill };
  });
  const edges: EdgeData[] = g.edges.map((e) => {
    const base = {
      id: edgeId(e.source, e.target), source: e.source, target: e.target, count: e.count, label: edgeLabel(e, labelKind),
      width: edgeWidth(e.count, maxCount), bypass: e.bypass,
    };
    if (colorMode.kind === 'difference' && !e.bypass) {
      const d = diff?.edges[edgeKey(e.source, e.target)];
      return { ...base, color: differenceEdgeColor(d?.effect, d?.q, d?.separated) };
    }
    if (!sides) return { ...base, color: e.bypass ? EDGE_NEITHER : EDGE_DEFAULT };
    if (e.bypass) return { ...base, color: EDGE_NEITHER };
    const side = sides.edges[edgeKey(e.source, e.target)]?.side ?? 'neither';
    return { ...base, color: partitionEdgeColor(side), side };
  });
  return { nodes, edges, metricMax: part || colorMode.kind === 'difference' ? null : max, rings: ring !== null };
}

/** Per-side counts for the partition legend, over the whole DFG (● and ■ excluded from node counts). */
export function sideCounts(result: AnalysisResult): { nodes: Record<Side, number>; edges: Record<Side, number> } | null {
  const p = result.partition;
  if (!p) return null;
  const zero = (): Record<Side, number> => ({ green: 0, red: 0, both: 0, neither: 0 });
  const nodes = zero();
  const edges = zero();
  for (const n of result.nodes) nodes[p.nodes[n.id]?.side ?? 'neither']++;
  for (const e of result.edges) edges[p.edges[edgeKey(e.source, e.target)]?.side ?? 'neither']++;
  return { nodes, edges };
}
