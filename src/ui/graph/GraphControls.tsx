/** Toolbar, sliders, hidden-elements statement and legends of the graph panel (plain React text only). */
import { metric } from '../../analysis/metrics';
import type { AnalysisResult } from '../../analysis/types';
import { formatCount } from '../../lib/format';
import type { ColorMode, DiffMetric } from '../contracts';
import { BLUE, DIFF_GREEN, DIFF_NONE, DIFF_RED, EDGE_DEFAULT, EDGE_GREEN, EDGE_NEITHER, EDGE_RED, NODE_BOTH, NODE_GREEN, NODE_NEITHER, NODE_RED, SIGNIFICANT, UNAVAILABLE, WHITE, partitionRing } from './colors';
import { sideCounts } from './elements';
import type { FilterOptions, FilteredGraph } from './filter';
import { shownText } from './shown';
import { Menu } from '../Menu';

export interface ControlsProps {
  result: AnalysisResult;
  opts: FilterOptions;
  stops: number[];
  graph: FilteredGraph;
  onOpts(o: FilterOptions): void;
  onFit(): void;
  onZoom(f: number): void;
  onPan(dx: number, dy: number): void;
  onRelayout(): void;
  onPng(): void;
  onSvg(): void;
  busy: string | null;
  /** The legend shows all its lines (a toggle; folded by default on a small canvas). */
  legendOpen: boolean;
  onLegend(open: boolean): void;
}

const btn: React.CSSProperties = { padding: '1px 7px', minWidth: 26, font: 'inherit', cursor: 'pointer' };

/** The ranking's choices (time first: the default; docs/GUIDE.md "Read the graph"). */
const RANKS: { id: FilterOptions['rankBy']; label: string; title: string }[] = [
  { id: 'rd', label: 'time', title: 'share of the call time (rd)' },
  { id: 'count', label: 'count', title: 'number of events' },
  { id: 'bytes', label: 'bytes', title: 'bytes moved' },
  { id: 'cases', label: 'cases', title: 'cases that contain it' },
];

/** The graph's toolbar on one row: sliders and ranking, Fit/zoom/legend, the rest in the ⋯ menu. */
export function GraphToolbar(p: ControlsProps) {
  const { opts, stops, result, graph } = p;
  const total = result.nodes.length;
  // path slider position: index of the first stop ≥ threshold (stops.length = above every count)
  let idx = stops.findIndex((s) => s >= opts.minEdgeCount);
  if (idx < 0) idx = stops.length;
  const shown = shownText(graph);
  return (
    <div className="graph-toolbar">
      <label title="Keep the top-N activities">
        Activities{' '}
        <input data-testid="graph-activities" type="range" min={0} max={total} step={1} value={Math.min(opts.maxActivities, total)}
          onChange={(e) => p.onOpts({ ...opts, maxActivities: Number(e.target.value) })} style={{ verticalAlign: 'middle', width: 90 }} />{' '}
        <span data-testid="graph-activities-value">{Math.min(opts.maxActivities, total)}</span>
      </label>
      <label title="Rank the activities by their share of the call time (the default), event count, bytes or cases; ties are broken by the next statistic">
        by{' '}
        <select data-testid="graph-rankby" value={opts.rankBy} onChange={(e) => p.onOpts({ ...opts, rankBy: e.target.value as FilterOptions['rankBy'] })}>
          {RANKS.map((r) => <option key={r.id} value={r.id} title={r.title} disabled={r.id === 'rd' && !result.hasDurations}>{r.label}</option>)}
        </select>
      </label>
      <label title="Hide edges with fewer transitions (kept when needed to connect ● and ■)">
        Paths{' '}
        <input data-testid="graph-paths" type="range" min={0} max={Math.max(0, stops.length)} step={1} value={idx}
          onChange={(e) => {
            const i = Number(e.target.value);
            p.onOpts({ ...opts, minEdgeCount: i >= stops.length ? (stops[stops.length - 1] ?? 0) + 1 : stops[i] });
          }} style={{ verticalAlign: 'middle', width: 90 }} />{' '}
        <span data-testid="graph-paths-value">≥ {formatCount(opts.minEdgeCount)}</span>
      </label>
      <span style={{ display: 'inline-flex', gap: 2 }}>
        <button style={btn} onClick={p.onFit} title="Fit the graph in view (0)" data-testid="graph-fit">Fit</button>
        <button style={btn} onClick={() => p.onZoom(1.25)} title="Zoom in (+)">+</button>
        <button style={btn} onClick={() => p.onZoom(0.8)} title="Zoom out (−)">−</button>
        <button style={btn} onClick={() => p.onLegend(!p.legendOpen)} aria-pressed={p.legendOpen} data-testid="graph-legend-toggle" title="Show the whole legend, or only its first line">Legend</button>
        <Menu label="⋯" testId="graph-menu" title="Pan, re-layout, export the graph as PNG or SVG">
          <button onClick={p.onPng} data-testid="graph-export-png">Export PNG</button>
          <button onClick={p.onSvg} data-testid="graph-export-svg">Export SVG</button>
          <button onClick={p.onRelayout} title="Lay out only what is shown (compact); positions stay stable afterwards">Re-layout</button>
          <button onClick={() => p.onPan(80, 0)}>Pan left ←</button>
          <button onClick={() => p.onPan(-80, 0)}>Pan right →</button>
          <button onClick={() => p.onPan(0, 80)}>Pan up ↑</button>
          <button onClick={() => p.onPan(0, -80)}>Pan down ↓</button>
        </Menu>
      </span>
      {/* one line, or two short ones when the toolbar is narrow (app.css: @container graph-toolbar) */}
      <span data-testid="graph-shown" className={shown.hidden ? 'graph-shown cut' : 'graph-shown'} title={shown.text}>
        <span className="graph-shown-long">{shown.text}</span>
        <span className="graph-shown-short">
          <span>{shown.lines[0]}</span>
          <span>{shown.lines[1]}</span>
        </span>
      </span>
      {p.busy ? <span data-testid="graph-busy" className="graph-busy">{p.busy}</span> : null}
    </div>
  );
}

