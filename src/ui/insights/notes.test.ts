/** The Insights tab's notes: an empty window is said as such (issue #33.12); src/store/appStore.test.ts gives them a real empty window. */
import { describe, expect, it } from 'vitest';
import { insightsNotes } from './notes';

describe('insightsNotes', () => {
  it('an empty window: no events to judge, not "no durations"', () => {
    expect(insightsNotes({ events: 0, hasOffsets: false, hasDurations: false, countersOnly: false })).toBe(' · no events in this time window or selection: nothing for the rules to judge');
  });
  it('what the traces lack, when there are events', () => {
    expect(insightsNotes({ events: 5, hasOffsets: false, hasDurations: false, countersOnly: false })).toBe(' · no file offsets: P08–P14 need them · no durations (-T): the time rules are off');
    expect(insightsNotes({ events: 5, hasOffsets: true, hasDurations: true, countersOnly: false })).toBe('');
    // Darshan's counters without DXT: no events, and not an empty window
    expect(insightsNotes({ events: 0, hasOffsets: false, hasDurations: false, countersOnly: true })).toBe(" · from Darshan's counters (no DXT trace: the offset and time rules need one)");
  });
});
