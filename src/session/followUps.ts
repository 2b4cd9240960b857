/**
 * The follow-ups of an analysis asked for together (Session.followUps): what the app needs after a new
 * graph (the deferred statistics, the comparison, the overview, the timeline of the selection, …) in one
 * request to the worker instead of one round trip each. Each part is the Analysis' own (memoised on it).
 */
import type { AccessReport } from '../analysis/accessReport';
import type { CompareResult } from '../analysis/compare/index';
import type { InsightsResult, Thresholds } from '../analysis/insights/index';
import type { TimeOverview } from '../analysis/time/types';
import type { TimelineData } from '../analysis/types';
import type { Analysis } from './analysis';
import type { OverviewRequest } from './time';
import type { AnalyzeReply } from './types';

export interface FollowUpRequest {
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
}

export async function followUps(a: Analysis, want: FollowUpRequest, thresholds: Thresholds): Promise<FollowUps> {
  const out: FollowUps = {};
  if (want.complete) out.complete = a.complete();
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
  if (want.timeline !== undefined) out.timeline = a.reply.result.nodes.some((n) => n.id === want.timeline) ? a.timeline(want.timeline) : null;
  return out;
}
