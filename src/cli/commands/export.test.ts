/**
 * `strace-dfg export --chrome` on the real 6-rank phases run (e2e/fixtures/phases): the file parses back
 * as Trace Event JSON with one X event per call, the processes named by case and rank, one thread per
 * traced pid and timestamps that match the log and the raw trace text.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHASES_DIR, phasesLog } from '../../testing/phasesFixture';
import type { TraceEvent } from '../../testing/chromeTrace';
import { runCli as run, tempDir } from '../../testing/cliRun';

const tmp = tempDir('export');

const read = (path: string): TraceEvent[] => (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

/** `HH:MM:SS.ffffff` → seconds since midnight. */
const clock = (s: string): number => {
  const [h, m, x] = s.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(x);
};

describe('strace-dfg export --chrome', () => {
  const log = phasesLog();
  let t0 = Infinity;
  for (let i = 0; i < log.n; i++) t0 = Math.min(t0, log.start[i]);

  it('writes every call of the run as an X event: processes per case, threads per pid, ts/dur against the log', async () => {
    const out = join(tmp, 'run.json');
    const r = await run('export', '--chrome', '--jobs', '1', PHASES_DIR, '-o', out);
    expect(r.err).toMatch(new RegExp(`^strace-dfg: wrote .*run\\.json: ${log.n} events of 6 cases \\(Chrome trace JSON, [\\d.]+ MB\\) in [\\d.]+ s\\n$`));
    expect(r.code).toBe(0);
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const evs = read(out);
    const calls = evs.filter((e) => e.ph === 'X');
    expect(calls).toHaveLength(log.n);
    const names = evs.filter((e) => e.name === 'process_name').map((e) => [e.pid, e.args.name]);
    expect(names).toEqual(log.cases.map((c, k) => [k + 1, `${c.id} (rank ${c.rid})`]));
    // events in log order: per case its pid as the thread, ts and dur in µs since t0, call and errno
    let j = 0;
    for (let k = 0; k < log.cases.length; k++) {
      const threads = new Set(evs.filter((e) => e.name === 'thread_name' && e.pid === k + 1).map((e) => e.tid));
      for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++, j++) {
        const e = calls[j];
        expect(e.pid).toBe(k + 1);
        expect(e.tid).toBe(log.pid[i]);
        expect(threads.has(e.tid)).toBe(true);
        expect(e.ts).toBeCloseTo((log.start[i] - t0) * 1e6, 3);
        expect(e.dur).toBeCloseTo(Number.isNaN(log.dur[i]) ? 0 : log.dur[i] * 1e6, 0);
        expect(e.args.call).toBe(log.calls[log.pairCall[log.pair[i]]]);
        expect(e.args.errno).toBe(log.errno[i] ? log.errnos[log.errno[i]] : null);
      }
    }
  });

  it('timestamps agree with the raw trace text: the first line of each file is its process first event', async () => {
    const out = join(tmp, 'raw.json');
    expect((await run('export', '--chrome', '--jobs', '1', PHASES_DIR, '-o', out)).code).toBe(0);
    const calls = read(out).filter((e) => e.ph === 'X');
    const files = readdirSync(PHASES_DIR).filter((f) => f.endsWith('.st')).sort();
    const first = files.map((f) => /^(\d+) (\d\d:\d\d:\d\d\.\d{6}) (\w+)\(/.exec(readFileSync(join(PHASES_DIR, f), 'latin1'))!);
    const runStart = Math.min(...first.map((m) => clock(m[2])));
    files.forEach((_, k) => {
      const e = calls.find((c) => c.pid === k + 1)!;
      expect([e.tid, e.name]).toEqual([Number(first[k][1]), first[k][3]]);
      expect(e.ts! / 1e6).toBeCloseTo(clock(first[k][2]) - runStart, 6);
    });
    // one thread per traced pid: the distinct pids of each file
    files.forEach((f, k) => {
      const pids = new Set(readFileSync(join(PHASES_DIR, f), 'latin1').split('\n').filter(Boolean).map((l) => Number(l.split(' ')[0])));
      expect(new Set(calls.filter((c) => c.pid === k + 1).map((c) => c.tid))).toEqual(pids);
    });
  });

  it('--time keeps the events that start in the window (the write phase)', async () => {
    const out = join(tmp, 'window.json');
    const r = await run('export', '--chrome', '--time', '0.3..1.2', '--jobs', '1', PHASES_DIR, '-o', out);
    expect(r.code).toBe(0);
    const calls = read(out).filter((e) => e.ph === 'X');
    let want = 0;
    for (let i = 0; i < log.n; i++) if (log.start[i] - t0 >= 0.3 && log.start[i] - t0 < 1.2) want++;
    expect(want).toBeGreaterThan(100);
    expect(calls).toHaveLength(want);
    for (const e of calls) expect(e.ts! >= 0.3e6 - 1e-3 && e.ts! < 1.2e6).toBe(true);
    expect(calls.filter((e) => e.name === 'write').length).toBeGreaterThan(6 * 32 - 1);
    expect(calls.filter((e) => e.name === 'read').length).toBe(0);
  });

  it('refuses an existing file without --force and leaves it unchanged; needs --chrome and -o', async () => {
    const out = join(tmp, 'exists.json');
    writeFileSync(out, 'keep me');
    const r = await run('export', '--chrome', PHASES_DIR, '-o', out);
    expect([r.code, r.err]).toEqual([2, `strace-dfg: ${out} exists (use --force to overwrite)\n`]);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect((await run('export', '--chrome', '--force', '--jobs', '1', PHASES_DIR, '-o', out)).code).toBe(0);
    expect(read(out).length).toBeGreaterThan(log.n);
    expect((await run('export', PHASES_DIR, '-o', join(tmp, 'x.json'))).err).toBe('strace-dfg: export needs a format: --chrome\n');
    expect((await run('export', '--chrome', PHASES_DIR)).err).toBe('strace-dfg: export needs -o TRACE.json\n');
    const bad = await run('export', '--chrome', '--jobs', '1', PHASES_DIR, '-o', join(out, 'inside.json'));
    expect([bad.code, bad.err]).toEqual([2, `strace-dfg: cannot write ${join(out, 'inside.json')}: ENOTDIR\n`]);
    expect(existsSync(join(tmp, 'x.json'))).toBe(false);
  });
});
