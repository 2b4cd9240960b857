import { describe, expect, it } from 'vitest';
import { EventLogBuilder, emptyFileReport, validate, type EventLog } from '../../model';
import { phasesLog } from '../../testing/phasesFixture';
import { analyze } from '../analyze';
import { concurrencySequence } from '../concurrency';
import { LogIndex } from '../logIndex';
import { compileMapping } from '../mapping';
import { syntheticLog } from '../../testing/syntheticLog';
import { tinyLog } from '../../testing/tinyLog';
// the plain mapping: in the app, windows are cut from the Session's log, already pid-normalised
import { RAW_MAPPING, END, START } from '../types';
import { formatTimeWindow, parseTimeWindow, windowLog, windowRanges, type TimeWindow } from './window';

/** Reference: the log rebuilt event by event keeping FROM ≤ start − t0 < TO, every case kept. */
function naiveWindow(log: EventLog, w: TimeWindow): EventLog {
  let t0 = Infinity;
  for (let i = 0; i < log.n; i++) t0 = Math.min(t0, log.start[i]);
  const b = new EventLogBuilder(16);
  for (const f of log.files) b.addFile(emptyFileReport(f.name, f.format));
  for (let k = 0; k < log.cases.length; k++) {
    b.beginCase(log.cases[k], log.cases[k].file);
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const x = log.start[i] - t0;
      if ((w.from !== null && x < w.from) || (w.to !== null && x >= w.to)) continue;
      const p = log.pair[i];
      const q = b.pairOf(b.internCall(log.calls[log.pairCall[p]]), b.internPath(log.paths[log.pairFp[p]]));
      b.push(log.pid[i], q, b.internErrno(log.errnos[log.errno[i]]), log.start[i], log.dur[i], log.size[i], log.line[i]);
    }
    b.endCase();
  }
  return b.build(log.timeBase);
}

/** The first start of the log and the span of its starts (the windows below are fractions of it). */
function startSpan(log: EventLog): { t0: number; L: number } {
  let t0 = Infinity;
  let t1 = -Infinity;
  for (let i = 0; i < log.n; i++) {
    t0 = Math.min(t0, log.start[i]);
    t1 = Math.max(t1, log.start[i]);
  }
  return { t0, L: t1 - t0 };
}

