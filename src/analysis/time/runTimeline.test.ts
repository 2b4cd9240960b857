/**
 * The whole-run timeline on real runs: the 6-rank phases run (e2e/fixtures/phases), the 8+8-rank Open MPI
 * IOR-like run (e2e/fixtures/ior-ssf-fpp) and 120 failing opens (insights fixture `failures`). Every
 * mapped event is on its case's (or pid's) row, drawn raw or counted by exactly one binned mark.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_ROW } from '../../lib/binning';
import type { EventLog } from '../../model';
import { loadFixture } from '../../testing/mpiFixtures';
import { phasesLog } from '../../testing/phasesFixture';
import { loadTraceDir } from '../../testing/traceFixtures';
import { compileMapping } from '../mapping';
import { caseSides, resolvePartition } from '../partition';
import { DEFAULT_MAPPING } from '../types';
import { overview } from './overview';
import { runRows, runTimeline } from './runTimeline';
import { runSpan } from './span';

/** Per case: its mapped events, and per (case, pid) — counted by a plain loop. */
function mappedPerCase(log: EventLog, pairAct: Int32Array): { perCase: number[]; pids: Map<string, number> } {
  const perCase = log.cases.map(() => 0);
  const pids = new Map<string, number>();
  for (let k = 0; k < log.cases.length; k++) {
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      if (pairAct[log.pair[i]] < 0) continue;
      perCase[k]++;
      const key = `${k}:${log.pid[i]}`;
      pids.set(key, (pids.get(key) ?? 0) + 1);
    }
  }
  return { perCase, pids };
}

describe('run timeline rows', () => {
  it('one row per case in log order; per (case, pid) with byPid; unmapped events on no row', () => {
    const log = loadFixture('ior-ssf-fpp');
    const m = compileMapping(log, DEFAULT_MAPPING);
    const want = mappedPerCase(log, m.pairAct);
    const rows = runRows(log, m.pairAct, false, null);
    expect(Array.from(rows.rowCase)).toEqual(log.cases.map((_, k) => k));
    const got = log.cases.map(() => 0);
    let unmapped = 0;
    for (let i = 0; i < log.n; i++) {
      if (rows.row[i] === NO_ROW) unmapped++;
      else got[rows.rowCase[rows.row[i]]]++;
    }
    expect(got).toEqual(want.perCase);
    expect(rows.events + unmapped).toBe(log.n);
    const byPid = runRows(log, m.pairAct, true, null);
    expect(byPid.rowCase.length).toBe(want.pids.size);
    const perRow = new Map<string, number>();
    for (let i = 0; i < log.n; i++) {
      const r = byPid.row[i];
      if (r === NO_ROW) continue;
      expect(byPid.rowPid[r]).toBe(log.pid[i]);
      const key = `${byPid.rowCase[r]}:${byPid.rowPid[r]}`;
      perRow.set(key, (perRow.get(key) ?? 0) + 1);
    }
    expect(perRow).toEqual(want.pids);
    // the overview with rows per pid has the same rows (the MPI helper processes without a mapped event have none)
    const o = overview(log, m, { metric: 'calls', byPid: true });
    expect([Array.from(o.rowCase), Array.from(o.rowPid)]).toEqual([Array.from(byPid.rowCase), Array.from(byPid.rowPid)]);
    let pidsInTrace = 0;
    for (let k = 0; k < log.cases.length; k++) pidsInTrace += new Set(log.pid.subarray(log.caseOffsets[k], log.caseOffsets[k + 1])).size;
    expect(pidsInTrace).toBeGreaterThan(byPid.rowCase.length);
  });

  it('green rows first, then red, then the rest', () => {
    const log = loadFixture('ior-ssf-fpp');
    const m = compileMapping(log, DEFAULT_MAPPING);
    const side = caseSides(log, resolvePartition(log, 'cid:fpp', 'cid:ssf'));
    const rows = runRows(log, m.pairAct, false, side);
    expect(Array.from(rows.rowSide)).toEqual([...Array(8).fill(1), ...Array(8).fill(2)]);
    expect(rows.rowCase.slice(0, 8).every((k) => log.cases[k].cid === 'fpp')).toBe(true);
  });
});

