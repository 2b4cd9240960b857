/**
 * The pure half of the store loop (driver.ts): given what the store wants the worker to hold and what it
 * holds, the one thing the worker must do next; and whether the answer to a step still serves what is wanted
 * (a newer request makes an older answer worthless: it is dropped in one place, the driver's `settle`).
 */

/** What the store wants (derived from the state and the driver's requests, driver.ts `wanted`). */
export interface Wanted {
  /** The generation: bumped by every request that supersedes the work in flight (new files, a new analysis). */
  gen: number;
  /** The file set (its number: each drop, confirmed load, load option change or added folder is a new one). */
  files: number;
  /** The new set is the set `addTo` plus added files (Session.add), when the worker holds `addTo`. */
  addTo: number | null;
  /** The analysis (its key, session/view.ts analysisKey); null: nothing to analyse (nothing loaded, no cases). */
  analysis: string | null;
  /** The fast follow-ups: the overview (its key), the timeline of the selected activity, the panels' reports,
   * and what every first view shows of an analysis: its untraced time (the Summary) and layers (the graph). */
  overview: string | null;
  timeline: string | null;
  insights: boolean;
  access: boolean;
  untraced: boolean;
  layers: boolean;
  /** The slow follow-ups (the analysis deferred mc/DR/p95; the partition has both sides). */
  complete: boolean;
  compare: boolean;
}

/** What the worker holds (or has been asked for and not yet answered), as the driver has seen it. */
export interface Have {
  /** The file set it holds; 0: none (nothing loaded yet, or lost in a worker restart). */
  files: number;
  /** The file set whose load failed or was cancelled: not tried again until another set or Retry. */
  failedFiles: number | null;
  /** The analysis last settled (its key): the one the worker holds, or the one that failed on these files. */
  analysis: string | null;
  /** The worker holds an analysis the follow-ups can be asked of (AnalyzeReply.analysis). */
  current: boolean;
  /** Follow-ups shown or asked for: the overview's key (across analyses), the rest of the current analysis. */
  overview: string | null;
  timeline: string | null;
  insights: boolean;
  access: boolean;
  untraced: boolean;
  layers: boolean;
  slow: boolean;
}

export type Step =
  | { kind: 'load' }
  | { kind: 'add' }
  | { kind: 'analyze' }
  | { kind: 'fast'; overview: boolean; timeline: string | null; insights: boolean; access: boolean; untraced: boolean; layers: boolean }
  | { kind: 'slow'; complete: boolean; compare: boolean }
  | { kind: 'idle' };

/** Nothing held: a new worker, or one restarted after a crash or a stuck request. */
export const NOTHING: Have = { files: 0, failedFiles: null, analysis: null, current: false, overview: null, timeline: null, insights: false, access: false, untraced: false, layers: false, slow: false };

/** What the worker must do next to hold what is wanted: files first, then the analysis, then its follow-ups. */
export function nextStep(w: Wanted, h: Have): Step {
  if (w.files !== 0 && w.files !== h.files && w.files !== h.failedFiles) return { kind: w.addTo !== null && w.addTo === h.files ? 'add' : 'load' };
  if (w.files !== h.files) return { kind: 'idle' }; // (its load failed: the user chooses)
  if (w.analysis === null) return { kind: 'idle' };
  if (w.analysis !== h.analysis) return { kind: 'analyze' };
  if (!h.current) return { kind: 'idle' };
  const overview = w.overview !== null && w.overview !== h.overview;
  const timeline = w.timeline !== null && w.timeline !== h.timeline ? w.timeline : null;
  const insights = w.insights && !h.insights;
  const access = w.access && !h.access;
  const untraced = w.untraced && !h.untraced;
  const layers = w.layers && !h.layers;
  if (overview || timeline !== null || insights || access || untraced || layers) return { kind: 'fast', overview, timeline, insights, access, untraced, layers };
  if ((w.complete || w.compare) && !h.slow) return { kind: 'slow', complete: w.complete, compare: w.compare };
  return { kind: 'idle' };
}

/**
 * The slow follow-ups to ask right behind a fast round (null: none): the worker answers requests in order, so
 * the fast answer comes first, and the worker starts the slow ones at once instead of waiting for the page to
 * show the fast answer and ask again (a gap of 0.4–0.6 s on a 1 GB load: docs/BENCHMARKS.md "perf8w").
 */
export function slowBehind(w: Wanted, h: Have): Extract<Step, { kind: 'slow' }> | null {
  const step = nextStep(w, { ...h, overview: w.overview, timeline: w.timeline, insights: w.insights, access: w.access, untraced: w.untraced, layers: w.layers });
  return step.kind === 'slow' ? step : null;
}

/**
 * Whether the answer to `step`, asked when `asked` was wanted, still serves what is wanted `now`: a load or an
 * add while the same file set is wanted (a new analysis asked meanwhile analyses what it read); an analysis or
 * a follow-up while no newer request came (the worker also answers follow-ups of an older analysis `stale`).
 */
export function stillWanted(step: Step, asked: Wanted, now: Wanted): boolean {
  if (step.kind === 'load' || step.kind === 'add') return asked.files === now.files;
  return asked.gen === now.gen;
}
