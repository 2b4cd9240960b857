/**
 * The first view's choice of how many activities to draw (#28.1), as a pure reducer: until the user moves a
 * slider (or a link sets one), the graph shows what fits legibly. A first guess from the canvas size
 * (estimateFit), then after each layout the zoom that would fit decides the next try (firstViewNext); the
 * activities with ≥ 5 % of the call time always stay (materialCount); when they, or a graph of ≤ 8
 * activities, would be drawn below readable labels, the same activities with less text first (labels.ts
 * LabelDetail: without the DR line, then the name only), one level per layout, the most that is readable.
 * Once chosen it stays: a pane that opens later never changes which activities are shown — only, when the
 * chosen drawing no longer fits readably, its nodes lose text the same way.
 */
import type { AnalysisResult } from '../../analysis/types';
import { lessDetail, type LabelDetail } from './labels';
import { DEFAULT_MAX_ACTIVITIES, DEFAULT_MAX_EDGES, FIT_TRIES, SMALL_GRAPH, defaultFilter, estimateFit, firstViewNext, rankActivities, thresholdFor, type FilterOptions, type RankBy } from './filter';

/** A graph of at most this many activities is shown whole when less text makes it fit (#28.1). */
export const WHOLE_GRAPH = 8;

/** The choice so far, for one result (`sig`) and canvas size (`size`); null before the first judgement. */
export type AutoFit = { sig: string; size: string; n: number; tries: number; done: boolean; detail?: LabelDetail } | null;

export type AutoFitAction =
  /** A drawing of `n` activities (with labels of this detail) fitted at `zoom`; `readable`: the zoom of 10 px labels. */
  | { type: 'judged'; sig: string; size: string; n: number; zoom: number; readable: number; total: number; material: number; detail: LabelDetail }
  /** The layout failed: what is shown (`shown` activities) stays. */
  | { type: 'layoutFailed'; sig: string; size: string; shown: number }
  /** The chosen drawing fits the canvas below readable labels after the choice (a pane opened; then again
   * after the drawing with less text, until the name only). */
  | { type: 'unreadable' };

export function autoFitReducer(a: AutoFit, act: AutoFitAction): AutoFit {
  switch (act.type) {
    case 'judged': {
      const tries = currentFit(a, act.sig, act.size, false)?.tries ?? 0;
      const next = firstViewNext(act.n, act.zoom, tries, act.total, act.material, act.readable);
      // what must stay still drawn below readable labels, or a graph of ≤ 8 activities that would be cut:
      // the same activities with less text first (one level a layout)
      const whole = act.total <= WHOLE_GRAPH && act.n >= act.total;
      if ((next === null || whole) && act.detail !== 'name' && act.zoom < act.readable && tries < FIT_TRIES) return { sig: act.sig, size: act.size, n: act.n, tries: tries + 1, done: false, detail: lessDetail(act.detail) };
      return { sig: act.sig, size: act.size, n: next ?? act.n, tries: tries + 1, done: next === null, detail: act.detail };
    }
    case 'layoutFailed':
      return { sig: act.sig, size: act.size, n: a?.sig === act.sig ? a.n : act.shown, tries: FIT_TRIES, done: true };
    case 'unreadable':
      return a === null || !a.done || a.detail === 'name' ? a : { ...a, detail: lessDetail(a.detail ?? 'full') };
  }
}

/** The choice that holds for this result and canvas size: a finished one always, one being made only at the
 * size it is being made for (the canvas settled at another size: choose again); never with the user's sliders. */
export function currentFit(a: AutoFit, sig: string, size: string, user: boolean): AutoFit {
  return !user && a?.sig === sig && (a.done || a.size === size) ? a : null;
}

/** The canvas' settled size as the key of a choice (40 px steps: a few pixels do not start it again). */
export const sizeKey = (w: number, h: number): string => `${Math.round(w / 40)}x${Math.round(h / 40)}`;

/**
 * The sliders of the first view: a small DFG whole (as the paper draws them; cut only when its labels would
 * be too small), else the current choice's number of activities, else the first guess from the canvas size —
 * never fewer than the activities with ≥ 5 % of the call time.
 */
export function firstViewOptions(result: AnalysisResult, rankBy: RankBy, fit: AutoFit, canvas: { w: number; h: number }, direction: 'LR' | 'TB', material: number, box: (id: string) => { w: number; h: number }): FilterOptions {
  const d = defaultFilter(result, rankBy);
  if (result.nodes.length <= SMALL_GRAPH && (fit === null || fit.n >= result.nodes.length)) return d;
  let n = fit?.n;
  if (n === undefined) {
    const boxes = rankActivities(result, d.rankBy).slice(0, DEFAULT_MAX_ACTIVITIES).map(box);
    n = Math.max(Math.min(material, DEFAULT_MAX_ACTIVITIES), estimateFit(canvas.w, canvas.h, boxes, direction));
  }
  return { ...d, maxActivities: n, minEdgeCount: thresholdFor(result, d.rankBy, n, DEFAULT_MAX_EDGES) };
}
