import { describe, expect, it } from 'vitest';
import { mergeLogs } from '../model';
import { syntheticLog } from '../testing/syntheticLog';
import { compileMapping } from './mapping';
import { scan } from './scan';
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
    }
  });
});
