/** The per-activity timeline's layer per event (docs/METHOD.md "Layers"), on the real strace -k trace of a C
 * program writing directly and through stdio (src/analysis/layers/__fixtures__/README.md, `c/c_all.st`):
 * the program's own account (c_all_prog.txt) says which function wrote which file, and how much. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAPPING } from '../analysis/types';
import { programTruth } from '../testing/stackFixtures';
import { phasesSession, testParams } from '../testing/phasesSession';
import { plainTimeline, stackSession } from '../testing/stackSession';
import { noCtx } from './types';

const D = '/tmp/layers-fx/c';
const truth = programTruth('c/c_all_prog.txt');
const of = (fn: string): { calls: number; bytes: number } => {
  const t = truth.find((x) => x[0] === fn)!;
  return { calls: Number(t[2]), bytes: Number(t[3]) };
};

const loaded = () => stackSession(['c/c_all.st']);

/** Per layer name: events and bytes of a timeline. */
function byLayer(t: { layer?: Uint8Array; layerNames?: string[]; size: Float64Array }): Record<string, { events: number; bytes: number }> {
  const out: Record<string, { events: number; bytes: number }> = {};
  t.layer!.forEach((l, i) => {
    const o = (out[t.layerNames![l]] ??= { events: 0, bytes: 0 });
    o.events++;
    o.bytes += t.size[i];
  });
  return out;
}

describe('the timeline of an activity, by layer (strace -k)', () => {
  it("stdio.dat's writes are stdio's, direct.dat's the program's own (app): the program's bytes", async () => {
    const s = await loaded();
    await s.analyze(noCtx(), testParams({ mapping: { ...DEFAULT_MAPPING, depth: 0 } }));
    const stdio = await s.timeline(noCtx(), `write:${D}/stdio.dat`);
    // write_stdio's fwrites of 100 B leave through a 4 KiB buffer: fewer, bigger write(2)s, all through stdio
    expect(Object.keys(byLayer(stdio))).toEqual(['stdio']);
    expect(byLayer(stdio).stdio.bytes).toBe(of('write_stdio').bytes);
    expect(byLayer(stdio).stdio.events).toBeLessThan(of('write_stdio').calls);
    const direct = await s.timeline(noCtx(), `write:${D}/direct.dat`);
    expect(byLayer(direct)).toEqual({ app: { events: of('write_direct').calls, bytes: of('write_direct').bytes } });
    const thread = await s.timeline(noCtx(), `pwrite64:${D}/thread.dat`);
    expect(byLayer(thread)).toEqual({ app: { events: of('thread_direct').calls, bytes: of('thread_direct').bytes } });
  });

  it("follows the view's layer rules: a user's rule before the table's", async () => {
    const s = await loaded();
    await s.analyze(noCtx(), testParams({ mapping: { ...DEFAULT_MAPPING, depth: 0, layerRules: ['buffered sym=^_IO_'] } }));
    const stdio = await s.timeline(noCtx(), `write:${D}/stdio.dat`);
    expect(byLayer(stdio)).toEqual({ buffered: { events: stdio.start.length, bytes: of('write_stdio').bytes } });
    expect(byLayer(await s.timeline(noCtx(), `write:${D}/direct.dat`))).toEqual({ app: { events: of('write_direct').calls, bytes: of('write_direct').bytes } });
  });

  it('a trace without stacks: no layer column', async () => {
    const t = await plainTimeline(await phasesSession());
    expect(t.start.length).toBeGreaterThan(0);
    expect(t.layer).toBeUndefined();
    expect(t.layerNames).toBeUndefined();
  });
});
