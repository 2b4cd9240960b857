/**
 * Statistics and DFG of a tiny hand-made log, checked against values computed by hand (below each case).
 *   R = read:/usr/lib, P = read:/etc/passwd, W = write:/dev/pts; `close` has no fp → unmapped.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../model';
import { analyze, completeDeferred } from './analyze';
import { compileMapping } from './mapping';
import { CASES } from './__fixtures__/handLog';
import { tinyLog, type TinyCase } from '../testing/tinyLog';
import { DEFAULT_MAPPING, END, START, type AnalysisResult } from './types';

const N = NaN;
const R = 'read:/usr/lib';
const P = 'read:/etc/passwd';
const W = 'write:/dev/pts';

function node(r: AnalysisResult, id: string) {
  const n = r.nodes.find((x) => x.id === id);
  if (!n) throw new Error(`no node ${id}`);
  return n;
}
function edges(r: AnalysisResult): Record<string, [number, number, number | null]> {
  return Object.fromEntries(r.edges.map((e) => [`${e.source} -> ${e.target}`, [e.count, e.cases, e.meanGap]]));
}

describe('analyze: hand-computed statistics', () => {
  const log = tinyLog(CASES);
  validate(log);
  const r = analyze(log, DEFAULT_MAPPING);

  it('counts cases, events, unmapped events and hosts', () => {
    expect([r.cases, r.events, r.unmapped, r.hosts, r.hasDurations, r.hasTimestamps]).toEqual([4, 12, 2, 2, true, true]);
    expect(r.nodes.map((n) => n.id)).toEqual([P, R, W]); // count 4, 4 (tie: by id), 2
  });

  it('count, dur, rd over all mapped activities (Σ dur = 4 + 0.5 + 0.75 = 5.25)', () => {
    expect([node(r, R).count, node(r, P).count, node(r, W).count]).toEqual([4, 4, 2]);
    expect(node(r, R).dur).toBeCloseTo(4, 12);
    expect(node(r, P).dur).toBeCloseTo(0.5, 12);
    expect(node(r, R).rd).toBeCloseTo(4 / 5.25, 12);
    expect(node(r, P).rd).toBeCloseTo(0.5 / 5.25, 12);
    expect(node(r, W).rd).toBeCloseTo(0.75 / 5.25, 12);
  });

  it('bytes (failing read = 0) and dr skipping dur = 0 events', () => {
    expect([node(r, R).bytes, node(r, P).bytes, node(r, W).bytes]).toEqual([400, 107, 15]);
    expect(node(r, R).dr).toBeCloseTo((100 + 0 + 300) / 3, 9);
    expect(node(r, P).dr).toBeCloseTo((80 + 120) / 2, 9);
    expect(node(r, W).dr).toBeCloseTo(20, 9);
  });

  it('mc with touching and zero-length intervals, and DR = mc × dr', () => {
    expect([node(r, R).mc, node(r, P).mc, node(r, W).mc]).toEqual([2, 2, 1]);
    expect(node(r, R).DR).toBeCloseTo(2 * (400 / 3), 9);
    expect(node(r, P).DR).toBeCloseTo(200, 9);
    expect(node(r, W).DR).toBeCloseTo(20, 9);
    expect([node(r, R).cases, node(r, P).cases, node(r, W).cases]).toEqual([2, 2, 2]);
  });

  it('DFG edges: unmapped events skipped, ● → ■ for the empty case, self-loops, gaps', () => {
    const e = edges(r);
    expect(Object.keys(e).sort()).toEqual(
      [`${START} -> ${R}`, `${R} -> ${P}`, `${P} -> ${R}`, `${R} -> ${W}`, `${W} -> ${END}`, `${R} -> ${R}`, `${START} -> ${END}`, `${START} -> ${P}`, `${P} -> ${P}`, `${P} -> ${END}`].sort(),
    );
    expect(e[`${START} -> ${R}`]).toEqual([2, 2, null]);
    expect(e[`${R} -> ${P}`]).toEqual([1, 1, 1]);
    expect(e[`${P} -> ${R}`]).toEqual([1, 1, 1]);
    expect(e[`${R} -> ${W}`][0]).toBe(2);
    expect(e[`${R} -> ${W}`][2]).toBeCloseTo(0.75, 12);
    expect(e[`${W} -> ${END}`]).toEqual([2, 2, null]);
    expect(e[`${R} -> ${R}`]).toEqual([1, 1, 2]);
    expect(e[`${START} -> ${END}`]).toEqual([1, 1, null]);
    expect(e[`${P} -> ${P}`][0]).toBe(2);
    expect(e[`${P} -> ${P}`][1]).toBe(1);
    expect(e[`${P} -> ${P}`][2]).toBeCloseTo(2.875, 12);
    // every case starts once and ends once
    const out = (s: string) => r.edges.filter((x) => x.source === s).reduce((a, x) => a + x.count, 0);
    const inn = (t: string) => r.edges.filter((x) => x.target === t).reduce((a, x) => a + x.count, 0);
    expect([out(START), inn(END)]).toEqual([4, 4]);
    for (const n of r.nodes) expect([out(n.id), inn(n.id)]).toEqual([n.count, n.count]);
  });

  it('variants: one per distinct trace', () => {
    expect(r.variants.map((v) => [v.trace.join(' '), v.count, v.cases])).toEqual([
      [`${START} ${R} ${P} ${R} ${W} ${END}`, 1, ['a_h1_1']],
      [`${START} ${R} ${R} ${W} ${END}`, 1, ['a_h2_2']],
      [`${START} ${END}`, 1, ['b_h1_3']],
      [`${START} ${P} ${P} ${P} ${END}`, 1, ['b_h1_4']],
    ]);
  });
});

describe('analyze: missing durations / timestamps', () => {
  it('no -T: dur, rd, dr, mc and DR are null, counts and bytes stay', () => {
    const noDur = CASES.map((c) => ({ ...c, events: c.events.map(([a, b, s, , z]) => [a, b, s, N, z] as [string, string, number, number, number]) }));
    const r = analyze(tinyLog(noDur), DEFAULT_MAPPING);
    expect(r.hasDurations).toBe(false);
    const n = node(r, R);
    expect([n.count, n.bytes, n.dur, n.rd, n.dr, n.mc, n.DR]).toEqual([4, 400, null, null, null, null, null]);
    expect(r.edges.every((e) => e.meanGap === null)).toBe(true);
  });
  it("timeBase 'none': mc, DR and gaps null, rd and dr defined", () => {
    const r = analyze(tinyLog(CASES, 'none'), DEFAULT_MAPPING);
    expect(r.hasTimestamps).toBe(false);
    const n = node(r, R);
    expect([n.mc, n.DR]).toEqual([null, null]);
    expect(n.rd).toBeCloseTo(4 / 5.25, 12);
    expect(n.dr).toBeCloseTo(400 / 3, 9);
    expect(r.edges.every((e) => e.meanGap === null)).toBe(true);
  });
  it('an empty log gives an empty result', () => {
    const r = analyze(tinyLog([]), DEFAULT_MAPPING);
    expect([r.cases, r.events, r.nodes.length, r.edges.length, r.variants.length, r.hosts]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('analyze: variants multiplicity', () => {
  it('groups identical traces (times differ, unmapped events ignored), sorted by count', () => {
    const t = (file: string, off: number, extra: boolean): TinyCase => ({
      file,
      events: [
        ['read', '/usr/lib/a', off, 1, 1],
        ...(extra ? [['close', '', off + 1, 0, N] as [string, string, number, number, number]] : []),
        ['write', '/dev/pts/3', off + 2, 1, 1],
      ],
    });
    const log = tinyLog([t('x_h_1.st', 0, false), { file: 'y_h_2.st', events: [['read', '/etc/passwd', 0, 1, 1]] }, t('x_h_3.st', 5, true), t('x_h_4.st', 9, false)]);
    const r = analyze(log, DEFAULT_MAPPING);
    expect(r.variants.map((v) => [v.trace.join(' '), v.count, v.cases])).toEqual([
      [`${START} ${R} ${W} ${END}`, 3, ['x_h_1', 'x_h_3', 'x_h_4']],
      [`${START} ${P} ${END}`, 1, ['y_h_2']],
    ]);
  });
});

describe('analyze: options', () => {
  it('maxTraceLength cuts long variant traces and reports their length; maxVariants keeps the most frequent', () => {
    const log = tinyLog(CASES);
    const r = analyze(log, DEFAULT_MAPPING, null, undefined, { maxTraceLength: 2, maxVariants: 3 });
    expect(r.variants.map((v) => [v.trace.join(' '), v.length])).toEqual([
      [`${START} ${R} ${P} …`, 6],
      [`${START} ${R} ${R} …`, 5],
      [`${START} ${END}`, undefined],
    ]);
  });
  it('a compiled mapping of another log is rejected', () => {
    const m = compileMapping(tinyLog([{ file: 'x.st', events: [['read', '/a', 0, 1, 1]] }]), DEFAULT_MAPPING);
    expect(() => analyze(tinyLog(CASES), DEFAULT_MAPPING, null, m)).toThrow(/another log/);
  });
});

describe('analyze: a case without any event', () => {
  it('gives ● → ■ and an empty variant', () => {
    const r = analyze(tinyLog([{ file: 'e.st', events: [] }, { file: 'f.st', events: [['read', '/etc/passwd', 1, 1, 1]] }]), DEFAULT_MAPPING);
    expect(r.edges.map((e) => [e.source, e.target, e.count])).toEqual([
      [START, END, 1],
      [START, P, 1],
      [P, END, 1],
    ]);
    expect(r.variants.map((v) => [v.trace, v.cases])).toEqual([
      [[START, END], ['e']],
      [[START, P, END], ['f']],
    ]);
  });
});

describe('completeDeferred', () => {
  it('fills in the deferred statistics one at a time (p95 first, as the CLI does while mc sorts) or all at once: the same as not deferring', () => {
    const full = analyze(tinyLog(CASES), DEFAULT_MAPPING);
    expect(full.nodes.some((n) => n.mc !== null && n.p95Dur !== null)).toBe(true);
    const log = tinyLog(CASES);
    const m = compileMapping(log, DEFAULT_MAPPING);
    const first = analyze(log, DEFAULT_MAPPING, null, m, { defer: true });
    expect(first.deferred).toEqual(['p95Dur', 'mc']);
    const p95 = completeDeferred(first, log, m, ['p95Dur']);
    expect(p95.deferred).toEqual(['mc']);
    expect(p95.nodes.map((n) => [n.p95Dur, n.mc])).toEqual(full.nodes.map((n) => [n.p95Dur, null]));
    expect(completeDeferred(p95, log, m)).toEqual(full);
    expect(completeDeferred(first, log, m)).toEqual(full);
  });
});
