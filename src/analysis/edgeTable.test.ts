import { describe, expect, it } from 'vitest';
import { EdgeTable } from './edgeTable';
import { compileMapping } from './mapping';
import { scan } from './scan';
import { prng, syntheticLog } from '../testing/syntheticLog';
import { DEFAULT_MAPPING } from './types';

describe('EdgeTable', () => {
  it('dense and hash modes give the same edge indices in order of first use', () => {
    const rnd = prng(5);
    const S = 300;
    const d = new EdgeTable(S);
    const h = new EdgeTable(S, 0);
    expect([d.isDense, h.isDense]).toEqual([true, false]);
    const seen = new Map<string, number>();
    for (let i = 0; i < 20000; i++) {
      const s = Math.floor(rnd() * S);
      const t = Math.floor(rnd() * rnd() * S);
      const k = `${s},${t}`;
      const e1 = d.index(s, t);
      const e2 = h.index(s, t);
      expect(e2).toBe(e1);
      if (!seen.has(k)) seen.set(k, seen.size);
      expect(e1).toBe(seen.get(k));
    }
    expect(h.n).toBe(seen.size);
    expect(h.find(1, 2)).toBe(seen.get('1,2') ?? -1);
    expect(h.find(S - 1, S - 1)).toBe(seen.get(`${S - 1},${S - 1}`) ?? -1);
  });
  it('scan gives identical edges with the dense matrix and the hash table', () => {
    const log = syntheticLog({ events: 20000, cases: 11, pairs: 500, seed: 2 });
    const m = compileMapping(log, { ...DEFAULT_MAPPING, depth: 0 });
    const A = m.activities.length;
    const a = scan(log, m.pairAct, A, null, true);
    const b = scan(log, m.pairAct, A, null, true, 0);
    expect(a.edges.isDense && !b.edges.isDense).toBe(true);
    expect(b.edges.n).toBe(a.edges.n);
    expect(a.edges.n).toBeGreaterThan(1000); // forces several grow() and rehash() rounds
    for (const col of ['src', 'dst', 'count', 'cases', 'gapN'] as const) {
      expect(Array.from(b.edges[col].subarray(0, b.edges.n))).toEqual(Array.from(a.edges[col].subarray(0, a.edges.n)));
    }
  });
});
