import { reportText } from '../../lib/format';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tinyLog } from '../../testing/tinyLog';
import { traceDirLogGz } from '../../testing/traceDir';
import { gapSentence, TRACE_FILE_DESC, untracedTime } from './gaps';

const DIR = 'e2e/fixtures/ior-untraced/';

/** seconds since midnight of a `HH:MM:SS.ffffff` timestamp, and the `<d.dddddd>` duration, of a trace line. */
function timesOf(line: string): { start: number; dur: number } {
  const m = /^\d+ +(\d\d):(\d\d):(\d\d\.\d+) .*<(\d+\.\d+)>$/.exec(line)!;
  return { start: +m[1] * 3600 + +m[2] * 60 + +m[3], dur: +m[4] };
}

describe('untraced time on the IOR run with big fsyncs (e2e/fixtures/ior-untraced)', () => {
  const { log } = traceDirLogGz(DIR);
  const u = untracedTime(log);
  it('locates each fpp rank\'s fsync + close between its last write and its read phase\'s openat, as the trace text has them', () => {
    expect(u.located).toBe(true);
    const fpp = u.cases.filter((c) => c.id.startsWith('fpp_'));
    expect(fpp).toHaveLength(4);
    for (const c of fpp) {
      const rank = c.id.slice(-1);
      const file = `/var/tmp/ior-untraced/fpp.0000000${rank}`;
      // the text itself: the first read-phase openat (O_RDONLY) of the rank's file, and the write before it
      const lines = gunzipSync(readFileSync(`${DIR}${c.id}.st.gz`)).toString('utf8').split('\n');
      const open = lines.findIndex((l) => l.includes(`openat(AT_FDCWD`) && l.includes(`"${file}", O_RDONLY`));
      let write = open - 1;
      while (!lines[write].includes(` write(15<${file}>`)) write--;
      const w = timesOf(lines[write]);
      const o = timesOf(lines[open]);
      const g = c.gaps[0];
      expect(g.before).toEqual({ call: 'write', path: file, pid: expect.any(Number), line: write + 1 });
      expect(g.after).toEqual({ call: 'openat', path: file, pid: g.before.pid, line: open + 1 });
      expect(Math.abs(g.seconds - (o.start - (w.start + w.dur)))).toBeLessThan(1e-9);
      expect(g.seconds).toBeGreaterThan(1); // fsync of 256 MiB + close + the barrier
      // the trace was recorded with -e trace=openat,write,lseek: no close, no fsync, no waits
      expect(c.filtered).toBe(true);
      expect(c.missing).toEqual(['fsync', 'close', 'waits']);
      expect(c.advice).toBe(TRACE_FILE_DESC);
      expect(c.untraced / c.wall).toBeGreaterThan(0.5);
      expect(reportText(gapSentence(c, g))).toBe(
        `${(g.seconds).toFixed(2)} s between write:${file} (line ${write + 1}) and the next traced call openat:${file} (line ${open + 1}); fsync, close and waits (futex, poll, sleeps) were not traced — add \`-e trace=%file,%desc\``,
      );
      // the gaps: largest first, each between two traced calls of the case
      for (let j = 1; j < c.gaps.length; j++) expect(c.gaps[j].seconds).toBeLessThanOrEqual(c.gaps[j - 1].seconds);
    }
  });
  it('the shared-file run, traced as strace.sh records by default, has its fsyncs in the trace and almost no untraced time', () => {
    const ssf = u.cases.filter((c) => c.id.startsWith('ssf_'));
    expect(ssf).toHaveLength(4);
    for (const c of ssf) {
      expect(c.missing).toEqual([]);
      expect(c.advice).toBeNull();
      expect(c.untraced / c.wall).toBeLessThan(0.05);
    }
    expect(log.calls).toContain('fsync');
  });
});

