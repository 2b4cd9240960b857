/**
 * The follow-ups of an analysis asked for together (Session.followUps): what the app needs after a new
 * graph (the deferred statistics, the comparison, the overview, the timeline of the selection, …) in one
 * request to the worker instead of one round trip each. Each part is the Analysis' own (memoised on it).
 */
import type { AccessReport } from '../analysis/accessReport';
import type { LayerReport } from '../analysis/layers/report';
import type { UntracedTime } from '../analysis/time/gaps';
import type { CompareResult } from '../analysis/compare/index';
import type { InsightsResult, Thresholds } from '../analysis/insights/index';
import type { Phases, TimeOverview } from '../analysis/time/types';
import type { TimelineData } from '../analysis/types';
import type { Analysis } from './analysis';
import type { FileOffsets, OverviewRequest, RunTimeline, RunTimelineRequest } from './time';
import type { AnalyzeReply } from './types';

export interface FollowUpRequest {
  /** The analysis these are asked of (AnalyzeReply.analysis); another one is current: `{ stale: true }`. */
  of?: number;
  /** The statistics the analysis deferred (mc, DR, p95): `complete`. */
  complete?: boolean;
  /** Green against red, when the partition has cases on both sides. */
  compare?: boolean;
  /** The overview with its phases. */
  overview?: OverviewRequest;
  /** The insight findings at the session's current thresholds. */
  insights?: boolean;
  /** The access patterns per file and activity. */
  access?: boolean;
  /** The timeline of this activity. */
  timeline?: string;
  /** The I/O phases and stragglers of these activities (null: every mapped event). */
  phases?: { activities: string[] | null };
  /** Untraced time, located. */
  untraced?: boolean;
  /** The events by layer and call site. */
  layers?: boolean;
  /** The run timeline of a visible range. */
  runTimeline?: RunTimelineRequest;
  /** The files at known offsets, and the reads and writes of `path`. */
  fileOffsets?: { path: string | null };
}

export interface FollowUps {
  /** The reply with the deferred statistics filled in; null when nothing was deferred. */
  complete?: AnalyzeReply | null;
  /** null: no partition with cases on both sides; `error`: the comparison failed (its message). */
  compare?: CompareResult | { error: string } | null;
  overview?: TimeOverview;
  insights?: InsightsResult;
  access?: AccessReport;
  /** null: no such activity in this analysis. */
  timeline?: TimelineData | null;
  phases?: Phases;
  untraced?: UntracedTime;
  /** null: the events have neither stacks nor a layer column. */
  layers?: LayerReport | null;
  runTimeline?: RunTimeline;
  fileOffsets?: FileOffsets;
  /** `of` named an analysis that is no longer the current one: nothing else is answered. */
  stale?: true;
}

export async function followUps(a: Analysis, want: FollowUpRequest, thresholds: Thresholds): Promise<FollowUps> {
  const out: FollowUps = {};
  if (want.complete) out.complete = await a.complete();
  if (want.compare) {
    const pc = a.reply.partitionCases;
    if (!pc || !pc.green.length || !pc.red.length) out.compare = null;
    else {
      try {
        out.compare = a.compare();
      } catch (e) {
        out.compare = { error: e instanceof Error ? e.message : String(e) };
      }
    }
  }
  if (want.overview) out.overview = a.overview(want.overview);
  if (want.insights) out.insights = await a.insights(thresholds);
  if (want.access) out.access = await a.access();
  if (want.phases) out.phases = a.phases(want.phases.activities);
  if (want.untraced) out.untraced = a.untraced();
  if (want.layers) out.layers = a.layers();
  if (want.runTimeline) out.runTimeline = a.runTimeline(want.runTimeline);
  if (want.fileOffsets) out.fileOffsets = a.fileOffsets(want.fileOffsets.path);
  if (want.timeline !== undefined) out.timeline = a.reply.result.nodes.some((n) => n.id === want.timeline) ? a.timeline(want.timeline) : null;
  return out;
}
