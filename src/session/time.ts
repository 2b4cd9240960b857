/**
 * The Session's time views (docs/METHOD.md, "Time"): the time window of a view, the overview with its
 * phases, and the Chrome trace export, over the logs the Session keeps.
 */
import { caseSides } from '../analysis/partition';
import type { CompiledMapping } from '../analysis/mapping';
import type { PartitionSpec } from '../analysis/types';
import { phases, rowGaps, runSpan, timeOverview, untracedTime, windowLog, writeChromeTrace, type TimeWindow, type TraceSink, type UntracedTime } from '../analysis/time/index';
import type { OverviewMetric, Phases, TimeOverview } from '../analysis/time/types';
import type { EventLog } from '../model/eventlog';
import { runRows, runTimeline, type RunRows, type RunTimeline, type RunTimelineRequest } from '../analysis/time/runTimeline';
import { fileOffsets, type FileOffsets } from '../analysis/time/offsets';
import { layerInfo } from '../analysis/layers/classify';
import type { HeatmapRequest } from '../analysis/darshan/heatmapOverview';
import { forRecordedLayers } from './untracedLayers';

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

export const isWindow = (w: TimeWindow | null | undefined): w is TimeWindow => w != null && (w.from !== null || w.to !== null);

/**
 * The events of `log` in the window (seconds since t0 = the earliest event start of `base`, all loaded
 * cases). `reuse`: the previous window, whose buffers may be overwritten.
 */
export function applyWindow(base: EventLog, log: EventLog, time: TimeWindow | null | undefined, reuse: EventLog | null): EventLog {
  if (!isWindow(time)) return log;
  return windowLog(log, time, runSpan(base).t0, reuse);
}

/** The overview of `log` (the cases kept by the case filters, every event: the window is drawn on it). */
export function overviewOf(base: EventLog, log: EventLog, compiled: CompiledMapping, partition: PartitionSpec | null, req: OverviewRequest): TimeOverview {
  // time 0 is the run start of all loaded cases, also when case filters keep fewer
  return timeOverview(log, compiled, {
    metric: req.metric,
    bins: req.bins,
    align: req.align,
    activities: req.activities ?? null,
    byPid: req.byPid,
    side: partition ? caseSides(log, partition) : null,
    t0: runSpan(base).t0,
  });
}

/** The I/O phases and stragglers of `log` (times since the run start of `base`). */
export function phasesOf(base: EventLog, log: EventLog, compiled: CompiledMapping, activities: string[] | null = null): Phases {
  return phases(log, compiled, { activities, t0: runSpan(base).t0 });
}

/** The untraced time of `log`'s cases, located (whole cases; times since the run start of `base`); what fills
 * the gaps of Darshan and OTF2 cases said for their format (untracedLayers.ts). */
export function untracedOf(base: EventLog, log: EventLog): UntracedTime {
  return forRecordedLayers(log, untracedTime(log, { t0: runSpan(base).t0 }));
}

/** Writes `log` as Chrome Trace Event JSON (times since the run start of `base`) to a sink (`layerRules`: the view's). */
export function writeChrome(base: EventLog, log: EventLog, sink: TraceSink, layerRules?: readonly string[]): { events: number; chars: number } {
  return writeChromeTrace(log, sink, { t0: runSpan(base).t0, layerRules });
}

/** The rows of the run timeline, made once per analysed log, mapping, partition and row mode. */
const rowsCache = new WeakMap<EventLog, { compiled: CompiledMapping; partition: PartitionSpec | null; byPid: boolean; rows: RunRows }>();

/** The whole-run timeline of `log` for a visible range (docs/METHOD.md "Time"; times since the run start of `base`),
 * with the untraced gaps of `whole` (the cases of `log` before the time window) in that range. */
export function runTimelineOf(base: EventLog, log: EventLog, compiled: CompiledMapping, partition: PartitionSpec | null, req: RunTimelineRequest, whole: EventLog = log, layerRules?: readonly string[]): RunTimeline {
  const byPid = req.byPid === true;
  let c = rowsCache.get(log);
  if (!c || c.compiled !== compiled || c.partition !== partition || c.byPid !== byPid) {
    c = { compiled, partition, byPid, rows: runRows(log, compiled.pairAct, byPid, partition ? caseSides(log, partition) : null) };
    rowsCache.set(log, c);
  }
  const t = runTimeline(log, compiled, c.rows, runSpan(base).t0, req, layerInfo(log, layerRules));
  return { ...t, gaps: rowGaps(untracedOf(base, whole), t.rowCase, t.x0, t.x1) };
}

/** The files read or written at known offsets, and the reads and writes of `path` (times since the run start of `base`). */
export function fileOffsetsOf(base: EventLog, log: EventLog, compiled: CompiledMapping, path: string | null): FileOffsets {
  return fileOffsets(log, compiled, runSpan(base).t0, path);
}

interface Encoder {
  encode(s: string): Uint8Array;
}
const TE = (globalThis as unknown as { TextEncoder: new () => Encoder }).TextEncoder;

/** The Chrome trace JSON as UTF-8 parts of about `part` bytes (for a Blob in the app: no giant string). */
export function chromeParts(base: EventLog, log: EventLog, layerRules?: readonly string[], part = 1 << 20): Uint8Array[] {
  const enc = new TE();
  const parts: Uint8Array[] = [];
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    if (pending.length) parts.push(enc.encode(pending.join('')));
    pending = [];
    size = 0;
  };
  writeChrome(base, log, {
    write(chunk) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= part) flush();
    },
  }, layerRules);
  flush();
  return parts;
}
