/**
 * analyze() against a naive reference implementation (plain Maps and strings, per event) on seeded
 * random logs, for several mappings and a partition.
 */
import { describe, expect, it } from 'vitest';
import type { EventLog } from '../model';
import { analyze } from './analyze';
import { compileMapping } from './mapping';
import { syntheticLog } from '../testing/syntheticLog';
import { DEFAULT_MAPPING, END, START, type MappingSpec, type PartitionSpec } from './types';

function reference(log: EventLog, spec: MappingSpec, part: PartitionSpec) {
  const m = compileMapping(log, spec);
  const actOf = (i: number): string | null => {
    const a = m.pairAct[log.pair[i]];
    return a < 0 ? null : m.activities[a];
  };
  const nodes = new Map<string, { count: number; dur: number; durN: number; bytes: number; sizeN: number; rates: number[]; cases: Set<number>; g: number; r: number }>();
  const edges = new Map<string, { count: number; cases: Set<number>; gaps: number[]; g: number; r: number }>();
  const variants = new Map<string, string[]>();
  const green = new Set(part.green);
  const red = new Set(part.red);
  for (let k = 0; k < log.cases.length; k++) {
    const id = log.cases[k].id;
    const side = green.has(id) ? 'g' : red.has(id) ? 'r' : '';
    const trace: string[] = [START];
    let prevI = -1;
    /** One more transition from → to in case k. */
    const countEdge = (from: string, to: string) => {
      const key = `${from} -> ${to}`;
      let e = edges.get(key);
      if (!e) edges.set(key, (e = { count: 0, cases: new Set(), gaps: [], g: 0, r: 0 }));
      e.count++;
      e.cases.add(k);
      if (side === 'g') e.g++;
      if (side === 'r') e.r++;
      return e;
    };
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const a = actOf(i);
      if (a === null) continue;
      let n = nodes.get(a);
      if (!n) nodes.set(a, (n = { count: 0, dur: 0, durN: 0, bytes: 0, sizeN: 0, rates: [], cases: new Set(), g: 0, r: 0 }));
      n.count++;
      n.cases.add(k);
      if (side === 'g') n.g++;
      if (side === 'r') n.r++;
      const d = log.dur[i];
      const z = log.size[i];
      if (!Number.isNaN(d)) {
        n.dur += d;
        n.durN++;
      }
      if (!Number.isNaN(z)) {
        n.bytes += z;
        n.sizeN++;
        if (d > 0) n.rates.push(z / d);
      }
      const e = countEdge(trace[trace.length - 1], a);
      if (prevI >= 0 && !Number.isNaN(log.dur[prevI])) e.gaps.push(log.start[i] - (log.start[prevI] + log.dur[prevI]));
      trace.push(a);
      prevI = i;
    }
    countEdge(trace[trace.length - 1], END);
    trace.push(END);
    const v = trace.join('\u0000');
    variants.set(v, [...(variants.get(v) ?? []), id]);
  }
  return { nodes, edges, variants };
}

describe('analyze = naive reference', () => {
  const specs: MappingSpec[] = [
    DEFAULT_MAPPING,
    { ...DEFAULT_MAPPING, depth: 0 },
    { ...DEFAULT_MAPPING, depth: 1, excludeCalls: ['close', 'lseek'], exclude: [{ kind: 'regex', pattern: 'run[3-5]/' }] },
    { ...DEFAULT_MAPPING, custom: "(e) => e.fp === '' ? null : e.call.startsWith('p') ? 'P' : e.path" },
  ];
  for (const [si, spec] of specs.entries()) {
    it(`mapping ${si}: nodes, edges, variants and partition agree`, () => {
      const log = syntheticLog({ events: 4000, cases: 12, pairs: 90, seed: 11 + si, unknownDur: 0.03 });
      const ids = log.cases.map((c) => c.id);
      const part = { green: ids.filter((_, k) => k % 3 === 0), red: ids.filter((_, k) => k % 3 === 1) };
      const r = analyze(log, spec, part);
      const ref = reference(log, spec, part);
      const total = [...ref.nodes.values()].reduce((s, n) => s + n.dur, 0);
      expect(r.nodes.length).toBe(ref.nodes.size);
      for (const n of r.nodes) {
        const x = ref.nodes.get(n.id)!;
        expect([n.count, n.cases]).toEqual([x.count, x.cases.size]);
        expect(n.dur).toBeCloseTo(x.dur, 9);
        expect(n.rd).toBeCloseTo(x.dur / total, 12);
        expect(n.bytes).toBe(x.sizeN ? x.bytes : null);
        if (x.rates.length) expect(n.dr! / (x.rates.reduce((s, v) => s + v, 0) / x.rates.length)).toBeCloseTo(1, 9);
        else expect(n.dr).toBeNull();
        expect(r.partition!.nodes[n.id]).toMatchObject({ green: x.g, red: x.r });
      }
      expect(r.edges.length).toBe(ref.edges.size);
      for (const e of r.edges) {
        const key = `${e.source} -> ${e.target}`;
        const x = ref.edges.get(key)!;
        expect([e.count, e.cases]).toEqual([x.count, x.cases.size]);
        if (x.gaps.length && e.source !== START && e.target !== END) expect(e.meanGap!).toBeCloseTo(x.gaps.reduce((s, v) => s + v, 0) / x.gaps.length, 6);
        else expect(e.meanGap).toBeNull();
        expect(r.partition!.edges[key]).toMatchObject({ green: x.g, red: x.r });
      }
      expect(r.variants.reduce((s, v) => s + v.count, 0)).toBe(log.cases.length);
      expect(new Map(r.variants.map((v) => [v.trace.join('\u0000'), v.cases]))).toEqual(ref.variants);
      expect(r.unmapped).toBe(log.n - [...ref.nodes.values()].reduce((s, n) => s + n.count, 0));
    });
  }
  it('variants group identical cases of merged copies', () => {
    const one = syntheticLog({ events: 600, cases: 3, pairs: 30, seed: 4 });
    const log = { ...one, cases: [...one.cases, ...one.cases.map((c) => ({ ...c, id: `${c.id}_copy` }))], caseOffsets: Uint32Array.from([...one.caseOffsets, ...Array.from(one.caseOffsets.subarray(1), (o) => o + one.n)]), n: one.n * 2 } as EventLog;
    for (const col of ['pid', 'pair', 'errno', 'start', 'dur', 'size', 'line'] as const) {
      const a = one[col];
      const b = new (a.constructor as new (n: number) => typeof a)(a.length * 2);
      b.set(a as never);
      b.set(a as never, a.length);
      (log as unknown as Record<string, unknown>)[col] = b;
    }
    const r = analyze(log, DEFAULT_MAPPING);
    expect(r.variants.map((v) => v.count)).toEqual([2, 2, 2]);
    expect(r.variants[0].cases).toEqual([one.cases[0].id, `${one.cases[0].id}_copy`]);
  });
});
