/**
 * The flame graph of the I/O stacks (docs/METHOD.md "Layers", GUIDE "Layers"): Session.flame's tree drawn as
 * an icicle (flameModel.ts), weighted by time, bytes or calls, of every activity or the selected one; with a
 * partition the differential one (green vs red per case). A click zooms into a frame, the top bar back out.
 * Frame names are text in SVG <text>/<title> nodes, never HTML.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FlameGraph, FlameNode, FlameWeight } from '../../analysis/layers/flame';
import { useApp } from '../appContext';
import { flameLayers, flameRects, formatWeight } from './flameModel';
import { layerColor } from './layerColors';
import './layers.css';

const ROW = 18;

function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [w, setW] = useState(800);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setW(Math.max(200, el.clientWidth - 2)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return w;
}

export function FlamePanel() {
  const result = useApp((s) => s.result);
  const selected = useApp((s) => s.selected);
  const ask = useApp((s) => s.ask);
  const [weight, setWeight] = useState<FlameWeight>('time');
  const [onlySelected, setOnlySelected] = useState(false);
  const [graph, setGraph] = useState<FlameGraph | null | undefined | Error>(undefined);
  const [zoom, setZoom] = useState<FlameNode | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const activity = onlySelected && selected && selected !== '●' && selected !== '■' ? selected : null;
  useEffect(() => {
    if (!result) return;
    let live = true;
    setZoom(null);
    ask('flame', [{ weight, activity, diff: !!result.partition }]).then((g) => live && setGraph(g), (e: Error) => live && setGraph(e));
    return () => {
      live = false;
    };
  }, [result, ask, weight, activity]);
  const shown = useMemo(() => (graph && !(graph instanceof Error) && zoom ? { ...graph, root: zoom } : graph), [graph, zoom]);
  const rects = useMemo(() => (shown && !(shown instanceof Error) ? flameRects(shown, width) : []), [shown, width]);
  if (!result) return null;
  if (graph === undefined) return <p className="muted">Merging the stacks…</p>;
  if (graph instanceof Error) return <p className="error" role="alert">The flame graph failed: {graph.message}</p>;
  if (graph === null) return <p className="muted" data-testid="flame-none">No stacks: trace with strace -k (docs: GUIDE “Layers”) to see which library and line issued each call.</p>;
  const depth = rects.reduce((d, r) => Math.max(d, r.depth), 0) + 1;
  const layers = flameLayers(rects);
  return (
    <section className="flame" aria-label="Flame graph of the I/O stacks" data-testid="flame">
      <div className="flame-bar">
        <label>
          width{' '}
          <select value={weight} onChange={(e) => setWeight(e.target.value as FlameWeight)} data-testid="flame-weight">
            <option value="time">time</option>
            <option value="bytes">bytes</option>
            <option value="calls">calls</option>
          </select>
        </label>
        <label title={selected ? `only the events of ${selected}` : 'select a node of the graph first'}>
          <input type="checkbox" checked={onlySelected} disabled={!selected} onChange={(e) => setOnlySelected(e.target.checked)} data-testid="flame-selected" /> selected activity only
        </label>
        {zoom && <button className="small" onClick={() => setZoom(null)} data-testid="flame-reset">show all</button>}
        <span className="muted" data-testid="flame-total">
          {graph.perCase ? `green ${formatWeight(graph, graph.root.value[0])} vs red ${formatWeight(graph, graph.root.value[1])} per case (${graph.cases[0]} vs ${graph.cases[1]} cases)` : `${formatWeight(graph, graph.root.value[0])} in ${graph.cases[0]} cases`}
          {graph.noStack > 0 && ` · ${graph.noStack} calls without a stack left out`}
        </span>
        <span className="flame-legend">
          {graph.perCase ? (
            <>
              <i style={{ background: 'rgb(46, 125, 50)' }} /> more in green <i style={{ background: 'rgb(189, 189, 189)' }} /> equal <i style={{ background: 'rgb(229, 57, 53)' }} /> more in red
            </>
          ) : (
            layers.map((l) => (
              <span key={l}>
                <i style={{ background: layerColor(l) }} /> {l}{' '}
              </span>
            ))
          )}
        </span>
      </div>
      <div className="flame-scroll" ref={box}>
        <svg width={width} height={depth * ROW} role="img" aria-label="flame graph" data-testid="flame-svg">
          {rects.map((r, i) => (
            <g key={i} transform={`translate(${r.x},${r.depth * ROW})`} onClick={() => setZoom(r.depth === 0 ? null : r.node)} data-testid="flame-rect" data-name={r.node.name} data-layer={r.node.layer}>
              <title>{r.title}</title>
              <rect width={Math.max(0, r.w - 1)} height={ROW - 1} fill={r.fill} rx={2} />
              {r.w > 36 && (
                <text x={3} y={ROW - 5} className="flame-text">
                  {r.node.name.length * 6.2 > r.w - 6 ? `${r.node.name.slice(0, Math.max(1, Math.floor((r.w - 6) / 6.2) - 1))}…` : r.node.name}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
    </section>
  );
}
