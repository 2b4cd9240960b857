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
        expect(scannedVariants(log, m.activities, sc.variants, cut)).toEqual(ref);
        expect(scannedVariants(log, m.activities, sc.variants, cut, 3)).toEqual(ref.slice(0, 3));
      }
      expect(sc.variants.groups.length).toBeLessThan(log.cases.length);
    }
  });
});
