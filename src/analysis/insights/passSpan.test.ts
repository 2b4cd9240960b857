/**
 * The insights pass's per-case latest ends give the phases their run span (context.ts: spanOfEnds instead of
 * a runSpan pass of its own): the same t0 and span as runSpan, bit for bit, on the real traces of the
 * insights fixtures — strace's calls without a duration (exit_group `= ?`) are instants whose start can be
 * a case's latest end. And T08 asks for the located gaps only when a case may qualify: the pass's wall time
 * is untraced time's, bit for bit, and its traced time within tracedSlack of untraced time's.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceDirLogGz } from '../../testing/traceDir';
import { untracedTime } from '../time/gaps';
import { PhaseCells } from '../time/phaseCells';
import { runSpan, spanOfEnds } from '../time/span';
import { tracedSlack } from './rules/untraced';
import { Pass } from './pass';
import { DEFAULT_THRESHOLDS } from './thresholds';

const ROOT = join(__dirname, '__fixtures__');
const dirs = [ROOT, join(ROOT, 'bench')].flatMap((d) => readdirSync(d).map((f) => join(d, f)))
  .filter((d) => statSync(d).isDirectory() && readdirSync(d).some((f) => /\.st(\.gz)?$/.test(f)));

/** The insights pass run over one fixture folder, every case unfiltered, no partition. */
function passOf(dir: string) {
  const { log } = traceDirLogGz(dir);
  const K = log.cases.length;
  const P = log.pairCall.length;
  const cells = new PhaseCells(0, 1, 0, K);
  const s = new Pass(log, { ...DEFAULT_THRESHOLDS }, K, P, log.errnos.length, new Uint8Array(K), new Uint8Array(P), new Uint8Array(P), new Uint8Array(K), -1, null, cells);
  s.run();
  return { log, s };
}

describe('the insights pass gives the phases their run span', () => {
  it('spanOfEnds of the pass equals runSpan on every fixture', () => {
    expect(dirs.length).toBeGreaterThan(20);
    let instantEnds = 0;
    for (const dir of dirs) {
      const { log, s } = passOf(dir);
      const K = log.cases.length;
      const ends = s.cEnd.subarray(1);
      const want = runSpan(log);
      expect(spanOfEnds(log, ends), dir).toEqual({ t0: want.t0, span: want.span });
      for (let k = 0; k < K; k++) {
        const a = log.caseOffsets[k];
        const b = log.caseOffsets[k + 1];
        if (a === b) continue;
        expect(ends[k] - want.t0, `${dir} case ${k}`).toBe(want.caseEnd[k]);
        // a case whose latest end is an instant's start (no call with a duration ends as late)
        let known = -Infinity;
        for (let i = a; i < b; i++) if (log.dur[i] === log.dur[i]) known = Math.max(known, log.start[i] + log.dur[i]);
        if (ends[k] > known) instantEnds++;
      }
    }
    expect(instantEnds).toBeGreaterThan(0);
  });

  it('the wall time of the pass is that of untraced time, its traced time within tracedSlack', () => {
    let cases = 0;
    for (const dir of dirs) {
      const { log, s } = passOf(dir);
      const u = untracedTime(log);
      if (!u.located) continue;
      for (const c of u.cases) {
        const a = log.caseOffsets[c.case];
        const n = log.caseOffsets[c.case + 1] - a;
        const end = s.cEnd[c.case + 1];
        const wall = end - log.start[a];
        expect(wall, `${dir} ${c.id}`).toBe(c.wall);
        const diff = Math.abs(s.cTraced[c.case + 1] - c.traced);
        expect(diff, `${dir} ${c.id}`).toBeLessThanOrEqual(tracedSlack(n, end, log.start[a], wall));
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(50);
  });
});
