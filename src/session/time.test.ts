/** The Session's time views on the real phases fixture: windows in analyze, overview and phases, Chrome export. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { compileMapping } from '../analysis/mapping';
import { phasesLog } from '../testing/phasesFixture';
import { phasesSession as loaded, testParams as params } from '../testing/phasesSession';
import { selectCases } from '../analysis/caseSelect';
import { overviewOf } from './time';
import { LogIndex } from '../analysis/logIndex';
import { noCtx } from './types';

const ids = (r: { result: { nodes: { id: string }[] } }): string[] => r.result.nodes.map((n) => n.id);

describe('Session time views', () => {
  it('analyses a time window, successive windows as a fresh session does, and clears it', async () => {
    const s = await loaded();
    const all = await s.analyze(noCtx(), params());
    expect(ids(all)).toEqual(expect.arrayContaining(['write:/tmp/phases', 'read:/tmp/phases']));
    const write = await s.analyze(noCtx(), params({ time: { from: 0.3, to: 1.2 } }));
    expect(ids(write)).toContain('write:/tmp/phases');
    expect(ids(write)).not.toContain('read:/tmp/phases');
    expect(write.keptCases).toBe(6);
    // the second window overwrites the first one's buffers: same result as a session that never had one
    const read = await s.analyze(noCtx(), params({ time: { from: 1.2, to: null } }));
    const fresh = await (await loaded()).analyze(noCtx(), params({ time: { from: 1.2, to: null } }));
    expect(read.result).toEqual(fresh.result);
    expect(ids(read)).not.toContain('write:/tmp/phases');
    const back = await s.analyze(noCtx(), params({ time: null }));
    expect(back.result).toEqual(all.result);
  });

  it('gives the overview of every event with the phases, whatever the window, and time 0 of all loaded cases', async () => {
    const s = await loaded();
    await s.analyze(noCtx(), params({ time: { from: 0.3, to: 1.2 }, partition: { green: 're:_[0-2]$', red: 're:_[3-5]$' } }));
    const o = await s.timeOverview(noCtx(), { metric: 'busy' });
    expect(o.overview.rows).toBe(6);
    expect(o.rowLabels.slice(0, 3)).toEqual(['phases_node1_0', 'phases_node1_1', 'phases_node1_2']);
    expect(Array.from(o.overview.rowSide)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(o.phases.phases.map((p) => p.stragglers.map((x) => x.rid))).toEqual([expect.any(Array), ['3'], ['1']]);
  });

  it('keeps time 0 at the first event of all loaded cases when case filters keep fewer', () => {
    const base = phasesLog();
    const m = compileMapping(base, DEFAULT_MAPPING);
    // drop the rank whose execve came first (time 0)
    let first = 0;
    for (let k = 1; k < base.cases.length; k++) if (base.start[base.caseOffsets[k]] < base.start[base.caseOffsets[first]]) first = k;
    const keep = new Uint8Array(base.cases.length).fill(1);
    keep[first] = 0;
    const some = selectCases(base, keep);
    const t0 = new LogIndex(base).span.t0;
    const a = overviewOf(new LogIndex(base), t0, m, null, { metric: 'busy' });
    const b = overviewOf(new LogIndex(some), t0, m, null, { metric: 'busy' });
    expect(b.overview.rows).toBe(5);
    expect(b.phases.t0).toBe(a.phases.t0);
    expect(b.overview.t0).toBe(a.overview.t0);
    expect(b.phases.phases[1].start).toBeCloseTo(a.phases.phases[1].start, 9);
    expect(b.phases.phases[2].start).toBeCloseTo(a.phases.phases[2].start, 9);
    // the same bins: each kept row has the same cells as in the overview of all cases
    const rowOf = (o: typeof a, k: number) => o.overview.cells.subarray(o.rowLabels.indexOf(base.cases[k].id) * 200, (o.rowLabels.indexOf(base.cases[k].id) + 1) * 200);
    const k2 = first === 0 ? 1 : 0;
    expect(b.overview.span).toBe(a.overview.span);
    expect(Array.from(rowOf(b, k2))).toEqual(Array.from(rowOf(a, k2)));
  });

  it('exports the analysed events as Chrome trace JSON parts', async () => {
    const s = await loaded();
    const all = await s.analyze(noCtx(), params());
    const partsAll = await s.chromeTrace(noCtx());
    const doc = (parts: Uint8Array[]) => JSON.parse(Buffer.concat(parts).toString('utf8')) as { traceEvents: { ph: string; ts: number }[] };
    expect(doc(partsAll).traceEvents.filter((e) => e.ph === 'X')).toHaveLength(all.result.events);
    const w = await s.analyze(noCtx(), params({ time: { from: 1.2, to: null } }));
    const x = doc(await s.chromeTrace(noCtx())).traceEvents.filter((e) => e.ph === 'X');
    expect(x).toHaveLength(w.result.events);
    expect(Math.min(...x.map((e) => e.ts))).toBeGreaterThanOrEqual(1.2e6);
  });
});
