/**
 * Replay speed (docs/BENCHMARKS.md "Replay"): `npm run bench:harness -- tools/harness/replay.harness.ts`.
 * A real run of ~1 M events, recorded once into bench-data/replay-1m (io-ranks.c `many`: 8 ranks × 62,000 4 KiB
 * pwrite, a stat every 4096, fsync, lseek + read back; gcc and strace), loaded into a Session and analysed with the
 * default view; then Session.replay (plan + every file's text), the check of the plan against itself, and the
 * pattern, 5 times each, and the folder written to a temporary directory (as `strace-dfg replay --out` writes it).
 * REPLAY_RANKS / REPLAY_REQUESTS change the run; REPLAY_CPU_PROF=DIR writes a CPU profile of the second round
 * (replay, pattern and write) to DIR (open it in Chrome's DevTools).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session as Inspector } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { bytesSource } from '../../src/ingest/source';
import { Session } from '../../src/session/session';
import { noCtx } from '../../src/session/types';
import { plan, DEFAULT_VIEW } from '../../src/session/view';
import { buildIoRanks, recordRanks } from '../../src/testing/replayRun';

const ranks = Number(process.env.REPLAY_RANKS ?? 8);
const requests = Number(process.env.REPLAY_REQUESTS ?? 62_000);
/** Wall and CPU (user + system) ms since the last call: CPU time stays honest on a loaded machine. */
function clock(): () => string {
  let w = performance.now();
  let c = process.cpuUsage();
  return () => {
    const dw = performance.now() - w;
    const dc = process.cpuUsage(c);
    w = performance.now();
    c = process.cpuUsage();
    last = { wall: dw, cpu: (dc.user + dc.system) / 1000 };
    return `${dw.toFixed(0)} ms wall, ${last.cpu.toFixed(0)} ms CPU`;
  };
}
/** The last lap read, in ms. */
let last = { wall: 0, cpu: 0 };
/** Target (issue #29): replay (plan + folder), pattern and folder written ≤ 2 s for 1 M events. */
const TARGET_MS_PER_M = 2000;
/** Straight to stderr (vitest holds console output back until the test ends). */
const say = (s: string): void => void process.stderr.write(s + '\n');

const dir = resolve(import.meta.dirname, '../../bench-data', `replay-${ranks}x${requests}`);

it('replays a 1 M-event run', async () => {
  const traces = join(dir, 'traces');
  if (!existsSync(traces) || !readdirSync(traces).length) {
    mkdirSync(dir, { recursive: true });
    const t0 = performance.now();
    await recordRanks(buildIoRanks(dir), join(dir, 'data'), traces, 'many', ranks, 'many', [String(requests)]);
    say(`recorded ${ranks} ranks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const session = new Session();
  const ctx = noCtx();
  const files = readdirSync(traces).filter((f) => f.endsWith('.st'));
  let lap = clock();
  await session.load(ctx, files.map((f) => bytesSource(f, new Uint8Array(readFileSync(join(traces, f))))));
  say(`loaded ${session.log!.n} events in ${files.length} cases: ${lap()}`);
  await session.analyze(ctx, plan(DEFAULT_VIEW).analyze);
  say(`analysed: ${lap()}`);
  const profDir = process.env.REPLAY_CPU_PROF;
  const rounds: { wall: number; cpu: number }[] = [];
  for (let k = 0; k < 5; k++) {
    const inspector = profDir && k === 1 ? new Inspector() : null;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const all = clock();
    lap = clock();
    const r = await session.replay(ctx);
    const chars = r.files.reduce((s, f) => s + f.text.length, 0);
    expect(r.requests).toBe(2 * ranks * requests);
    say(`replay: ${lap()} (${r.requests} requests, ${r.metadata} metadata calls, ${(chars / 1e6).toFixed(1)} MB of text)`);
    const p = await session.replayPattern(ctx);
    say(`pattern: ${lap()} (${p.groups.length} group: ${p.groups[0].text})`);
    const out = mkdtempSync(join(tmpdir(), 'replay-bench-'));
    for (const f of r.files) {
      mkdirSync(dirname(join(out, f.path)), { recursive: true });
      writeFileSync(join(out, f.path), f.text);
    }
    say(`write: ${lap()}; replay + pattern + write: ${all()}`);
    rounds.push(last);
    rmSync(out, { recursive: true });
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      mkdirSync(profDir!, { recursive: true });
      writeFileSync(join(profDir!, `replay-${Date.now()}.cpuprofile`), JSON.stringify(profile));
      inspector.disconnect();
    }
  }
  const m = session.log!.n / 1e6;
  const wall = Math.min(...rounds.map((r) => r.wall)) / m;
  const cpu = Math.min(...rounds.map((r) => r.cpu)) / m;
  const verdict = (ms: number): string => (ms <= TARGET_MS_PER_M ? 'PASS' : 'FAIL');
  say(`replay + pattern + write per 1 M events (best of ${rounds.length}): ${wall.toFixed(0)} ms wall [${verdict(wall)}], ${cpu.toFixed(0)} ms CPU [${verdict(cpu)}]; target ≤ ${TARGET_MS_PER_M} ms (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
}, 600_000);
