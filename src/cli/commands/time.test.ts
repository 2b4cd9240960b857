/**
 * `strace-dfg time` on the real 6-rank phases run (e2e/fixtures/phases): start-up, a write phase in which
 * rank 3 (O_DSYNC) lags, a read phase in which rank 1 (O_DIRECT, 4 passes) lags. Bytes are cross-checked
 * against the return values in the raw trace text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHASES_DIR } from '../../testing/phasesFixture';
import { main } from '../run';
import type { TimeJson } from './time';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

/** Σ of the return values of `call(N</tmp/phases/data/…>, …) = R` lines over every trace of the run. */
const returned = (call: string): number => {
  let sum = 0;
  for (const f of readdirSync(PHASES_DIR).filter((x) => x.endsWith('.st'))) {
    for (const line of readFileSync(join(PHASES_DIR, f), 'latin1').split('\n')) {
      const m = new RegExp(`^\\d+ \\S+ ${call}\\(\\d+</tmp/phases/data/.*\\) = (\\d+) <`).exec(line);
      if (m) sum += Number(m[1]);
    }
  }
  return sum;
};

describe('strace-dfg time', () => {
  it('--json: three phases, the write-phase and read-phase stragglers, bytes as the traces return them', async () => {
    const r = await run('time', '--json', '--jobs', '1', PHASES_DIR);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as TimeJson;
    expect(doc.time_base).toBe('clock');
    expect(doc.cases).toBe(6);
    expect(doc.phases.map((p) => p.phase)).toEqual([1, 2, 3]);
    const [, write, read] = doc.phases;
    expect(write.bytes).toBe(returned('write'));
    expect(write.bytes).toBe((5 * 32 + 64) * 65536);
    expect(read.bytes).toBe(returned('read'));
    expect(write.stragglers.map((s) => [s.case, s.rank])).toEqual([['phases_node1_3', '3']]);
    expect(read.stragglers.map((s) => [s.case, s.rank])).toEqual([['phases_node1_1', '1']]);
    for (const p of doc.phases) {
      expect(p.duration).toBeCloseTo(p.end - p.start, 12);
      expect(p.cases).toBe(6);
      for (const s of p.stragglers) expect(s.busy).toBeGreaterThan(p.mean_busy + p.std_busy);
    }
    // phases follow each other, separated by more than the gap
    for (let i = 1; i < doc.phases.length; i++) expect(doc.phases[i].start - doc.phases[i - 1].end).toBeGreaterThan(doc.gap);
  });

  it('text: the run, a row per phase, the stragglers by case and rank', async () => {
    const r = await run('time', '--jobs', '1', PHASES_DIR);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^6 cases; run span \d\.\d\d s from t0 = 15:38:51\.\d{6} \(time of day on the traced host\)$/);
    expect(lines.find((l) => l.startsWith('phase'))).toMatch(/^phase +start +end +duration +events +bytes +cases +busy per case \(mean ± σ\) +stragglers$/);
    expect(lines.filter((l) => /^P\d /.test(l))).toHaveLength(3);
    expect(r.out).toMatch(/\n {2}P2 {2}phases_node1_3 \(rank 3\) {2}busy [\d.]+ ms {2}z \d\.\d\d\n/);
    expect(r.out).toMatch(/\n {2}P3 {2}phases_node1_1 \(rank 1\) {2}busy [\d.]+ ms {2}z \d\.\d\d\n/);
  });

  it('--time restricts the phases to the window; --activity to the events of one activity', async () => {
    const w = JSON.parse((await run('time', '--json', '--jobs', '1', '--time', '0.3..1.2', PHASES_DIR)).out) as TimeJson;
    expect(w.phases).toHaveLength(1);
    expect(w.phases[0].bytes).toBe(returned('write'));
    const a = JSON.parse((await run('time', '--json', '--jobs', '1', '--activity', 'read:/tmp/phases', PHASES_DIR)).out) as TimeJson;
    expect(a.phases.map((p) => p.bytes)).toEqual([returned('read')]);
    const bad = await run('time', '--jobs', '1', '--activity', 'nosuch', PHASES_DIR);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^strace-dfg: --activity nosuch: no such activity in this view \(e\.g\. /);
  });

  it('untraced time: each fpp rank of the IOR run with big fsyncs, traced without fsync and close, first; located between its last write and the next openat (text and JSON)', async () => {
    const dir = 'e2e/fixtures/ior-untraced';
    const doc = JSON.parse((await run('time', '--json', '--jobs', '1', dir)).out) as TimeJson;
    const u = doc.untraced!;
    expect(u.map((c) => c.case).slice(0, 4).sort()).toEqual(['fpp_vm_0', 'fpp_vm_1', 'fpp_vm_2', 'fpp_vm_3']);
    for (const c of u.slice(0, 4)) {
      const g = c.gaps[0];
      const file = `/var/tmp/ior-untraced/fpp.0000000${c.case.slice(-1)}`;
      expect([g.previous_call.call, g.previous_call.path, g.next_call.call, g.next_call.path]).toEqual(['write', file, 'openat', file]);
      expect(g.end - g.start).toBeCloseTo(g.seconds, 9);
      expect(c.share).toBeGreaterThan(0.5);
      expect(c.missing).toEqual(['fsync', 'close', 'waits']);
      expect(g.text).toContain('were not traced — add `-e trace=%file,%desc`');
    }
    const text = (await run('time', '--jobs', '1', dir)).out;
    expect(text).toMatch(/\nUntraced time \(no traced call running\), per case, most first/);
    expect(text).toMatch(/\n {2}fpp_vm_\d {2}[\d.]+ s of [\d.]+ s wall \(\d+\.\d %\): fsync, close and waits \(futex, poll, sleeps\) were not traced — add `-e trace=%file,%desc`\n {4}at [\d.]+ s: [\d.]+ s between write:\/var\/tmp\/ior-untraced\/fpp\.0000000\d \(line \d+\) and the next traced call openat:/);
  });
});
