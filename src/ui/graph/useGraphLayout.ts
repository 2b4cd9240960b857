/**
 * The layout of what is shown, whenever it changes (sliders, filters, mapping, case filters, direction, loops,
 * the labels' detail), by the layout worker (layoutPlan.ts), and its wrapping into bands that fit the canvas
 * (wrapBands.ts), again whenever the canvas' settled size changes. Nodes that stay are handed to dagre in
 * their previous cross-axis order, which its initial ordering follows, so they keep their relative order —
 * not while the first view is being chosen (autoFit.ts): each try is laid out from the activities alone, so
 * that the choice never depends on which earlier layout happened to be answered (see `fitting` below).
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { ActivityStats } from '../../analysis/types';
import { END, START } from '../../analysis/types';
import { formatCount } from '../../lib/format';
import { readableZoom, type DfgIndex } from './filter';
import { labelBox, nodeLabelLines, type LabelDetail } from './labels';
import type { LayoutClient } from './layoutClient';
import { LOOP_SPACE, buildLayoutRequest, layoutUniverse, loopShift } from './layoutPlan';
import type { Pos } from './useCyView';
import { wrapBands } from './wrapBands';

/** A layout: the drawing it is of (`key`) and the positions (dagre's, loops shifted). */
export interface Laid {
  key: string;
  pos: Map<string, Pos>;
  /** Counts the layouts; `t0`: when this one was asked for (performance.now()). */
  version: number;
  t0: number;
}

interface Input {
  nodes: readonly string[];
  loops: ReadonlySet<string>;
  direction: 'LR' | 'TB';
  detail: LabelDetail;
  stats: Map<string, ActivityStats>;
  dfg: DfgIndex;
  /** Changes when the user asks for a new layout (the same drawing). */
  relayout: number;
  canvas: { w: number; h: number };
  client: RefObject<LayoutClient | null>;
  /** Called when a new layout is in, before it is drawn (`ms`: the worker's time). */
  onLaid(ms: number): void;
  /** The layout failed: what is shown stays. */
  onFailed(shown: number): void;
  /**
   * The first view is being chosen: each try is laid out on its own, not in the order of the last drawing.
   * Which layout was drawn last is a race there (the canvas-less guess of 60 activities, asked before the
   * canvas settled, answered before or after the guess for the settled canvas), and the order changed the
   * tries' extent: make-threads at 1024×700 came out at labels of 7.5 px or 11.8 px (e2e/first-view.spec.ts).
   */
  fitting: boolean;
}

export function useGraphLayout(p: Input) {
  const { nodes, loops, direction, detail, stats, dfg, relayout, canvas, client } = p;
  const [laid, setLaid] = useState<Laid>({ key: '', pos: new Map(), version: 0, t0: 0 });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = useMemo(() => `${direction}${detail}\u0002${nodes.join('\u0001')}\u0002${[...loops].join('\u0001')}`, [direction, detail, nodes, loops]);
  const box = useMemo(() => (id: string) => {
    const a = stats.get(id);
    return a ? labelBox(nodeLabelLines(a, detail)) : { w: 18, h: 18 };
  }, [stats, detail]);
  // the previous positions (the cross-axis order of the next layout) and the callbacks, read by the layout
  // effect without starting it again
  const last = useRef({ laid, relayout, onLaid: p.onLaid, onFailed: p.onFailed, fitting: p.fitting, seq: 0 });
  useEffect(() => {
    Object.assign(last.current, { laid, onLaid: p.onLaid, onFailed: p.onFailed, fitting: p.fitting });
  });

  useEffect(() => {
    const l = last.current;
    const forced = relayout !== l.relayout;
    if (!forced && l.laid.key === key) return;
    l.relayout = relayout;
    // (while the first view is being chosen: no previous order, see `fitting`)
    const prev = l.fitting ? new Map<string, Pos>() : l.laid.pos;
    const cross = (id: string): number => {
      const q = prev.get(id);
      return q === undefined ? Infinity : direction === 'LR' ? q.y : q.x;
    };
    const shown = nodes.filter((id) => id !== START && id !== END);
    const acts = shown.map((id, i) => ({ id, i, c: cross(id) })).sort((a, b) => a.c - b.c || a.i - b.i).map((x) => x.id);
    const req = buildLayoutRequest(dfg, layoutUniverse(null, acts), box, direction, loops);
    const shift = loopShift(direction);
    const seq = ++l.seq;
    const t0 = performance.now();
    setBusy(`laying out ${formatCount(req.ids.length)} nodes…`);
    client.current
      ?.layout(req)
      .then(({ xy, ms }) => {
        if (seq !== l.seq) return;
        const pos = new Map<string, Pos>();
        req.ids.forEach((id, i) => {
          const s = loops.has(id);
          pos.set(id, { x: xy[2 * i] + (s ? shift.dx : 0), y: xy[2 * i + 1] + (s ? shift.dy : 0) });
        });
        l.laid = { key, pos, version: l.laid.version + 1, t0 };
        l.onLaid(ms);
        setBusy(null);
        setError(null);
        setLaid(l.laid);
      })
      .catch((err: Error) => {
        if (seq !== l.seq) return;
        setBusy(null);
        setError(`layout failed: ${err.message}`);
        l.onFailed(shown.length);
      });
  }, [key, relayout, direction, nodes, loops, box, dfg, client]);

  // A long left-to-right drawing wrapped into bands that fit the canvas (not the grouped-by-layer lanes).
  const wrapped = useMemo(() => {
    if (direction !== 'LR' || laid.key !== key) return { pos: laid.pos, bands: 1 };
    const placed = new Map<string, { x: number; y: number; w: number; h: number }>();
    for (const [id, q] of laid.pos) {
      const b = box(id);
      placed.set(id, { x: q.x, y: q.y, w: b.w, h: b.h + (loops.has(id) ? LOOP_SPACE : 0) });
    }
    return wrapBands(placed, canvas.w, canvas.h, readableZoom(canvas.w, canvas.h));
  }, [laid, canvas, direction, key, box, loops]);

  return { laid, key, wrapped, busy, error };
}
