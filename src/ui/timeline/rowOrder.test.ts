/** The activity timeline's rows follow the partition like the time overview's: green, red, unassigned
 * (the 8+8-rank IOR-like run, loaded fpp_* before ssf_*: the red cases come first in the log). */
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../testing/mpiFixtures';
import { activityTimelineOf } from '../../testing/runTimelineFixture';
import { orderRowsBySide } from './rowOrder';

const ACT = 'pwrite64:/scratch/ior';
const ranks = (prefix: string, rs: number[]): string[] => rs.map((r) => `${prefix}_vm_${r}`);
/** Per row, the indices of the events drawn on it. */
function rowEvents(rows: number, row: Uint32Array): Set<number>[] {
  const out = Array.from({ length: rows }, () => new Set<number>());
  row.forEach((r, i) => out[r].add(i));
  return out;
}

describe('activity timeline rows by side (ior-ssf-fpp)', () => {
  const log = loadFixture('ior-ssf-fpp');

  it('green ssf first, then red fpp, as in the time overview', () => {
    const { timeline, partition, overviewCases } = activityTimelineOf(log, ACT, 'cid:ssf', 'cid:fpp');
    expect(timeline.rowCase).toEqual([...ranks('fpp', [0, 1, 2, 3, 4, 5, 6, 7]), ...ranks('ssf', [0, 1, 2, 3, 4, 5, 6, 7])]);
    const { data, rowSides } = orderRowsBySide(timeline, partition);
    expect(data.rowCase).toEqual([...ranks('ssf', [0, 1, 2, 3, 4, 5, 6, 7]), ...ranks('fpp', [0, 1, 2, 3, 4, 5, 6, 7])]);
    expect(data.rowCase).toEqual(overviewCases);
    expect(rowSides).toEqual([...Array(8).fill('green'), ...Array(8).fill('red')]);
    // labels and every event's row move with their case; the events themselves stay
    expect(data.rowLabels).toEqual(data.rowCase.map((id) => timeline.rowLabels[timeline.rowCase.indexOf(id)]));
    const before = rowEvents(timeline.rowCase.length, timeline.row);
    const after = rowEvents(data.rowCase.length, data.row);
    data.rowCase.forEach((id, r) => expect(after[r], id).toEqual(before[timeline.rowCase.indexOf(id)]));
    expect(data.start).toBe(timeline.start);
  });

  it('unassigned cases last, each group in log order; swapping the sides swaps the groups', () => {
    const { timeline, partition, overviewCases } = activityTimelineOf(log, ACT, 'cid:ssf', 're:^fpp_vm_[4-7]');
    const { data, rowSides } = orderRowsBySide(timeline, partition);
    expect(data.rowCase).toEqual([...ranks('ssf', [0, 1, 2, 3, 4, 5, 6, 7]), ...ranks('fpp', [4, 5, 6, 7]), ...ranks('fpp', [0, 1, 2, 3])]);
    expect(data.rowCase).toEqual(overviewCases);
    expect(rowSides!.slice(8)).toEqual([...Array(4).fill('red'), ...Array(4).fill(null)]);
    const swapped = activityTimelineOf(log, ACT, 'cid:fpp', 'cid:ssf');
    const s = orderRowsBySide(swapped.timeline, swapped.partition);
    expect(s.data).toBe(swapped.timeline); // already green first: nothing copied
    expect(s.data.rowCase).toEqual(swapped.overviewCases);
  });

  it('no partition: the Session order, no sides', () => {
    const { timeline } = activityTimelineOf(log, ACT, 'cid:ssf', 'cid:fpp');
    expect(orderRowsBySide(timeline, null)).toEqual({ data: timeline, rowSides: null });
  });
});
