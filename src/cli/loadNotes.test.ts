/**
 * What a load assumes, said on stderr by the CLI: the same case from two sources is loaded once (issue #33.3:
 * `compare run/` after `convert run/ -o run/out.h5` compares 3 and 3 cases, not 6 and 6, and names the source
 * skipped); the ranks of a run whose clocks start on both sides of midnight are put within a day (#33.4).
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../testing/cliRun';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const MIDNIGHT = join(__dirname, '..', 'session', '__fixtures__', 'midnight');
const IOR = join(__dirname, '..', '..', 'e2e', 'fixtures', 'ior-ssf-fpp');
const dir = tempDir('duplicates');

describe('a folder that holds its own converted .h5', () => {
  it('compare run/ after convert run/ -o run/out.h5: 3 green and 3 red cases, out.h5 named as skipped', async () => {
    const run = join(dir, 'run');
    mkdirSync(run, { recursive: true });
    for (const f of readdirSync(FIG1)) copyFileSync(join(FIG1, f), join(run, f));
    const before = await runCli('compare', '--green', 'cid:a', '--red', 'cid:b', '--json', run);
    expect(before.code).toBe(0);
    expect((await runCli('convert', run, '-o', join(run, 'out.h5'))).code).toBe(0);
    const r = await runCli('compare', '--green', 'cid:a', '--red', 'cid:b', run);
    expect(r.code).toBe(0);
    expect(r.out).toContain('3 green and 3 red cases');
    expect(r.err).toMatch(/run\/out\.h5: 6 cases \(a_node1_1, a_node1_2, a_node1_3, b_node1_1, b_node1_2, … \(6\)\) hold the same events as run\/a_node1_1\.st, .*: loaded once, from those; run\/out\.h5's copies skipped/);
    // the same comparison as the traces alone
    const after = await runCli('compare', '--green', 'cid:a', '--red', 'cid:b', '--json', run);
    expect(after.out).toBe(before.out);
  });
});

describe('ranks of a run on both sides of midnight (-tt)', () => {
  it('time: the span and phases of the unshifted run, and the assumption on stderr', async () => {
    const plain = join(dir, 'plain');
    mkdirSync(plain, { recursive: true });
    for (const r of [0, 2, 3, 7]) copyFileSync(join(IOR, `ssf_vm_${r}.st.gz`), join(plain, `ssf_vm_${r}.st.gz`));
    const shifted = await runCli('time', '--json', MIDNIGHT);
    const original = await runCli('time', '--json', plain);
    expect(shifted.err).toContain("strace-dfg: run ssf: its cases' clock times (-t/-tt, no date) start on both sides of midnight: 2 cases that start after it (ssf_vm_3, ssf_vm_7) taken as the next day");
    expect(original.err).not.toContain('midnight');
    type Time = { span: number; phases: { start: number; end: number; events: number; bytes: number }[] };
    const a = JSON.parse(shifted.out) as Time;
    const b = JSON.parse(original.out) as Time;
    expect(a.span).toBeCloseTo(b.span, 6);
    expect(a.phases.map((p) => [p.events, p.bytes])).toEqual(b.phases.map((p) => [p.events, p.bytes]));
    a.phases.forEach((p, k) => expect([p.start, p.end]).toEqual([expect.closeTo(b.phases[k].start, 6), expect.closeTo(b.phases[k].end, 6)]));
  });
});
