/**
 * The insights pass's per-case latest ends give the phases their run span (context.ts: spanOfEnds instead of
 * a runSpan pass of its own): the same t0 and span as runSpan, bit for bit, on the real traces of the
 * insights fixtures — strace's calls without a duration (exit_group `= ?`) are instants whose start can be
 * a case's latest end.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceDirLogGz } from '../../testing/traceDir';
import { runSpan, spanOfEnds } from '../time/span';
import { Pass } from './pass';
import { DEFAULT_THRESHOLDS } from './thresholds';

const ROOT = join(__dirname, '__fixtures__');
const dirs = [ROOT, join(ROOT, 'bench')].flatMap((d) => readdirSync(d).map((f) => join(d, f)))
  .filter((d) => statSync(d).isDirectory() && readdirSync(d).some((f) => /\.st(\.gz)?$/.test(f)));

describe('the insights pass gives the phases their run span', () => {
  it('spanOfEnds of the pass equals runSpan on every fixture', () => {
    expect(dirs.length).toBeGreaterThan(20);
    let instantEnds = 0;
    for (const dir of dirs) {
      const { log } = traceDirLogGz(dir);
      const K = log.cases.length;
      const P = log.pairCall.length;
      const s = new Pass(log, { ...DEFAULT_THRESHOLDS }, K, P, log.errnos.length, new Uint8Array(K), new Uint8Array(P), new Uint8Array(P), new Uint8Array(K), -1, null);
      s.run();
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
});
