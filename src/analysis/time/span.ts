/**
 * The run's extent: time 0 of every time view is the earliest event start of all loaded cases (t0); the
 * run ends at the latest event end. Per case: its first start and last end. Mapping-independent, computed
 * once per log (LogIndex.span).
 */
import type { EventLog } from '../../model';

export interface RunSpan {
  /** Earliest event start (absolute, in the log's time base); 0 for an empty log. */
  t0: number;
  /** Latest event end (start + dur, or start when dur is unknown) − t0, seconds (≥ 0). */
  span: number;
  /** Per case: first event start − t0 and last event end − t0 (both 0 for a case without events). */
  caseStart: Float64Array;
  caseEnd: Float64Array;
}

/** runSpan's t0: the earliest first event start of a case (0 for no events); O(cases). */
export function spanT0(log: Pick<EventLog, 'cases' | 'start' | 'caseOffsets'>): number {
  const { start, caseOffsets } = log;
  let t0 = Infinity;
  for (let k = 0; k < log.cases.length; k++) if (caseOffsets[k + 1] > caseOffsets[k]) t0 = Math.min(t0, start[caseOffsets[k]]);
  return t0 === Infinity ? 0 : t0;
}

export function runSpan(log: EventLog): RunSpan {
  const K = log.cases.length;
  const { start, dur, caseOffsets } = log;
  const t0 = spanT0(log);
  const caseStart = new Float64Array(K);
  const caseEnd = new Float64Array(K);
  let span = 0;
  for (let k = 0; k < K; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    if (a === b) continue;
    let e = -Infinity;
    for (let i = a; i < b; i++) {
      const d = dur[i];
      const x = d === d ? start[i] + d : start[i];
      if (x > e) e = x;
    }
    caseStart[k] = start[a] - t0;
    caseEnd[k] = e - t0;
    if (e - t0 > span) span = e - t0;
  }
  return { t0, span, caseStart, caseEnd };
}

/**
 * runSpan's t0 and span from each case's latest event end (absolute: start + dur, the start when dur is
 * unknown), found by a pass over the events that runs anyway (the insights pass): no pass of its own.
 */
export function spanOfEnds(log: Pick<EventLog, 'cases' | 'start' | 'caseOffsets'>, caseEnd: ArrayLike<number>): Pick<RunSpan, 't0' | 'span'> {
  const t0 = spanT0(log);
  const { caseOffsets } = log;
  let span = 0;
  for (let k = 0; k < log.cases.length; k++) if (caseOffsets[k + 1] > caseOffsets[k] && caseEnd[k] - t0 > span) span = caseEnd[k] - t0;
  return { t0, span };
}

/** Per pair of the log: 1 if its events count (mapped, and among `activities` when given), else 0. */
export function pairSelection(pairAct: Int32Array, allActivities: readonly string[], activities: readonly string[] | null | undefined): Uint8Array {
  const on = new Uint8Array(pairAct.length);
  let actOn: Uint8Array | null = null;
  if (activities != null) {
    const want = new Set(activities);
    actOn = new Uint8Array(allActivities.length);
    allActivities.forEach((a, i) => (actOn![i] = want.has(a) ? 1 : 0));
  }
  for (let p = 0; p < pairAct.length; p++) {
    const a = pairAct[p];
    on[p] = a >= 0 && (actOn === null || actOn[a] === 1) ? 1 : 0;
  }
  return on;
}
