/**
 * `replay --check`: a replay's traces against its folder (the CLI) or against the recording it was planned
 * from (the app: the recording green, the replay's traces red). docs/METHOD.md "Fidelity".
 */
import type { EventLog } from '../../model/eventlog';
import { expectedDo, inferRoot, seenDo, unrootWith, type CaseDo } from './expect';
import { fidelity, type FidelityReport, type SeenCase } from './fidelity';
import { nameTable } from './writers';
import type { ReadFolder } from './readFolder';
import type { ReplayPlan } from './types';

/** The replay traces' cases by trace cid and rid. */
function seenCases(traces: EventLog, names: ReadonlyMap<string, string>): { seen: Map<string, SeenCase>; root: string | null } {
  const root = inferRoot(traces.paths, new Set([...names.keys()].map((n) => '/' + n)));
  const seen = new Map<string, SeenCase>();
  if (root === null) {
    for (const c of traces.cases) seen.set(`${c.cid}\0${c.rid}`, { trace: c.id, files: new Map(), span: 0, dataBusy: 0, metaBusy: 0 });
    return { seen, root };
  }
  for (const s of seenDo(traces, unrootWith(root, names))) {
    const info = traces.cases[s.c];
    seen.set(`${info.cid}\0${info.rid}`, { trace: info.id, files: s.files, span: s.span, dataBusy: s.dataBusy, metaBusy: s.metaBusy });
  }
  return { seen, root };
}

/** A replay folder's plan against its traces (`strace-dfg replay --check DIR TRDIR`). */
export function checkFolder(folder: ReadFolder, traces: EventLog): FidelityReport {
  const { seen, root } = seenCases(traces, folder.names);
  return fidelity(folder.cases, seen, folder.whatIfs.length > 0, root);
}

/** The plan's cases as the check expects them. */
export function planExpectations(plan: ReplayPlan): CaseDo[] {
  return plan.cases.map((c) => ({ index: c.index, id: c.id, traceCid: c.traceCid, traceRid: c.traceRid, files: expectedDo(c.io, c.meta), span: c.span, dataBusy: c.dataBusy, metaBusy: c.metaBusy, recorded: c.recorded }));
}

/** A plan (made from the recording) against a replay's traces (the app: green = recording, red = replay). */
export function checkPlan(plan: ReplayPlan, traces: EventLog): FidelityReport {
  const nameOf = nameTable(plan.files);
  const names = new Map(plan.files.map((f) => [nameOf(f.path), f.path]));
  const { seen, root } = seenCases(traces, names);
  const w = plan.whatIfs;
  return fidelity(planExpectations(plan), seen, !!(w.coalesce || w.align || w.layout || w.pread || w.noSync), root);
}