const swatch = (fill: string, border = '#616161'): React.CSSProperties => ({
  display: 'inline-block', width: 12, height: 12, background: fill, border: `1px solid ${border}`, verticalAlign: 'middle', marginRight: 3,
});
const line = (color: string, dashed = false): React.CSSProperties => ({
  display: 'inline-block', width: 18, height: 0, borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${color}`, verticalAlign: 'middle', marginRight: 3,
});

const ring = (side: 'green' | 'red' | 'both' | 'neither'): React.CSSProperties => {
  const r = partitionRing(side);
  return {
    display: 'inline-block', width: 14, height: 10, background: WHITE, border: `${Math.min(r.width, 2.5)}px ${r.dashed ? 'dashed' : 'solid'} ${r.border}`,
    outline: r.outline ? `2px solid ${r.outline}` : undefined, borderRadius: 3, verticalAlign: 'middle', margin: '0 4px 0 3px',
  };
};

/** The partition as rings beside the metric fill: one legend line for the nodes, one for the edges. */
function RingLegend({ result }: { result: AnalysisResult }) {
  const c = sideCounts(result);
  const p = result.partition;
  if (!p || !c) return null;
  return (
    <>
      <div data-testid="legend-rings">
        <b>Partition</b> (ring) — green {formatCount(p.greenCases)}, red {formatCount(p.redCases)} cases:
        <span style={ring('green')} />only green {c.nodes.green}
        <span style={ring('red')} />only red {c.nodes.red}
        <span style={ring('both')} />both {c.nodes.both}
        {c.nodes.neither > 0 ? <><span style={ring('neither')} />neither {c.nodes.neither}</> : null}
      </div>
      <div>
        <span style={line(EDGE_GREEN)} />green {c.edges.green}{'  '}
        <span style={line(EDGE_RED)} />red {c.edges.red}{'  '}
        <span style={line(EDGE_DEFAULT)} />both {c.edges.both}
        {c.edges.neither > 0 ? <>{'  '}<span style={line(EDGE_NEITHER)} />neither {c.edges.neither}</> : null} <i>edges</i>
      </div>
    </>
  );
}

/** `folded`: only the first line is shown (a small canvas); every line stays in the DOM for the exports. */
export function GraphLegend({ result, colorMode, metricMax, rings = false, folded = false, cases }: { result: AnalysisResult; colorMode: ColorMode; metricMax: number | null; rings?: boolean; folded?: boolean; cases?: string }) {
  // a strip below the canvas, never over it: it covers no node, label or tooltip (the PNG/SVG exports draw
  // the same lines, exportImage.ts)
  const box: React.CSSProperties = {
    flex: '0 0 auto', background: 'var(--panel, #fff)', color: 'var(--fg, #222)', borderTop: '1px solid var(--border, #ccc)',
    padding: '2px 8px', fontSize: 11, lineHeight: 1.6, pointerEvents: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 18,
  };
  if (colorMode.kind === 'partition') {
    const c = sideCounts(result);
    const p = result.partition;
    if (!p || !c) return <div style={box} data-testid="graph-legend" className={folded ? 'graph-legend folded' : 'graph-legend'}>No partition set: choose green and red cases.</div>;
    return (
      <div style={box} data-testid="graph-legend" className={folded ? 'graph-legend folded' : 'graph-legend'}>
        <div><b>Partition</b> — green {formatCount(p.greenCases)} cases, red {formatCount(p.redCases)} cases</div>
        <div>
          <span style={swatch(NODE_GREEN)} />only green {c.nodes.green}{'  '}
          <span style={swatch(NODE_RED)} />only red {c.nodes.red}{'  '}
          <span style={swatch(NODE_BOTH)} />both {c.nodes.both}{'  '}
          <span style={swatch(NODE_NEITHER)} />neither {c.nodes.neither} <i>activities</i>
        </div>
        <div>
          <span style={line(EDGE_GREEN)} />{c.edges.green}{'  '}
          <span style={line(EDGE_RED)} />{c.edges.red}{'  '}
          <span style={line(EDGE_DEFAULT)} />{c.edges.both}{'  '}
          <span style={line(EDGE_NEITHER)} />{c.edges.neither} <i>edges (green, red, both, neither)</i>
        </div>
      </div>
    );
  }
  if (colorMode.kind === 'difference') return <DifferenceLegend colorMode={colorMode} box={box} folded={folded} cases={cases} />;
  const m = metric(colorMode.metric);
  return (
    <div style={box} data-testid="graph-legend" className={folded ? 'graph-legend folded' : 'graph-legend'}>
      <div><b>{m.label}</b> — fill linear in value / max{m.higherIsWorse ? '' : ' (higher is better)'}</div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <span>0</span>
        <span style={{ display: 'inline-block', width: 120, height: 10, border: '1px solid #999', background: `linear-gradient(to right, ${WHITE}, ${BLUE})` }} />
        <span>{metricMax === null || metricMax === 0 ? '–' : m.format(metricMax)}</span>
        <span style={{ marginLeft: 8 }}><span style={swatch(UNAVAILABLE)} />unavailable</span>
      </div>
      {rings ? <RingLegend result={result} /> : null}
      <div><span style={line(EDGE_NEITHER, true)} />via hidden activities · width ∝ log(count) · binary units</div>
      {result.hosts > 1 ? <div style={{ color: '#8D6E63' }}>mc assumes the {result.hosts} hosts&apos; clocks are synchronised</div> : null}
    </div>
  );
}

const DIFF_METRIC_NAMES: Record<DiffMetric, string> = { count: 'events per case', bytes: 'bytes per case', time: 'time in calls per case' };

function DifferenceLegend({ colorMode, box, folded, cases }: { colorMode: { kind: 'difference'; metric: DiffMetric }; box: React.CSSProperties; folded: boolean; cases?: string }) {
  return (
    <div style={box} data-testid="graph-legend" className={folded ? 'graph-legend folded' : 'graph-legend'}>
      <div>
        <b>Difference: {DIFF_METRIC_NAMES[colorMode.metric]}</b> — Cliff&apos;s delta, green vs red cases
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <span>green larger −1</span>
        <span style={{ display: 'inline-block', width: 120, height: 10, border: '1px solid #999', background: `linear-gradient(to right, ${DIFF_GREEN}, ${WHITE}, ${DIFF_RED})` }} />
        <span>+1 red larger</span>
      </div>
      <div>
        <span style={swatch(DIFF_NONE)} />
        not significant (q ≥ {SIGNIFICANT}) and not completely separated, or no test · edges: transitions per case
      </div>
      <div data-testid="legend-separation">coloured also: complete separation{cases ? `, ${cases}` : ''} (every case of one side above every case of the other, ≥ 3 a side), whatever q</div>
    </div>
  );
}
