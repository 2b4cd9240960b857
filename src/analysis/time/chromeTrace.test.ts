import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../testing/chromeTrace';
import { phasesLog } from '../../testing/phasesFixture';
import { tinyLog } from '../../testing/tinyLog';
import { writeChromeTrace } from './chromeTrace';

function exportJson(log: Parameters<typeof writeChromeTrace>[0], chunk?: number): { text: string; chunks: string[] } {
  const chunks: string[] = [];
  writeChromeTrace(log, { write: (c) => chunks.push(c) }, chunk === undefined ? {} : { chunk });
  return { text: chunks.join(''), chunks };
}

describe('Chrome trace export', () => {
  it('round-trips the phases fixture: one process per case, one thread per pid, one X event per call', () => {
    const log = phasesLog();
    const { text, chunks } = exportJson(log, 4096);
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(4096 + 1024);
    const doc = JSON.parse(text) as { traceEvents: TraceEvent[]; displayTimeUnit: string };
    const evs = doc.traceEvents;
    const meta = evs.filter((e) => e.ph === 'M');
    const calls = evs.filter((e) => e.ph === 'X');
    expect(calls).toHaveLength(log.n);
    const names = meta.filter((e) => e.name === 'process_name');
    expect(names.map((e) => [e.pid, e.args.name])).toEqual(log.cases.map((c, k) => [k + 1, `${c.id} (rank ${c.rid})`]));
    let t0 = Infinity;
    for (let i = 0; i < log.n; i++) t0 = Math.min(t0, log.start[i]);
    let j = 0;
    for (let k = 0; k < log.cases.length; k++) {
      const pids = new Set<number>();
      for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++, j++) {
        const e = calls[j];
        pids.add(log.pid[i]);
        const call = log.calls[log.pairCall[log.pair[i]]];
        const fp = log.paths[log.pairFp[log.pair[i]]];
        expect(e.pid).toBe(k + 1);
        expect(e.tid).toBe(log.pid[i]);
        expect(e.name).toBe(call);
        expect(e.ts).toBeCloseTo((log.start[i] - t0) * 1e6, 3);
        expect(e.dur).toBeCloseTo(Number.isNaN(log.dur[i]) ? 0 : log.dur[i] * 1e6, 3);
        expect(e.args.call).toBe(call);
        expect(e.args.path).toBe(fp === '' ? null : fp);
        expect(e.args.size).toBe(Number.isNaN(log.size[i]) ? null : log.size[i]);
        expect(e.args.errno).toBe(log.errno[i] === 0 ? null : log.errnos[log.errno[i]]);
        expect(e.args.offset).toBe(Number.isNaN(log.offset[i]) ? null : log.offset[i]);
      }
      const threads = meta.filter((e) => e.name === 'thread_name' && e.pid === k + 1).map((e) => e.tid);
      expect(threads.sort()).toEqual([...pids].sort());
    }
    // the fixture's events: every rank's first call is its execve at ts ≥ 0, the earliest at ts 0
    expect(Math.min(...calls.map((e) => e.ts ?? NaN))).toBe(0);
    const rank3 = calls.filter((e) => e.name === 'write' && String(e.args.path).endsWith('rank3.dat'));
    expect(rank3).toHaveLength(64);
    // the strace importer knows the file position of each write: 64 KiB apart from 0
    expect(rank3.map((e) => e.args.offset)).toEqual(Array.from({ length: 64 }, (_, i) => i * 65536));
  });

  it('keeps trace content as data: quotes, backslashes, control characters and errnos survive', () => {
    const odd = '/tmp/a "quoted"\\path\n<img src=x>';
    const log = tinyLog([{ file: 'x_h_1.st', events: [['openat', odd, 10, 0.000001, NaN, 5, 'ENOENT'], ['read', '', 10.5, NaN, 3]] }]);
    const doc = JSON.parse(exportJson(log).text) as { traceEvents: TraceEvent[] };
    const x = doc.traceEvents.filter((e) => e.ph === 'X');
    expect(x[0].args).toEqual({ call: 'openat', path: odd, size: null, errno: 'ENOENT', offset: null });
    expect(x[0].dur).toBe(1);
    expect(x[1]).toMatchObject({ ts: 500000, dur: 0, args: { path: null, size: 3, errno: null } });
  });
});