describe('untracedTime on hand-made logs', () => {
  it('gaps between the latest end so far and the next start, over every pid of a case; instants split gaps', () => {
    const log = tinyLog([
      {
        file: 'a_h_1.st',
        events: [
          ['brk', '', 0, 0.5, NaN], // unfiltered trace: brk is in it
          ['read', '/d', 0.2, 2, 10, 101], // another pid: covers until 2.2
          ['openat', '/d', 1, 0.1, NaN], // inside
          ['write', '/d', 3, 0.5, 10], // gap 2.2 → 3 (0.8 s)
          ['lseek', '/d', 4, NaN, NaN], // unknown dur: an instant at 4; gap 3.5 → 4 (0.5 s)
          ['close', '/d', 4.25, 0.25, NaN], // gap 4 → 4.25
        ],
      },
    ]);
    const u = untracedTime(log, { minGap: 0 });
    const c = u.cases[0];
    expect(c.wall).toBe(4.5);
    expect(c.untraced).toBeCloseTo(0.8 + 0.5 + 0.25, 12);
    expect(c.traced).toBeCloseTo(4.5 - 1.55, 12);
    expect(c.gaps.map((g) => [g.before.call, g.after.call])).toEqual([['read', 'write'], ['write', 'lseek'], ['lseek', 'close']]);
    expect(c.gaps[0].start).toBeCloseTo(2.2, 12);
    expect(c.gaps[0].before.pid).toBe(101);
    expect(c.filtered).toBe(false);
    expect(c.missing).toEqual([]);
    expect(reportText(gapSentence(c, c.gaps[0]))).toMatch(/^800\.00 ms between read:\/d \(line 2\) and the next traced call write:\/d \(line 4\); no traced call was running \(computation, or I\/O strace cannot see\)$/);
    // top and minGap
    expect(untracedTime(log, { top: 1, minGap: 0 }).cases[0].gaps).toHaveLength(1);
    expect(untracedTime(log, { minGap: 0.6 }).cases[0].gaps.map((g) => g.seconds)).toEqual([c.gaps[0].seconds]);
  });

  it('keeps the `top` longest gaps of at least minGap, longest first and equal ones in trace order, as a sort of all gaps does', () => {
    // whole-second starts and durations: many gaps of equal length; some events without a duration (instants)
    let seed = 7;
    const rnd = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const events: [string, string, number, number, number][] = [];
    let t = 0;
    for (let i = 0; i < 400; i++) {
      t += Math.floor(rnd() * 4);
      events.push(['write', '/d', t, rnd() < 0.1 ? NaN : Math.floor(rnd() * 3), 1]);
    }
    const log = tinyLog([{ file: 'a_h_1.st', events }]);
    // every gap, by brute force: (start, seconds, line of the call that opened it, line of the next call)
    const all: [number, number, number, number][] = [];
    let end = -Infinity;
    let endLine = 0;
    events.forEach(([, , s, d], i) => {
      if (i > 0 && s > end) all.push([end, s - end, endLine, i + 1]);
      const e = d === d ? s + d : s;
      if (i === 0 || e > end) [end, endLine] = [e, i + 1];
    });
    for (const [top, minGap] of [[5, 1e-3], [1, 0], [12, 2], [1000, 0]]) {
      const want = all.filter((g) => g[1] >= minGap).sort((x, y) => y[1] - x[1] || x[3] - y[3]).slice(0, top);
      const got = untracedTime(log, { t0: 0, top, minGap }).cases[0].gaps.map((g) => [g.start, g.seconds, g.before.line, g.after.line]);
      expect(got, `top ${top} minGap ${minGap}`).toEqual(want);
    }
    expect(new Set(all.map((g) => g[1])).size).toBeLessThan(all.length / 4);
  });

  it('a trace without close or any everyday call is filtered; close missing → %file,%desc', () => {
    const log = tinyLog([
      { file: 'a_h_1.st', events: [['openat', '/d/f', 0, 0.1, NaN], ['write', '/d/f', 0.2, 0.1, 5], ['openat', '/d/f', 2, 0.1, NaN]] },
      { file: 'b_h_1.st', events: [['openat', '/d/g', 0, 0.1, NaN], ['close', '/d/g', 1, 0.1, NaN], ['futex', '', 1.5, 0.1, NaN]] },
      { file: 'c_h_1.st', events: [['openat', '/d/g', 0, 0.1, NaN], ['close', '/d/g', 1, 0.1, NaN]] },
    ]);
    const [a, b, c] = untracedTime(log).cases;
    expect([a.filtered, a.missing, a.advice]).toEqual([true, ['fsync', 'close', 'waits'], TRACE_FILE_DESC]);
    expect([b.filtered, b.missing, b.advice]).toEqual([false, [], null]);
    // closes but no everyday call and no wait: filtered, waits may be missing
    expect([c.filtered, c.missing, c.advice]).toEqual([true, ['waits'], '-e trace=%file,%desc,%process,%clock,futex']);
  });

  it('without durations or timestamps nothing is located', () => {
    const noDur = tinyLog([{ file: 'a_h_1.st', events: [['read', '/d', 0, NaN, 1], ['read', '/d', 5, NaN, 1]] }]);
    expect(untracedTime(noDur).located).toBe(false);
    expect(untracedTime(noDur).cases[0].gaps).toEqual([]);
    const noTime = tinyLog([{ file: 'a_h_1.st', events: [['read', '/d', 0, 0.1, 1], ['read', '/d', 1, 0.1, 1]] }], 'none');
    expect(untracedTime(noTime).located).toBe(false);
  });
});
