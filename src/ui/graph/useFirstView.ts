/**
 * The graph's sliders: what the user set for this set of activities; before any slider move, the view's (a
 * link's); else the first view's choice (autoFit.ts: what fits legibly, chosen after each layout). A new set
 * of activities starts from the default again.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import type { ActivityStats, AnalysisResult } from '../../analysis/types';
import type { GraphFilter } from '../contracts';
import { autoFitReducer, currentFit, firstViewOptions, sizeKey } from './autoFit';
import { defaultFilter, materialCount, type FilterOptions } from './filter';
import { labelBox, nodeLabelLines } from './labels';

interface Input {
  result: AnalysisResult;
  /** Changes when the set of activities/edges changes. */
  sig: string;
  linked: GraphFilter | undefined;
  onFilter: ((f: GraphFilter) => void) | undefined;
  canvas: { w: number; h: number };
  direction: 'LR' | 'TB';
  stats: Map<string, ActivityStats>;
}

export function useFirstView({ result, sig, linked, onFilter, canvas, direction, stats }: Input) {
  const [filterState, setFilterState] = useState<{ sig: string; opts: FilterOptions } | null>(null);
  const linkedOpts = useMemo(() => {
    if (!linked || (linked.activities === null && linked.paths === null)) return null;
    const d = defaultFilter(result, linked.rankBy);
    return { rankBy: linked.rankBy, maxActivities: linked.activities ?? d.maxActivities, minEdgeCount: linked.paths ?? d.minEdgeCount };
  }, [result, linked]);
  useEffect(() => {
    if (filterState && filterState.sig !== sig) onFilter?.({ activities: null, paths: null, rankBy: filterState.opts.rankBy });
  }, [filterState, sig, onFilter]);
  const [auto, dispatch] = useReducer(autoFitReducer, null);
  const size = sizeKey(canvas.w, canvas.h);
  const rankBy = linked?.rankBy ?? 'rd';
  const material = useMemo(() => materialCount(result), [result]);
  const userOpts = filterState ? (filterState.sig === sig ? filterState.opts : null) : linkedOpts;
  const fit = currentFit(auto, sig, size, userOpts !== null);
  const opts = useMemo(() => {
    if (userOpts) return userOpts;
    const box = (id: string) => {
      const a = stats.get(id);
      return a ? labelBox(nodeLabelLines(a)) : { w: 100, h: 40 };
    };
    return firstViewOptions(result, rankBy, fit, canvas, direction, material, box);
  }, [userOpts, fit, result, stats, direction, canvas, rankBy, material]);
  const fitting = userOpts === null && (fit === null || !fit.done);
  // the sliders moved: a new ranking alone keeps the first view's choosing (what fits, by the new ranking)
  const onOpts = (o: FilterOptions): void => {
    if (userOpts === null && o.maxActivities === opts.maxActivities && o.minEdgeCount === opts.minEdgeCount) return onFilter?.({ activities: null, paths: null, rankBy: o.rankBy });
    setFilterState({ sig, opts: o });
    onFilter?.({ activities: o.maxActivities, paths: o.minEdgeCount, rankBy: o.rankBy });
  };
  // the labels' detail: less text (the DR line, then the Load line) is the first view's resort before labels
  // would be drawn below 10 px
  return { opts, onOpts, user: userOpts !== null, fit, fitting, detail: fit?.detail ?? 'full', size, material, dispatch };
}
