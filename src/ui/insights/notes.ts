/**
 * The line under the Insights tab's count: what the rules could not judge. An empty time window (brushed
 * where no call runs) or case selection leaves no events: that is said, not "no durations" (issue #33.12).
 * Darshan logs without a DXT trace have no events either: the rules read their counters.
 */
import type { InsightsResult } from '../../analysis/insights/index';

export function insightsNotes(r: Pick<InsightsResult, 'events' | 'hasOffsets' | 'hasDurations' | 'countersOnly'>): string {
  if (r.countersOnly) return " · from Darshan's counters (no DXT trace: the offset and time rules need one)";
  if (r.events === 0) return ' · no events in this time window or selection: nothing for the rules to judge';
  return `${r.hasOffsets ? '' : ' · no file offsets: P08–P14 need them'}${r.hasDurations ? '' : ' · no durations (-T): the time rules are off'}`;
}
