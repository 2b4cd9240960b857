import { describe, expect, it } from 'vitest';
import { mergeLogs } from '../model';
import { syntheticLog } from '../testing/syntheticLog';
import { compileMapping } from './mapping';
import { SIDE_GREEN, SIDE_RED, scan } from './scan';
import { DEFAULT_MAPPING } from './types';
import { computeVariants, scannedVariants } from './variants';

describe('variants grouped in the scan', () => {
  it('equal those grouped by hash and verified event by event, on every mapping, cut or not', () => {
    // copies of each case (equal traces) and unmapped events (filters) between mapped ones
    const one = syntheticLog({ events: 4000, cases: 6, pairs: 30, seed: 9 });
    const log = mergeLogs([one, syntheticLog({ events: 3000, cases: 5, pairs: 30, seed: 10 }), one]);
    const specs = [DEFAULT_MAPPING, { ...DEFAULT_MAPPING, depth: 0 }, { ...DEFAULT_MAPPING, excludeCalls: ['read', 'close'] }, { ...DEFAULT_MAPPING, calls: ['fsync'] }];
    for (const spec of specs) {
      const m = compileMapping(log, spec);
      const sc = scan(log, m.pairAct, m.activities.length, null, true);
      for (const cut of [Infinity, 50, 0]) {
        const ref = computeVariants(log, m.pairAct, m.activities, sc.caseH1, sc.caseH2, sc.caseLen, cut);
        expect(scannedVariants(log, m.pairAct, m.activities, sc.variants, cut)).toEqual(ref);
        expect(scannedVariants(log, m.pairAct, m.activities, sc.variants, cut, 3)).toEqual(ref.slice(0, 3));
      }
      expect(sc.variants.groups.length).toBeLessThan(log.cases.length);
    }
  });
  it('the same with ≥ 32,752 and > 65,536 activities (traces compared id by id, then also event by event)', () => {
    for (const pairs of [48000, 100000]) {
      const one = syntheticLog({ events: 2 * pairs, cases: 3, pairs, seed: 4 });
      const log = mergeLogs([one, one]);
      const m = compileMapping(log, { ...DEFAULT_MAPPING, depth: 0, system: 'show' });
      expect(m.activities.length).toBeGreaterThan(pairs === 48000 ? 0x7ff0 : 0x10000);
      const sc = scan(log, m.pairAct, m.activities.length, null, true);
      expect(scannedVariants(log, m.pairAct, m.activities, sc.variants, 20)).toEqual(computeVariants(log, m.pairAct, m.activities, sc.caseH1, sc.caseH2, sc.caseLen, 20));
      expect(sc.variants.groups.length).toBe(3);
      // the per-variant edge counts of wide ids (read from the events): one transition per mapped event and case
      let sum = 0;
      for (let e = 0; e < sc.edges.n; e++) sum += sc.edges.count[e];
      expect(sum).toBe(log.n - sc.unmapped + log.cases.length);
    }
  });
  it('edge and activity counts, cases and sides added per variant equal a per-event count', () => {
    const one = syntheticLog({ events: 3000, cases: 5, pairs: 40, seed: 12 });
    const log = mergeLogs([one, syntheticLog({ events: 2000, cases: 4, pairs: 40, seed: 13 }), one]);
    const side = Uint8Array.from({ length: log.cases.length }, (_, k) => k % 3);
    for (const spec of [DEFAULT_MAPPING, { ...DEFAULT_MAPPING, depth: 0 }, { ...DEFAULT_MAPPING, excludeCalls: ['read'] }]) {
      const m = compileMapping(log, spec);
      const A = m.activities.length;
      for (const dense of [true, false]) {
        const sc = scan(log, m.pairAct, A, side, true, dense ? undefined : 0);
        const ref = new Map<string, number[]>(); // "s,d" → [count, cases, green, red]
        const act = Array.from({ length: A }, () => [0, 0, 0]); // [cases, green, red]
        for (let k = 0; k < log.cases.length; k++) {
          const seenE = new Set<string>();
          const seenA = new Set<number>();
          let prev = A;
          const step = (a: number): void => {
            const key = `${prev},${a}`;
            const r = ref.get(key) ?? [0, 0, 0, 0];
            r[0]++;
            if (!seenE.has(key)) r[1]++;
            seenE.add(key);
            if (side[k] === SIDE_GREEN) r[2]++;
            if (side[k] === SIDE_RED) r[3]++;
            ref.set(key, r);
            prev = a;
          };
          for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
            const a = m.pairAct[log.pair[i]];
            if (a < 0) continue;
            step(a);
            if (!seenA.has(a)) act[a][0]++;
            seenA.add(a);
            if (side[k] === SIDE_GREEN) act[a][1]++;
            if (side[k] === SIDE_RED) act[a][2]++;
          }
          step(A + 1);
        }
        const E = sc.edges;
        const got = new Map<string, number[]>();
        for (let e = 0; e < E.n; e++) got.set(`${E.src[e]},${E.dst[e]}`, [E.count[e], E.cases[e], E.green[e], E.red[e]]);
        expect(got).toEqual(ref);
        expect(act.map((_, a) => [sc.cases[a], sc.green[a], sc.red[a]])).toEqual(act);
      }
    }
  });
});
