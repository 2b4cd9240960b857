/** The Session's whole-run timeline, file offsets and phases over the analysed events (phases fixture):
 * a time window and the partition reach them; a new analysis gives new rows. */
import { describe, expect, it } from 'vitest';
import { phasesSession as loaded, testParams as params } from '../testing/phasesSession';
import { noCtx } from './types';

const sum = (a: ArrayLike<number>): number => Array.from(a).reduce((x, y) => x + y, 0);

describe('Session.runTimeline / fileOffsets / phases', () => {
  it('serve the analysed events: all of them, then only the window', async () => {
    const s = await loaded();
    const all = await s.analyze(noCtx(), params());
    const mapped = all.result.events - all.result.unmapped;
    const full = await s.runTimeline(noCtx(), { pixels: 800, threshold: 1e9 });
    expect(full.events).toBe(mapped);
    expect(full.row.length).toBe(mapped);
    expect(full.rowLabels).toHaveLength(6);
    const byPid = await s.runTimeline(noCtx(), { pixels: 800, threshold: 1e9, byPid: true });
    expect(byPid.rowLabels.every((l) => / · pid \d+$/.test(l))).toBe(true);
    const files = await s.fileOffsets(noCtx(), null);
    expect(files.files.map((f) => f.path).sort()).toEqual([0, 1, 2, 3, 4, 5].map((r) => `/tmp/phases/data/rank${r}.dat`));
    expect((await s.phases(noCtx())).phases).toHaveLength(3);

    const w = await s.analyze(noCtx(), params({ time: { from: 0.3, to: 1.2 } }));
    const inWindow = await s.runTimeline(noCtx(), { pixels: 800, threshold: 5 });
    expect(inWindow.events).toBe(w.result.events - w.result.unmapped);
    expect(inWindow.binned).toBe(true);
    expect(sum(inWindow.count)).toBe(inWindow.events);
    expect(inWindow.min).toBeGreaterThanOrEqual(0.3);
    const rank3 = await s.fileOffsets(noCtx(), '/tmp/phases/data/rank3.dat');
    // rank 3 writes 64 blocks of 64 KiB in the write phase, one after the other (the first, at 0, random as in
    // Darshan); no read in the window
    expect(rank3.write).toEqual({ consecutive: 63, sequential: 0, random: 1 });
    expect(rank3.read).toEqual({ consecutive: 0, sequential: 0, random: 0 });
    const ph = await s.phases(noCtx());
    expect(ph.phases).toHaveLength(1);
    expect(ph.phases[0].stragglers.map((x) => x.id)).toEqual(['phases_node1_3']);
  });

  it('rows follow the partition: green first', async () => {
    const s = await loaded();
    await s.analyze(noCtx(), params({ partition: { green: 'ids:phases_node1_4,phases_node1_5', red: 'ids:phases_node1_0' } }));
    const d = await s.runTimeline(noCtx(), { pixels: 500 });
    expect(d.rowCase.slice(0, 3)).toEqual(['phases_node1_4', 'phases_node1_5', 'phases_node1_0']);
    expect(Array.from(d.rowSide)).toEqual([1, 1, 2, 0, 0, 0]);
  });
});
