/**
 * I/O phases and stragglers (docs/METHOD.md, "Time").
 *
 * The I/O events are the mapped events (of the selected activities, when given); each is a busy interval
 * [start, start + dur) (a point when dur is 0 or unknown). A phase is a maximal stretch of the union of
 * these intervals over all cases in which no gap is longer than G = max(minGap, gapFraction × run span),
 * the run span being t0 … the latest event end of the log. A phase runs from its first event start to its
 * last event end; every I/O event belongs to the phase its start falls in.
 *
 * The gaps are found without sorting: the run is cut into cells of width G/2; a gap of length ≥ G contains
 * a whole cell that no interval touches. Per cell we keep the coverage (a difference array), the latest
 * end among the intervals whose last cell it is and the earliest start among those whose first cell it is;
 * a run of untouched cells then lies in the exact gap (latest end before it, earliest start after it),
 * which counts when it is longer than G (phaseCells.ts). One pass over the events fills the cells and adds
 * up each case's busy time as if the run were one phase; a second pass (phaseBusy) only when it is not.
 *
 * Stragglers of a phase: among the cases with at least one event in the phase, those whose busy time
 * (the sum — not the union — of the durations of their events starting in the phase, `phaseBusy`)
 * exceeds mean + 1 σ (population standard deviation) of the busy times of those cases (`stragglerRule`;
 * insight T07 calls the same two functions).
 */
import type { EventLog } from '../../model';
import type { CompiledMapping } from '../mapping';
import { pairSelection, runSpan, type RunSpan } from './span';
import { rankCids } from '../ranks';
import { cellBounds, fillCells, PhaseCells } from './phaseCells';
import type { Phase, PhaseOptions, Phases, Straggler } from './types';

export const DEFAULT_MIN_GAP = 0.1;
export const DEFAULT_GAP_FRACTION = 0.02;

export function phases(log: EventLog, compiled: Pick<CompiledMapping, 'activities' | 'pairAct'>, options: PhaseOptions = {}, run: RunSpan = runSpan(log)): Phases {
  return phasesAndBusy(log, compiled, options, run).phases;
}

/**
 * `phases` and the per-case busy times it counted (phaseBusy of its phases: what insight T07 reads).
 * `run`: the log's run span (its LogIndex's, or spanOfEnds of a pass that ran anyway; computed here without one).
 */
export function phasesAndBusy(log: EventLog, compiled: Pick<CompiledMapping, 'activities' | 'pairAct'>, options: PhaseOptions = {}, run: Pick<RunSpan, 't0' | 'span'> = runSpan(log)): { phases: Phases; busy: PhaseBusy } {
  const t0 = options.t0 ?? run.t0;
  const span = run.span + (run.t0 - t0);
  const gap = phaseGap(span, options);
  const on = pairSelection(compiled.pairAct, compiled.activities, options.activities);
  const cells = new PhaseCells(t0, gap / 2, span, log.cases.length);
  fillCells(log, on, cells);
  return phasesOfCells(log, on, cells, span, gap);
}

/** G: the longest gap within a phase, max(minGap, gapFraction × run span). */
export function phaseGap(span: number, options: Pick<PhaseOptions, 'minGap' | 'gapFraction'> = {}): number {
  return Math.max(options.minGap ?? DEFAULT_MIN_GAP, (options.gapFraction ?? DEFAULT_GAP_FRACTION) * span);
}

/**
 * The phases and their per-case busy times from filled cells (phaseCells.ts: phasesAndBusy's pass or the
 * insights pass): the walk; then, when there is one phase, the busy times the pass added up, else a pass of
 * phaseBusy over the events. `on`: the counted pairs the cells were filled with.
 */
export function phasesOfCells(log: EventLog, on: Uint8Array, cells: PhaseCells, span: number, gap: number): { phases: Phases; busy: PhaseBusy } {
  const { t0 } = cells;
  const bounds = cellBounds(cells, gap);
  const busy = bounds.length === 1 ? onePhase(cells) : phaseBusy(log, on, t0, bounds.map((b) => b.start));
  return { phases: { t0, span, gap, phases: summarize(log, busy, bounds) }, busy };
}

/** phaseBusy of one phase (every counted event's start lies in it): the sums the cells' pass made, in the same order. */
function onePhase(cells: PhaseCells): PhaseBusy {
  return { busy: cells.busy, seen: cells.seen, events: Float64Array.of(cells.events), bytes: Float64Array.of(cells.bytes) };
}

