/**
 * The Session's time views (docs/METHOD.md, "Time"): the overview with its phases, the whole-run timeline,
 * file offsets and the Chrome trace export of an analysis' events. Time 0 of all of them is `t0`, the
 * earliest event start of all loaded cases (the loaded log's LogIndex.span), also when case filters keep
 * fewer cases or a time window fewer events.
 */
import { caseSides } from '../analysis/partition';
import type { CompiledMapping } from '../analysis/mapping';
import type { LogIndex } from '../analysis/logIndex';
import type { PartitionSpec } from '../analysis/types';
import { timeOverview, writeChromeTrace, type TimeWindow, type TraceSink, type UntracedTime } from '../analysis/time/index';
import type { OverviewMetric, TimeOverview } from '../analysis/time/types';
import type { EventLog } from '../model/eventlog';
import type { RunTimeline, RunTimelineRequest } from '../analysis/time/runTimeline';
import type { FileOffsets } from '../analysis/time/offsets';
import type { HeatmapRequest } from '../analysis/darshan/heatmapOverview';

export type { FileOffsets, RunTimeline, RunTimelineRequest };

export type { TimeWindow };

export interface OverviewRequest {
  metric: OverviewMetric;
  bins?: number;
  /** Each case on its own clock (time 0 = its first event). */
  align?: boolean;
  /** Only these activities (null = every mapped event). */
  activities?: string[] | null;
  /** One row per (case, pid). */
  byPid?: boolean;
  /** Darshan logs without events: which runtime heatmap to draw (interface, direction). */
  heatmap?: HeatmapRequest;
}


/** The overview of the index's log (the cases kept by the case filters, every event: the window is drawn on it);
 * `untraced`: its untraced time (computed here without it). */
export function overviewOf(filtered: LogIndex, t0: number, compiled: CompiledMapping, partition: PartitionSpec | null, req: OverviewRequest, untraced?: UntracedTime): TimeOverview {
  const log = filtered.log;
  return timeOverview(log, compiled, {
    metric: req.metric,
    bins: req.bins,
    align: req.align,
    activities: req.activities ?? null,
    byPid: req.byPid,
    side: partition ? caseSides(log, partition) : null,
    t0,
  }, filtered.span, untraced);
}

/** Writes `log` as Chrome Trace Event JSON (times since t0) to a sink (`layerRules`: the view's). */
export function writeChrome(log: EventLog, t0: number, sink: TraceSink, layerRules?: readonly string[]): { events: number; chars: number } {
  return writeChromeTrace(log, sink, { t0, layerRules });
}

interface Encoder {
  encode(s: string): Uint8Array;
}
const TE = (globalThis as unknown as { TextEncoder: new () => Encoder }).TextEncoder;

/** The Chrome trace JSON as UTF-8 parts of about `part` bytes (for a Blob in the app: no giant string). */
export function chromeParts(log: EventLog, t0: number, layerRules?: readonly string[], part = 1 << 20): Uint8Array[] {
  const enc = new TE();
  const parts: Uint8Array[] = [];
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length) parts.push(enc.encode(pending.join('')));
    pending = [];
    size = 0;
  };
  writeChrome(log, t0, {
    write(chunk) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= part) flush();
    },
  }, layerRules);
  flush();
  return parts;
}
