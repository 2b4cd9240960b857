/** Replies of the session's time views on real runs, for the UI's pure models (the UI does not import the
 * analysis): the whole-run timeline and the file offsets of a fixture folder. */
import { compileMapping } from '../analysis/mapping';
import { fileOffsets, type FileOffsets } from '../analysis/time/offsets';
import { runRows, runTimeline, type RunTimeline, type RunTimelineRequest } from '../analysis/time/runTimeline';
import { runSpan } from '../analysis/time/span';
import { DEFAULT_MAPPING } from '../analysis/types';
import type { EventLog } from '../model';

export function runTimelineOf(log: EventLog, req: RunTimelineRequest): RunTimeline {
  const m = compileMapping(log, DEFAULT_MAPPING);
  return runTimeline(log, m, runRows(log, m.pairAct, req.byPid === true, null), runSpan(log).t0, req);
}

export function fileOffsetsOf(log: EventLog, path: string | null): FileOffsets {
  return fileOffsets(log, compileMapping(log, DEFAULT_MAPPING), runSpan(log).t0, path);
}
