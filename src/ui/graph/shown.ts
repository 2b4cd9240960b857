/** What the graph shows of the analysis, in words: the toolbar's line (GraphControls.tsx) and the exports'. */
import { formatCount } from '../../lib/format';
import type { FilteredGraph } from './filter';

type Counts = Pick<FilteredGraph, 'nodes' | 'totalActivities' | 'realEdges' | 'totalEdges' | 'bypassEdges'>;

export interface Shown {
  /** "showing N of M activities, … edges" (also drawn into the PNG/SVG exports, exportImage.ts). */
  text: string;
  /** The same on two short lines, for a narrow toolbar: activities, then edges (the dashed ones counted). */
  lines: [string, string];
  /** Some activities or edges are hidden. */
  hidden: boolean;
}

export function shownText(graph: Counts): Shown {
  const acts = graph.nodes.length - 2; // ● and ■ are not activities
  const hidden = acts < graph.totalActivities || graph.realEdges < graph.totalEdges;
  const dashed = graph.bypassEdges > 0 ? formatCount(graph.bypassEdges) : null;
  const text = (hidden
    ? `showing ${formatCount(acts)} of ${formatCount(graph.totalActivities)} activities, ${formatCount(graph.realEdges)} of ${formatCount(graph.totalEdges)} edges`
    : `${formatCount(graph.totalActivities)} activities, ${formatCount(graph.totalEdges)} edges`)
    + (dashed ? ` (+${dashed} dashed: via hidden activities)` : '');
  const lines: [string, string] = hidden
    ? [`${formatCount(acts)} of ${formatCount(graph.totalActivities)} activities`, `${formatCount(graph.realEdges)} of ${formatCount(graph.totalEdges)} edges${dashed ? ` +${dashed} dashed` : ''}`]
    : [`${formatCount(graph.totalActivities)} activities`, `${formatCount(graph.totalEdges)} edges${dashed ? ` +${dashed} dashed` : ''}`];
  return { text, lines, hidden };
}