describe('run timeline marks', () => {
  const log = phasesLog();
  const m = compileMapping(log, DEFAULT_MAPPING);
  const rows = runRows(log, m.pairAct, false, null);
  const t0 = runSpan(log).t0;

  it('raw: every mapped event once, with its own start, duration, size, offset, call and path', () => {
    const d = runTimeline(log, m, rows, t0, { pixels: 1000, threshold: 1e9 });
    expect(d.binned).toBe(false);
    expect(d.row.length).toBe(rows.events);
    expect(d.inRange).toBe(rows.events);
    expect(d.rowLabels).toEqual(log.cases.map((c) => `phases · rank ${c.rid}`));
    const seen = new Set<string>();
    for (let k = 0; k < d.row.length; k++) {
      const c = rows.rowCase[d.row[k]];
      // find the event: same case, same start
      let hit = -1;
      for (let i = log.caseOffsets[c]; i < log.caseOffsets[c + 1]; i++) if (log.start[i] - t0 === d.start[k] && m.pairAct[log.pair[i]] === d.act[k] && !seen.has(`${i}`)) hit = i;
      expect(hit).toBeGreaterThanOrEqual(0);
      seen.add(`${hit}`);
      expect(d.dur[k]).toBe(log.dur[hit]);
      expect(Object.is(d.size[k], log.size[hit])).toBe(true);
      expect(Object.is(d.offset[k], log.offset[hit])).toBe(true);
      expect(d.labels[d.label[k]]).toBe(`${log.calls[log.pairCall[log.pair[hit]]]} ${log.paths[log.pairFp[log.pair[hit]]]}`);
      expect(d.count[k]).toBe(1);
    }
    expect(d.min).toBeGreaterThanOrEqual(0);
    expect(d.max).toBeLessThanOrEqual(runSpan(log).span + 1e-9);
  });

  it('binned: each event of the range counted by one mark of its row; a zoomed range holds only its events', () => {
    const d = runTimeline(log, m, rows, t0, { pixels: 200, threshold: 10 });
    expect(d.binned).toBe(true);
    expect(d.row.length).toBeLessThan(rows.events);
    let counted = 0;
    for (let k = 0; k < d.row.length; k++) counted += d.count[k];
    expect(counted).toBe(d.inRange);
    expect(d.inRange).toBe(rows.events);
    // the write phase alone (0.3 … 1.2 s): the marks cover one view width more on each side
    const z = runTimeline(log, m, rows, t0, { from: 0.3, to: 1.2, pixels: 400, threshold: 1e9 });
    expect(z.x0).toBeCloseTo(0.3 - 0.9, 9);
    expect(z.x1).toBeCloseTo(1.2 + 0.9, 9);
    let inside = 0;
    for (let i = 0; i < log.n; i++) {
      const s = log.start[i] - t0;
      const d2 = log.dur[i];
      if (m.pairAct[log.pair[i]] >= 0 && s <= z.x1 && (d2 > 0 ? s + d2 : s) >= z.x0) inside++;
    }
    expect(z.row.length).toBe(inside);
  });
});

describe('failed calls on the run timeline', () => {
  it('120 failing opens: raw marks carry their errno, binned marks count every failure once', () => {
    const log = loadTraceDir(join(__dirname, '..', 'insights', '__fixtures__', 'failures'));
    const m = compileMapping(log, DEFAULT_MAPPING);
    const rows = runRows(log, m.pairAct, false, null);
    const t0 = runSpan(log).t0;
    let failing = 0;
    for (let i = 0; i < log.n; i++) if (m.pairAct[log.pair[i]] >= 0 && log.errno[i] !== 0) failing++;
    expect(failing).toBeGreaterThanOrEqual(120);
    const raw = runTimeline(log, m, rows, t0, { pixels: 800, threshold: 1e9 });
    expect(raw.fail.reduce((a, b) => a + b, 0)).toBe(failing);
    expect(raw.errnos[raw.errno[raw.fail.indexOf(1)]]).toBe('ENOENT');
    const binned = runTimeline(log, m, rows, t0, { pixels: 50, threshold: 1 });
    expect(binned.binned).toBe(true);
    expect(binned.fail.reduce((a, b) => a + b, 0)).toBe(failing);
  });
});

describe('the run timeline coloured by layer (strace -k)', () => {
  it("each raw mark carries its event's layer: per activity the layer counts of the layer report", async () => {
    const { parsedStackFixtures } = await import('../../testing/stackFixtures');
    const { layerInfo } = await import('../layers/classify');
    const { layerReport } = await import('../layers/report');
    const [log] = parsedStackFixtures(['c/c_all.st']);
    const compiled = compileMapping(log, DEFAULT_MAPPING);
    const rows = runRows(log, compiled.pairAct, false, null);
    const t = runTimeline(log, compiled, rows, runSpan(log).t0, { pixels: 800, threshold: 1e9 }, layerInfo(log));
    expect(t.binned).toBe(false);
    const r = layerReport(log, compiled)!;
    const got: Record<string, Record<string, number>> = {};
    for (let k = 0; k < t.row.length; k++) {
      const a = (got[t.activities[t.act[k]]] ??= {});
      const l = t.layerNames![t.layer![k]];
      a[l] = (a[l] ?? 0) + 1;
    }
    expect(got).toEqual(Object.fromEntries(Object.entries(r.activities).map(([a, v]) => [a, v.layers])));
    // without stacks: no layer column
    expect(runTimeline(log, compiled, rows, runSpan(log).t0, { pixels: 800, threshold: 1e9 }).layer).toBeUndefined();
  });
});
