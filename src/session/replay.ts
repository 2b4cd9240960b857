/**
 * The Session's replay (docs/METHOD.md "Replay"): the replay folder of the last analysis' cases (or one side
 * of its partition), its fidelity check against a replay's traces, and the compressed pattern. The plan needs
 * the recorded paths and calls as they are: when the view normalises per-process paths or names layers, the
 * same cases and time window of the loaded log are used, with the view's mapping compiled raw.
 */
import { mappingLogKey, type CompiledMapping } from '../analysis/index';
import { checkFolder, checkPlan, patternReport, readReplayFolder, replayFolder, replayPlan, whatIfLines, type PatternReport, type FidelityReport, type ReplayFile, type ReplayPlan, type WhatIfs } from '../analysis/replay/index';
import { formatTimeWindow, missingText, untracedTime, windowLog } from '../analysis/time/index';
import type { PartitionSpec } from '../analysis/types';
import type { EventLog } from '../model/eventlog';
import { selectCases } from '../analysis/caseSelect';
import { isWindow } from '../analysis/time/window';
import type { AnalyzeParams } from './types';

export type ReplaySide = 'all' | 'green' | 'red';

export interface ReplayRequest {
  whatIfs?: Partial<WhatIfs>;
  /** The analysed cases (default), or one side of the partition. */
  side?: ReplaySide;
}

export interface ReplayReply {
  files: ReplayFile[];
  cases: number;
  /** Data requests, bytes and metadata calls replayed. */
  requests: number;
  bytes: number;
  metadata: number;
  /** Cases whose I/O strace could not see, with why. */
  unseen: { id: string; why: string }[];
  /** Lines of the what-ifs applied. */
  whatIfs: string[];
  left: Record<string, number>;
}

/** What the Session hands over: its loaded log, the last analysis and a compiler for a raw mapping. */
export interface ReplayState {
  loaded: EventLog;
  /** Time 0 of the views (the earliest event start of the loaded log). */
  t0: number;
  work: EventLog;
  compiled: CompiledMapping;
  params: AnalyzeParams;
  partition: PartitionSpec | null;
  /** The view text of the last analysis (for the README). */
  view: string;
  compile(log: EventLog, params: AnalyzeParams): Promise<CompiledMapping>;
}

const keepIds = (log: EventLog, ids: ReadonlySet<string>): EventLog => {
  const keep = Uint8Array.from(log.cases, (c) => (ids.has(c.id) ? 1 : 0));
  return keep.every((k) => k === 1) ? log : selectCases(log, keep);
};

/** The cases and events to replay, with raw paths and calls, and which pairs the view keeps. */
export async function replayView(s: ReplayState, side: ReplaySide): Promise<{ log: EventLog; keepPair: (p: number) => boolean; scope: string }> {
  let ids: Set<string> | null = null;
  if (side !== 'all') {
    if (!s.partition) throw new Error(`no partition: choose the ${side} cases first`);
    ids = new Set(s.partition[side]);
  }
  const scope: string[] = [];
  if (ids) scope.push(`the ${side} cases (${ids.size})`);
  if (s.work.cases.length < s.loaded.cases.length) scope.push(`${s.work.cases.length} of ${s.loaded.cases.length} loaded cases (case filters)`);
  if (s.params.time && (s.params.time.from !== null || s.params.time.to !== null)) scope.push(`the events of the time window ${formatTimeWindow(s.params.time)} s`);
  let log = s.work;
  let compiled = s.compiled;
  if (mappingLogKey(s.params.mapping) !== '') {
    const params = { ...s.params, mapping: { ...s.params.mapping, pids: 'raw' as const, layer: false } };
    compiled = await s.compile(s.loaded, params);
    const kept = keepIds(s.loaded, new Set(s.work.cases.map((c) => c.id)));
    log = isWindow(s.params.time) ? windowLog(kept, s.params.time, s.t0) : kept;
  }
  if (ids) log = keepIds(log, ids);
  const act = compiled.pairAct;
  return { log, keepPair: (p) => act[p] >= 0, scope: scope.join(', ') };
}

export function replayReply(plan: ReplayPlan, sources: string[], view: string, scope: string): ReplayReply {
  const files = replayFolder(plan, { sources, view, scope });
  let requests = 0;
  let bytes = 0;
  let metadata = 0;
  for (const c of plan.cases) {
    metadata += c.meta.length;
    for (const l of c.io)
      if (l.kind === 'read' || l.kind === 'write') {
        requests++;
        bytes += l.size;
      }
  }
  return { files, cases: plan.cases.length, requests, bytes, metadata, unseen: plan.cases.filter((c) => c.unseen).map((c) => ({ id: c.id, why: c.unseen! })), whatIfs: whatIfLines(plan.whatIfs), left: plan.left };
}

/** Per case, what its trace filter left out (docs/METHOD.md "Untraced time"), for the README. */
function filterNotes(s: ReplayState, log: EventLog): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of untracedTime(log, { t0: s.t0 }).cases) {
    const t = missingText(c);
    if (t) out.set(c.id, `${t} (the trace was filtered${c.advice ? `; record with \`${c.advice}\`` : ''})`);
  }
  return out;
}

export async function replayOf(s: ReplayState, req: ReplayRequest, sources: string[]): Promise<ReplayReply> {
  const { log, keepPair, scope } = await replayView(s, req.side ?? 'all');
  const plan = replayPlan(log, { keepPair, whatIfs: req.whatIfs, filterNotes: filterNotes(s, log) });
  return replayReply(plan, sources, s.view, scope);
}

export interface ReplayCheckRequest {
  /** A replay folder's files by relative path (the CLI's `--check DIR`): the loaded traces are its replay. Without:
   * the green cases are the recording, the red ones its replay (planned with `whatIfs`). */
  folder?: Record<string, string>;
  whatIfs?: Partial<WhatIfs>;
}

export async function replayCheckOf(s: ReplayState, req: ReplayCheckRequest): Promise<FidelityReport> {
  if (req.folder) {
    const files = req.folder;
    return checkFolder(readReplayFolder((p) => files[p] ?? null), s.loaded);
  }
  if (!s.partition || !s.partition.green.length || !s.partition.red.length) throw new Error('choose the recording as the green cases and the replay\'s traces as the red ones first');
  const green = await replayView(s, 'green');
  const plan = replayPlan(green.log, { keepPair: green.keepPair, whatIfs: req.whatIfs });
  return checkPlan(plan, keepIds(s.loaded, new Set(s.partition.red)));
}

/** The compressed pattern of the cases (docs/METHOD.md "Pattern compression"). */
export async function replayPatternOf(s: ReplayState, side: ReplaySide): Promise<PatternReport> {
  const { log, keepPair } = await replayView(s, side);
  return patternReport(log, keepPair);
}