/** Per case and phase: busy time and whether the case has an event in it (k × P + p), row-major by case. */
export interface PhaseBusy {
  busy: Float64Array;
  seen: Uint8Array;
  /** Per phase: counted events and their bytes. */
  events: Float64Array;
  bytes: Float64Array;
}

/**
 * The busy time of every case in every phase: Σ dur (unknown durations add nothing) of its counted events
 * whose start lies in the phase (phase p holds the events with start − t0 in [start of p, start of p + 1)).
 * The one I/O-time definition of the phases table, `strace-dfg time` and insight T07 (docs/METHOD.md
 * "Stragglers").
 */
export function phaseBusy(log: EventLog, on: Uint8Array, t0: number, starts: readonly number[]): PhaseBusy {
  const P = starts.length;
  const K = log.cases.length;
  const { pair, start, dur, size, caseOffsets } = log;
  const busy = new Float64Array(K * P);
  const seen = new Uint8Array(K * P);
  const events = new Float64Array(P);
  const bytes = new Float64Array(P);
  if (P === 0) return { busy, seen, events, bytes };
  for (let k = 0; k < K; k++) {
    let p = 0;
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      if (on[pair[i]] === 0) continue;
      const s = start[i] - t0;
      while (p + 1 < P && s >= starts[p + 1]) p++;
      const d = dur[i];
      if (d === d) busy[k * P + p] += d;
      seen[k * P + p] = 1;
      events[p]++;
      const z = size[i];
      if (z === z) bytes[p] += z;
    }
  }
  return { busy, seen, events, bytes };
}

/** `phaseBusy` of phases found with this mapping and activities (phasesAndBusy gives them with the phases). */
export function phaseBusyOf(log: EventLog, compiled: Pick<CompiledMapping, 'activities' | 'pairAct'>, ph: Phases, activities?: readonly string[] | null): PhaseBusy {
  const on = pairSelection(compiled.pairAct, compiled.activities, activities);
  return phaseBusy(log, on, ph.t0, ph.phases.map((x) => x.start));
}

export interface StragglerRule {
  mean: number;
  /** Population standard deviation (numpy's std, ddof 0). */
  std: number;
  /** Indices into the busy times of the stragglers, in input order. */
  slow: number[];
}

/**
 * The straggler rule (docs/METHOD.md "Stragglers"), shared by the time views and insight T07: given the
 * busy times of the cases active in one phase, the stragglers are those above mean + sigma × σ (population
 * σ); none when σ is 0 or fewer than three cases are active (with two, the larger equals mean + σ).
 */
export function stragglerRule(busy: ArrayLike<number>, sigma = 1): StragglerRule {
  const n = busy.length;
  let sum = 0;
  for (let j = 0; j < n; j++) sum += busy[j];
  const mean = n > 0 ? sum / n : 0;
  let ss = 0;
  for (let j = 0; j < n; j++) ss += (busy[j] - mean) ** 2;
  const std = n > 0 ? Math.sqrt(ss / n) : 0;
  const slow: number[] = [];
  if (n >= 3 && std > 0) for (let j = 0; j < n; j++) if (busy[j] > mean + sigma * std) slow.push(j);
  return { mean, std, slow };
}

/** Per phase: events, bytes, the cases' busy times (`counted`: phaseBusy of the phases starting at `bounds`) and the straggler rule. */
function summarize(log: EventLog, counted: PhaseBusy, bounds: { start: number; end: number }[]): Phase[] {
  const P = bounds.length;
  const K = log.cases.length;
  const { busy, seen, events, bytes } = counted;
  const out: Phase[] = [];
  const ranked = rankCids(log.cases);
  for (let p = 0; p < P; p++) {
    const ks: number[] = [];
    const vs: number[] = [];
    for (let k = 0; k < K; k++) {
      if (seen[k * P + p] === 0) continue;
      ks.push(k);
      vs.push(busy[k * P + p]);
    }
    const { mean, std, slow } = stragglerRule(vs);
    const stragglers: Straggler[] = slow.map((j) => {
      const c = log.cases[ks[j]];
      // the rid only where it is an MPI rank (else a pid or a name: the case id says it)
      return { case: ks[j], id: c.id, rid: ranked.has(c.cid) ? c.rid : '', busy: vs[j], z: (vs[j] - mean) / std };
    });
    stragglers.sort((x, y) => y.busy - x.busy || x.case - y.case);
    const total = vs.reduce((s, v) => s + v, 0);
    out.push({ start: bounds[p].start, end: bounds[p].end, events: events[p], bytes: bytes[p], busy: total, cases: ks.length, mean, std, stragglers });
  }
  return out;
}
