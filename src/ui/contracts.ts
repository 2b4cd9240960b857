/**
 * Props contracts between the app shell (src/ui/App.tsx, store, worker) and the panels built in
 * parallel: graph/ (Cytoscape), timeline/ (Plotly), tables/ (statistics, variants, edge cases).
 */
import type { ActivityStats, AnalysisResult, EdgeCases, Side, TimelineData, Variant } from '../analysis/types';

import type { ColorMode, DiffMetric, EdgeLabelKind, RankBy } from '../session/view';
import type { PatternLike } from '../lib/accessText';
import type { LayerReport } from '../analysis/layers/report';
export type { ColorMode, DiffMetric, EdgeLabelKind, Metric } from '../session/view';

/** Effect (Cliff's delta) and BH q per node id and per edge key, for the difference colouring. */
export interface DifferenceMap {
  metric: DiffMetric;
  /** `separated`: complete separation at ≥ 3 cases a side, coloured whatever q. */
  nodes: Record<string, { effect: number | null; q: number | null; separated?: boolean }>;
  edges: Record<string, { effect: number | null; q: number | null; separated?: boolean }>;
  /** "n = 4 vs 4": the cases a side (the legend's "complete separation" mark). */
  n?: string;
}

export interface GraphPanelProps {
  /** The full analysis (all activities); the panel applies its activity/path sliders itself. */
  result: AnalysisResult;
  colorMode: ColorMode;
  edgeLabel: EdgeLabelKind;
  direction: 'LR' | 'TB';
  /** Selected activity (highlighted, e.g. from a statistics-table click). */
  selected: string | null;
  /** Activities marked (a double purple border), e.g. the nodes of an insight finding. */
  marked?: readonly string[];
  onSelectNode(id: string): void;
  onSelectEdge(source: string, target: string): void;
  /** Node context menu: keep only the cases that contain the activity, or that do not. */
  onKeepCases(activity: string, keep: 'with' | 'without'): void;
  /** The view's graph sliders (from a link; null = the default for the result). */
  filter?: GraphFilter;
  /** The sliders moved (all null / 'count': back to the default, after the set of activities changed). */
  onFilter?(f: GraphFilter): void;
  /** The comparison's effects for colorMode 'difference' (null: no comparison yet). */
  difference?: DifferenceMap | null;
  /** The layer report (Session.layers: strace -k or a layer column): the hover's layers and call sites. */
  layers?: LayerReport | null;
  /** `group=layer`: each activity in the lane of its layer (needs `layers`). */
  groupBy?: 'none' | 'layer';
}

/** The graph sliders as the view holds them (session/view.ts keys activities, paths, rank). */
export interface GraphFilter {
  activities: number | null;
  paths: number | null;
  rankBy: RankBy;
}

/** What `window.__app.graph()` returns: what is currently drawn. */
export interface GraphModel {
  /** The graph grouped by layer (`group=layer`): each lane's layer, rendered box, activities and the
   * rendered font size of its label in CSS px (0 when culled). */
  lanes?: { layer: string; box: { x1: number; y1: number; x2: number; y2: number }; members: string[]; labelPx: number }[];
  nodes: {
    id: string;
    fill: string;
    partition?: Side;
    /** Optional (added by the shell for e2e clicks): the node's rendered centre in CSS pixels relative to
     * the `[data-testid=graph-canvas]` element, e.g. from cytoscape `node.renderedPosition()`. */
    at?: { x: number; y: number };
    /** Marked (the nodes of an insight finding). */
    marked?: boolean;
    /** The rendered font size of the node's label in CSS px (0 when it is culled, and for ● / ■). */
    labelPx?: number;
    /** The node's label as drawn (Cytoscape's computed style; lines joined by "\n"; '' for ● / ■). */
    label?: string;
    /** Set while the pointer is over the node (its hover border is drawn). */
    hover?: boolean;
    /** The node's rendered box (CSS px, like `at`). */
    box?: { x1: number; y1: number; x2: number; y2: number };
    /** The keyboard is on this node (its focus ring is drawn). */
    focus?: boolean;
    /** The drawn border colour, and the outline colour when a second ring is drawn (Cytoscape's computed style). */
    border?: string;
    outline?: string;
    /** The drawn label colour (Cytoscape's computed style). */
    labelColor?: string;
  }[];
  edges: {
    source: string;
    target: string;
    count: number;
    color: string;
    partition?: Side;
    /** Optional: the edge's rendered midpoint (cytoscape `edge.renderedMidpoint()`), like nodes' `at`. */
    at?: { x: number; y: number };
    /** The rendered box of the edge's label, when it is drawn (absent: no label, or left out to avoid an overlap). */
    label?: { x1: number; y1: number; x2: number; y2: number };
    /** The edge's line as rendered points: source endpoint, Cytoscape's control points, target endpoint. */
    path?: { x: number; y: number }[];
    /** As drawn (Cytoscape's computed style, in the page's colour scheme): the line, the label and its background. */
    lineColor?: string;
    labelColor?: string;
    labelBg?: string;
  }[];
}

export interface TimelinePanelProps {
  data: TimelineData;
  onClose(): void;
  /** Per row: the side of its case (bars coloured green/red), or null; absent = one colour. */
  rowSides?: ('green' | 'red' | null)[] | null;
}

export interface StatsTableProps {
  nodes: ActivityStats[];
  selected: string | null;
  onSelect(id: string): void;
  /** From AnalysisResult: explain missing values ("–") precisely (re-trace with -T / -tt). */
  hasDurations?: boolean;
  hasTimestamps?: boolean;
  /** Height of the scrolling body in px (absent: it fills its container, e.g. the tables pane). */
  height?: number;
  /** Access pattern per activity (the access column and the activity's tooltip); undefined until loaded. */
  access?: ReadonlyMap<string, PatternLike & { requests: number }>;
  /** Asks for the access patterns (the access column is shown and they are not loaded). */
  onWantAccess?(): void;
}

export interface VariantsListProps {
  variants: Variant[];
  /** Keeps exactly the cases of a variant (a case filter). */
  onKeepCases?(ids: string[]): void;
}

export interface EdgeCasesProps {
  data: EdgeCases;
  onClose(): void;
}
