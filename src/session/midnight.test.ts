/**
 * Ranks whose -tt clocks start on both sides of midnight are one run (issue #33.4): the real IOR-like run
 * e2e/fixtures/ior-ssf-fpp (cid ssf) with its clocks shifted so that midnight falls between its ranks' starts
 * (__fixtures__/midnight, shift-clock.py) analyses as the run itself: the same span, phases and mc.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesSource, type ByteSource } from '../ingest/source';
import { Session } from './session';
import { noCtx } from './types';
import { analyzeParams, parseView } from './view';

const RANKS = [0, 2, 3, 7];
const SHIFTED = join(__dirname, '__fixtures__', 'midnight');
const ORIGINAL = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const files = (dir: string, cid = 'ssf'): ByteSource[] => RANKS.map((r) => bytesSource(`${cid}_vm_${r}.st.gz`, new Uint8Array(readFileSync(join(dir, `ssf_vm_${r}.st.gz`)))));
/** The seconds of the midnight chosen in shift-clock.py's run (README): times shifted by 30107.1 s. */
const SHIFT = 30107.1;

async function run(sources: ByteSource[], view = 'v=1') {
  const s = new Session();
  const summary = await s.load(noCtx(), sources);
  const reply = await s.analyze(noCtx(), analyzeParams(parseView(view)));
  const done = (await s.complete(noCtx())) ?? reply;
  const phases = await s.phases(noCtx());
  const mc = Object.fromEntries(done.result.nodes.map((n) => [n.id, n.mc]));
  return { summary, phases, mc };
}

describe('a run whose ranks start on both sides of midnight', () => {
  it('has the span, phases and mc of the run itself, and says what was assumed', async () => {
    const original = await run(files(ORIGINAL));
    const shifted = await run(files(SHIFTED));
    // two ranks start before midnight (23:59:59.707821, 23:59:59.991644), two after (00:00:00.014083, 00:00:00.088877): 0.381056 s
    expect(shifted.summary.notes).toEqual([
      "run ssf: its cases' clock times (-t/-tt, no date) start on both sides of midnight: 2 cases that start after it (ssf_vm_3, ssf_vm_7) taken as the next day, so that the run's cases start within 0.381 s of each other (assumed: the cases of one run start within a day)",
    ]);
    // in the summary's warnings too (the app shows them), after those of the files crossing midnight inside
    expect(shifted.summary.warnings.at(-1)).toBe(shifted.summary.notes![0]);
    const span = (x: typeof original) => x.summary.timeSpan!.end - x.summary.timeSpan!.start;
    expect(span(shifted)).toBeCloseTo(span(original), 6);
    expect(span(shifted)).toBeLessThan(3);
    expect(shifted.summary.timeSpan!.start).toBeCloseTo(original.summary.timeSpan!.start + SHIFT, 6);
    expect(shifted.phases.span).toBeCloseTo(original.phases.span, 6);
    expect(shifted.phases.phases.length).toBe(original.phases.phases.length);
    shifted.phases.phases.forEach((p, k) => {
      const o = original.phases.phases[k];
      expect([p.start, p.end, p.busy]).toEqual([expect.closeTo(o.start, 6), expect.closeTo(o.end, 6), expect.closeTo(o.busy, 6)]);
      expect([p.events, p.bytes, p.cases]).toEqual([o.events, o.bytes, o.cases]);
    });
    expect(Object.keys(shifted.mc).length).toBeGreaterThan(5);
    for (const [id, mc] of Object.entries(original.mc)) expect(shifted.mc[id], id).toBeCloseTo(mc!, 6);
    // the run's cases are 4 ranks of one run: mc of the shared file's writes is theirs (not 2 ranks a day apart)
    expect(Math.max(...Object.values(shifted.mc).map((m) => m ?? 0))).toBeGreaterThan(2);
  });

  it('an add of the ranks after midnight moves them next to the ranks loaded, which keep their times', async () => {
    const all = files(SHIFTED);
    const s = new Session();
    const first = await s.load(noCtx(), all.slice(0, 2));
    const sum = await s.add(noCtx(), all.slice(2));
    expect(sum.timeSpan!.start).toBe(first.timeSpan!.start);
    expect(sum.timeSpan!.end - sum.timeSpan!.start).toBeLessThan(3);
    expect(sum.warnings.at(-1)).toMatch(/^run ssf: .* 2 cases that start after it \(ssf_vm_3, ssf_vm_7\) taken as the next day/);
  });

  it('two runs are aligned each on its own; a run within a day is left as read', async () => {
    // cid a: the ranks before midnight; cid b: the ranks after it (other runs: nothing to align)
    const a = files(SHIFTED, 'a').slice(0, 2);
    const b = files(SHIFTED, 'b').slice(2);
    const s = new Session();
    const sum = await s.load(noCtx(), [...a, ...b]);
    expect(sum.notes).toBeUndefined();
    expect(sum.timeSpan!.end - sum.timeSpan!.start).toBeGreaterThan(86000);
    // the unshifted run: nothing said, nothing moved
    const plain = await new Session().load(noCtx(), files(ORIGINAL));
    expect(plain.notes).toBeUndefined();
    expect(plain.warnings).toEqual([]);
  });
});
