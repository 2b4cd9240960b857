/** Drill-downs: the events of one activity (timelines) and the cases behind one DFG edge. */
import type { EventLog } from '../model';
import type { CompiledMapping } from './mapping';
import { END, START } from './types';
import { layerOf, type LayerInfo } from './layers/classify';

/** The EventLog's columns of the activity's events (errno 0 = succeeded, offset NaN = unknown), and each one's case. */
export interface ActivityEvents extends Pick<EventLog, 'pid' | 'start' | 'dur' | 'size' | 'pair' | 'errno' | 'offset'> {
  caseIdx: Uint32Array;
  /** Per event its layer, an index into the LayerInfo's names (docs/METHOD.md "Layers"): when one was given. */
  layer?: Uint8Array;
}

/**
 * The events of `activity` in log order (case by case, by start). Empty arrays for an unknown activity.
 * `count`: the activity's number of events when known (from the analysis of this log and mapping): saves
 * the counting pass; a wrong count is detected and the events counted after all. `layers`: each event's layer too.
 */
export function activityEvents(log: EventLog, compiled: CompiledMapping, activity: string, count?: number, layers: LayerInfo | null = null): ActivityEvents {
  const a = compiled.activities.indexOf(activity);
  if (a >= 0 && count !== undefined) {
    const out = collect(log, compiled.pairAct, a, count, layers);
    if (out) return out;
  }
  const { pairAct } = compiled;
  let m = 0;
  if (a >= 0) for (let i = 0; i < log.n; i++) if (pairAct[log.pair[i]] === a) m++;
  return collect(log, pairAct, a, m, layers)!;
}

/** The events of activity id `a` into arrays of length m; null when there are not exactly m. */
function collect(log: EventLog, pairAct: Int32Array, a: number, m: number, layers: LayerInfo | null): ActivityEvents | null {
  const out: ActivityEvents = {
    caseIdx: new Uint32Array(m),
    pid: new Int32Array(m),
    start: new Float64Array(m),
    dur: new Float64Array(m),
    size: new Float64Array(m),
    pair: new Uint32Array(m),
    errno: new Uint16Array(m),
    offset: new Float64Array(m),
  };
  const layer = layers ? (out.layer = new Uint8Array(m)) : null;
  if (a < 0) return m === 0 ? out : null;
  let w = 0;
  for (let k = 0; k < log.cases.length; k++) {
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      if (pairAct[log.pair[i]] !== a) continue;
      if (w === m) return null;
      // column by column, written out like EventLogBuilder.compact on purpose: each column has its own
      // typed-array type, so a loop over the columns would be megamorphic in this per-event loop
      out.caseIdx[w] = k;
      out.pid[w] = log.pid[i];
      out.start[w] = log.start[i];
      out.dur[w] = log.dur[i];
      out.size[w] = log.size[i];
      out.pair[w] = log.pair[i];
      out.errno[w] = log.errno[i];
      out.offset[w] = log.offset[i];
      if (layer) layer[w] = layerOf(layers!, log, i);
      w++;
    }
  }
  return w === m ? out : null;
}

/**
 * The cases in which `target` directly follows `source` (● and ■ allowed), with the number of such
 * transitions per case, most transitions first (ties: log order). Empty for an edge not in the DFG.
 */
export function edgeCases(log: EventLog, compiled: CompiledMapping, source: string, target: string): { caseId: string; count: number }[] {
  const A = compiled.activities.length;
  const id = (s: string): number => (s === START ? A : s === END ? A + 1 : compiled.activities.indexOf(s));
  const src = id(source);
  const dst = id(target);
  if (src < 0 || dst < 0 || src === A + 1 || dst === A) return [];
  const { pairAct } = compiled;
  const out: { caseId: string; count: number; k: number }[] = [];
  for (let k = 0; k < log.cases.length; k++) {
    let prev = A;
    let c = 0;
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const act = pairAct[log.pair[i]];
      if (act < 0) continue;
      if (prev === src && act === dst) c++;
      prev = act;
    }
    if (prev === src && dst === A + 1) c++;
    if (c > 0) out.push({ caseId: log.cases[k].id, count: c, k });
  }
  out.sort((x, y) => y.count - x.count || x.k - y.k);
  return out.map(({ caseId, count }) => ({ caseId, count }));
}