describe('time windows', () => {
  it('parses and formats FROM..TO with open sides', () => {
    expect(parseTimeWindow('1.5..3')).toEqual({ from: 1.5, to: 3 });
    expect(parseTimeWindow('..2.5')).toEqual({ from: null, to: 2.5 });
    expect(parseTimeWindow('10..')).toEqual({ from: 10, to: null });
    expect(parseTimeWindow(' 0 .. 1e-3 ')).toEqual({ from: 0, to: 0.001 });
    expect(formatTimeWindow({ from: 10, to: null })).toBe('10..');
    expect(formatTimeWindow({ from: 0.25, to: 2 })).toBe('0.25..2');
    expect(() => parseTimeWindow('3..1')).toThrow(/TO must be greater than FROM/);
    expect(() => parseTimeWindow('a..1')).toThrow(/'a' is not a number/);
    expect(() => parseTimeWindow('1-2')).toThrow(/expected FROM..TO/);
  });

  it('keeps FROM ≤ start − t0 < TO per case, and cases without events in the window', () => {
    const log = tinyLog([
      { file: 'a_h_1.st', events: [['read', '/d/f', 100, 0.5, 1], ['read', '/d/f', 101, 0.5, 1], ['write', '/d/g', 102, 0.5, 1]] },
      { file: 'a_h_2.st', events: [['read', '/d/f', 105, 0.5, 1]] },
    ]);
    const r = windowRanges(log, { from: 1, to: 2 });
    expect([Array.from(r.lo), Array.from(r.hi), r.n]).toEqual([[1, 3], [2, 3], 1]);
    const w = windowLog(log, { from: 1, to: 2 });
    validate(w);
    expect(w.cases.map((c) => c.id)).toEqual(['a_h_1', 'a_h_2']);
    expect(Array.from(w.caseOffsets)).toEqual([0, 1, 1]);
    const res = analyze(w, RAW_MAPPING);
    expect(res.cases).toBe(2);
    expect(res.edges.find((e) => e.source === START && e.target === END)?.count).toBe(1);
    expect(windowLog(log, { from: null, to: null })).toBe(log);
    expect(windowLog(log, { from: 0, to: 5.5 })).toBe(log);
    expect(windowLog(log, { from: 0, to: 5 }).n).toBe(3);
    expect(() => windowLog(tinyLog([{ file: 'x.st', events: [['read', '/f', 0, 1, 1]] }], 'none'), { from: 1, to: null })).toThrow(/needs timestamps/);
  });

  it('equals the naive window, and analyze on it equals analyze on the naive window (mc from the derived sequence)', () => {
    const log = syntheticLog({ events: 20000, cases: 9, pairs: 60, seed: 7, unknownDur: 0.05 });
    const m = compileMapping(log, RAW_MAPPING);
    const ix = new LogIndex(log);
    analyze(log, RAW_MAPPING, null, m, {}, ix); // builds the parent's mc sequence (its LogIndex): windows derive theirs
    const { t0, L } = startSpan(log);
    for (const w of [
      { from: 0.2 * L, to: 0.6 * L },
      { from: null, to: 0.3 * L },
      { from: 0.75 * L, to: null },
      { from: 0.5 * L, to: 0.5 * L + 1e-9 },
    ]) {
      const gotIx = ix.window(w, ix.span.t0);
      const got = gotIx.log;
      expect(Array.from(got.start)).toEqual(Array.from(windowLog(log, w).start));
      const ref = naiveWindow(log, w);
      expect(gotIx.hasSequence).toBe(true);
      validate(got);
      expect(got.n).toBe(ref.n);
      expect(Array.from(got.caseOffsets)).toEqual(Array.from(ref.caseOffsets));
      expect(Array.from(got.start)).toEqual(Array.from(ref.start));
      // the derived mc sequence is the one the window would build itself
      expect(Array.from(gotIx.sequence.seq)).toEqual(Array.from(concurrencySequence(got)));
      const a = analyze(got, RAW_MAPPING, null, undefined, {}, gotIx);
      const b = analyze(ref, RAW_MAPPING);
      expect(a.nodes).toEqual(b.nodes);
      expect(a.edges).toEqual(b.edges);
      expect(a.variants).toEqual(b.variants);
      // a window of a window derives from the first one
      if (w.from !== null && w.to !== null) {
        const innerIx = gotIx.window({ from: w.from + 0.1 * L, to: w.to }, t0);
        const inner = innerIx.log;
        expect(innerIx.hasSequence).toBe(true);
        expect(Array.from(innerIx.sequence.seq)).toEqual(Array.from(concurrencySequence(inner)));
        expect(inner.n).toBe(naiveWindow(log, { from: w.from + 0.1 * L, to: w.to }).n);
      }
    }
  });

  it('overwrites the buffers of a window passed as reuse, with the same result as a fresh window', () => {
    const log = syntheticLog({ events: 20000, cases: 9, pairs: 60, seed: 8 });
    const ix = new LogIndex(log);
    analyze(log, RAW_MAPPING, null, undefined, {}, ix);
    const { t0, L } = (() => {
      let a = Infinity;
      let b = -Infinity;
      for (let i = 0; i < log.n; i++) {
        a = Math.min(a, log.start[i]);
        b = Math.max(b, log.start[i]);
      }
      return { t0: a, L: b - a };
    })();
    const bigIx = ix.window({ from: 0.1 * L, to: 0.9 * L }, t0);
    const big = bigIx.log;
    const seqBig = bigIx.sequence.seq;
    const smallIx = ix.window({ from: 0.4 * L, to: 0.6 * L }, t0, bigIx);
    const small = smallIx.log;
    expect(small.start.buffer).toBe(big.start.buffer);
    expect(smallIx.sequence.seq.buffer).toBe(seqBig.buffer);
    const ref = naiveWindow(log, { from: 0.4 * L, to: 0.6 * L });
    expect(Array.from(small.start)).toEqual(Array.from(ref.start));
    expect(Array.from(small.pair)).toEqual(Array.from(ref.pair).map((q) => log.pairCall.findIndex((c, p) => log.calls[c] === ref.calls[ref.pairCall[q]] && log.paths[log.pairFp[p]] === ref.paths[ref.pairFp[q]])));
    expect(Array.from(smallIx.sequence.seq)).toEqual(Array.from(concurrencySequence(small)));
    expect(analyze(small, RAW_MAPPING).nodes).toEqual(analyze(ref, RAW_MAPPING).nodes);
    // a larger window than the buffers hold gets fresh ones; the parent's are never reused
    const again = windowLog(log, { from: 0, to: 0.95 * L }, t0, small);
    expect(again.start.buffer).not.toBe(small.start.buffer);
    expect(windowLog(log, { from: 0.5 * L, to: null }, t0, log).start.buffer).not.toBe(log.start.buffer);
    // ...with room for the whole log, so that a brush that keeps growing overwrites them
    expect(again.start.buffer.byteLength).toBe(8 * log.n);
    expect(again.errno.buffer.byteLength).toBe(2 * log.n);
  });

  it('a growing brush: the window too small for the next is replaced once, by buffers that hold any window of the log', () => {
    const log = syntheticLog({ events: 20000, cases: 9, pairs: 60, seed: 9 });
    const ix = new LogIndex(log);
    analyze(log, RAW_MAPPING, null, undefined, {}, ix);
    const { t0, L } = startSpan(log);
    // the first window (nothing to reuse) is exactly its size
    const a = ix.window({ from: 0.45 * L, to: 0.55 * L }, t0);
    expect(a.log.start.buffer.byteLength).toBe(8 * a.log.n);
    const b = ix.window({ from: 0.25 * L, to: 0.75 * L }, t0, a);
    expect(b.log.n).toBeGreaterThan(a.log.n);
    expect(b.log.pid.buffer).not.toBe(a.log.pid.buffer);
    expect(b.log.pid.buffer.byteLength).toBe(4 * log.n);
    expect(b.sequence.endRank.buffer.byteLength).toBeGreaterThanOrEqual(ix.sequence.endRank.byteLength);
    const seqB = b.sequence.seq.buffer;
    const c = ix.window({ from: 0.05 * L, to: 0.95 * L }, t0, b);
    expect(c.log.n).toBeGreaterThan(b.log.n);
    for (const k of ['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line', 'offset'] as const) expect(c.log[k].buffer).toBe(b.log[k].buffer);
    expect(c.sequence.seq.buffer).toBe(seqB);
    // the same as a fresh window of that range
    const ref = naiveWindow(log, { from: 0.05 * L, to: 0.95 * L });
    expect(c.log.n).toBe(ref.n);
    expect(Array.from(c.log.start)).toEqual(Array.from(ref.start));
    expect(Array.from(c.log.dur)).toEqual(Array.from(ref.dur));
    expect(Array.from(c.log.size)).toEqual(Array.from(ref.size));
    expect(Array.from(c.log.caseOffsets)).toEqual(Array.from(ref.caseOffsets));
    expect(Array.from(c.sequence.seq)).toEqual(Array.from(concurrencySequence(c.log)));
    expect(analyze(c.log, RAW_MAPPING, null, undefined, {}, c).nodes).toEqual(analyze(ref, RAW_MAPPING).nodes);
  });

  it('on the phases fixture: the write phase window holds only the write phase I/O of all six ranks', () => {
    const log = phasesLog();
    // the write phase starts ≈ 0.5 s after the first event and the read phase 1 s later
    const w = windowLog(log, { from: 0.3, to: 1.2 });
    const res = analyze(w, RAW_MAPPING);
    expect(res.cases).toBe(6);
    const ids = res.nodes.map((n) => n.id).sort();
    expect(ids).toContain('write:/tmp/phases');
    expect(ids).not.toContain('read:/tmp/phases');
    expect(res.nodes.find((n) => n.id === 'write:/tmp/phases')?.count).toBe(5 * 32 + 64);
  });
});
