/** Replies of the session's time views on real runs, for the UI's pure models (the UI does not import the
 * analysis): the whole-run timeline, the file offsets and an activity's timeline of a fixture folder. */
import { activityEvents } from '../analysis/events';
import { compileMapping } from '../analysis/mapping';
import { caseSides, resolvePartition } from '../analysis/partition';
import { rowGaps, untracedTime } from '../analysis/time/gaps';
import { overview } from '../analysis/time/overview';
import { fileOffsets, type FileOffsets } from '../analysis/time/offsets';
import { runRows, runTimeline, type RunTimeline, type RunTimelineRequest } from '../analysis/time/runTimeline';
import { runSpan } from '../analysis/time/span';
import { DEFAULT_MAPPING, type TimelineData } from '../analysis/types';
import type { EventLog } from '../model';
import { buildTimeline } from '../session/timeline';

/** With `gaps`, the rows' untraced gaps as the Session adds them (session/analysis.ts). */
export function runTimelineOf(log: EventLog, req: RunTimelineRequest, gaps = false): RunTimeline {
  const m = compileMapping(log, DEFAULT_MAPPING);
  const t0 = runSpan(log).t0;
  const t = runTimeline(log, m, runRows(log, m.pairAct, req.byPid === true, null), t0, req);
  return gaps ? { ...t, gaps: rowGaps(untracedTime(log, { t0 }), t.rowCase, t.x0, t.x1) } : t;
}

export function fileOffsetsOf(log: EventLog, path: string | null): FileOffsets {
  return fileOffsets(log, compileMapping(log, DEFAULT_MAPPING), runSpan(log).t0, path);
}

/**
 * The Session's timeline of one activity (default mapping), the partition of selectors `green` / `red`
 * as the store gets it (`partitionCases`), and the case ids of the time overview's rows under it.
 */
export function activityTimelineOf(log: EventLog, activity: string, green: string, red: string): { timeline: TimelineData; partition: { green: string[]; red: string[] }; overviewCases: string[] } {
  const m = compileMapping(log, DEFAULT_MAPPING);
  const partition = resolvePartition(log, green, red);
  const ov = overview(log, m, { metric: 'busy', side: caseSides(log, partition) });
  return {
    timeline: buildTimeline(log, m, activity, activityEvents(log, m, activity)),
    partition: { green: partition.green, red: partition.red },
    overviewCases: Array.from(ov.rowCase, (k) => log.cases[k].id),
  };
}
