/** Minimal stand-ins for the panels until (or if) the real ones are in the build. Text only. */
import { useEffect } from 'react';
import { END, START } from '../analysis/types';
import { formatBytes, formatCount, formatPercent } from '../lib/format';
import type { EdgeCasesProps, GraphModel, GraphPanelProps, StatsTableProps, TimelinePanelProps, VariantsListProps } from './contracts';
import { setGraphReader } from './testHook';

const SIDE_FILL = { green: '#8BC34A', red: '#EF9A9A', both: '#FFFFFF', neither: '#E0E0E0' };
const SIDE_EDGE = { green: '#2E7D32', red: '#E53935', both: '#555555', neither: '#BDBDBD' };

export function fallbackModel(p: GraphPanelProps): GraphModel {
  const part = p.result.partition;
  const ids = [START, ...p.result.nodes.map((n) => n.id), END];
  return {
    nodes: ids.map((id) => {
      const side = part?.nodes[id]?.side;
      return { id, fill: side && p.colorMode.kind === 'partition' ? SIDE_FILL[side] : '#FFFFFF', ...(side ? { partition: side } : {}) };
    }),
    edges: p.result.edges.map((e) => {
      const side = part?.edges[`${e.source} -> ${e.target}`]?.side;
      return { source: e.source, target: e.target, count: e.count, color: side && p.colorMode.kind === 'partition' ? SIDE_EDGE[side] : '#555555', ...(side ? { partition: side } : {}) };
    }),
  };
}

export function GraphFallback(p: GraphPanelProps) {
  useEffect(() => {
    setGraphReader(() => fallbackModel(p));
    return () => setGraphReader(null);
  });
  return (
    <div className="fallback-graph" data-testid="graph-fallback">
      <p className="muted">Graph view not in this build: edges as text.</p>
      <ul>
        {p.result.edges.map((e) => (
          <li key={`${e.source}\u0000${e.target}`}>
            <button onClick={() => p.onSelectNode(e.source)}>{e.source}</button> → <button onClick={() => p.onSelectNode(e.target)}>{e.target}</button>{' '}
            <button onClick={() => p.onSelectEdge(e.source, e.target)}>×{e.count}</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function TimelineFallback({ data, onClose }: TimelinePanelProps) {
  return (
    <div data-testid="timeline-fallback">
      <button onClick={onClose}>Close</button> {data.activity}: {formatCount(data.start.length)} events in {data.rowLabels.length} rows
    </div>
  );
}

export function StatsFallback({ nodes, onSelect }: StatsTableProps) {
  return (
    <table className="simple">
      <thead>
        <tr>
          <th>activity</th>
          <th>count</th>
          <th>rd</th>
          <th>b</th>
        </tr>
      </thead>
      <tbody>
        {nodes.map((n) => (
          <tr key={n.id} onClick={() => onSelect(n.id)}>
            <td>{n.id}</td>
            <td>{formatCount(n.count)}</td>
            <td>{formatPercent(n.rd)}</td>
            <td>{formatBytes(n.bytes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function VariantsFallback({ variants }: VariantsListProps) {
  return (
    <ol>
      {variants.map((v, i) => (
        <li key={i}>
          ×{v.count}: {v.trace.join(' → ')}
        </li>
      ))}
    </ol>
  );
}

export function EdgeCasesFallback({ data, onClose }: EdgeCasesProps) {
  return (
    <div>
      <button onClick={onClose}>Close</button> {data.source} → {data.target}
      <ul>
        {data.cases.map((c) => (
          <li key={c.caseId}>
            {c.caseId}: {c.count}
          </li>
        ))}
      </ul>
    </div>
  );
}
