/**
 * T07's phases come from the insights pass (context.ts: the cells and one-phase busy times it fills,
 * time/phaseCells.ts), not from a pass of their own: they must be phasesAndBusy's — what the time views show —
 * bit for bit, phases and per-case busy times, on every real fixture: the insights fixtures (their labelled
 * runs included), the e2e fixtures (the phases fixture's three phases, IOR-like runs), under the default and
 * the plain mapping, with the log's own t0 and with an earlier one (a time window of a loaded log, as the
 * Session passes it).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventLog } from '../../model';
import { traceDirLogGz } from '../../testing/traceDir';
import { compileMapping } from '../mapping';
import { phasesAndBusy } from '../time/phases';
import { runSpan } from '../time/span';
import { windowLog } from '../time/window';
import { DEFAULT_MAPPING, RAW_MAPPING } from '../types';
import { buildContext } from './context';
import { DEFAULT_THRESHOLDS } from './thresholds';

const INS = join(__dirname, '__fixtures__');
const E2E = join(__dirname, '..', '..', '..', 'e2e', 'fixtures');
const dirs = [INS, join(INS, 'bench'), E2E].flatMap((d) => readdirSync(d).map((f) => join(d, f)))
  .filter((d) => statSync(d).isDirectory() && readdirSync(d).some((f) => /\.st(\.gz)?$/.test(f)));

/** The context's phases and busy times against phasesAndBusy's; returns how many phases. */
function same(log: EventLog, t0: number | undefined, what: string): number {
  let phases = 0;
  for (const spec of [DEFAULT_MAPPING, RAW_MAPPING]) {
    const m = compileMapping(log, spec);
    const ctx = buildContext(log, { ...DEFAULT_THRESHOLDS }, null, m, t0);
    const want = phasesAndBusy(log, m, { t0 });
    expect(ctx.phases(), what).toEqual(want.phases);
    const got = ctx.phaseBusy();
    expect([got.busy, got.seen, got.events, got.bytes], what).toEqual([want.busy.busy, want.busy.seen, want.busy.events, want.busy.bytes]);
    phases = Math.max(phases, want.phases.phases.length);
  }
  return phases;
}

describe('the insights pass gives T07 the phases of the time views', () => {
  it('equal to phasesAndBusy on every fixture, one phase and several, own t0 and a window\'s', () => {
    expect(dirs.length).toBeGreaterThan(30);
    const counts = new Map<number, number>();
    for (const dir of dirs) {
      const { log } = traceDirLogGz(dir);
      const P = same(log, undefined, dir);
      counts.set(P, (counts.get(P) ?? 0) + 1);
      // the middle of the run as a window, its phases from the loaded log's t0
      const run = runSpan(log);
      if (run.span > 0) same(windowLog(log, { from: 0.2 * run.span, to: 0.8 * run.span }, run.t0), run.t0, `${dir} window`);
    }
    // both ways are exercised: one phase (the pass's sums) and several (phaseBusy)
    expect(counts.get(1) ?? 0).toBeGreaterThan(5);
    expect([...counts.keys()].filter((p) => p > 1).length).toBeGreaterThan(0);
  });
});
