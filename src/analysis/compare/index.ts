/** The green/red comparison (docs/METHOD.md "Comparing green and red"; JSON in docs/FORMATS.md). */
export { compare, spread, MIN_CASES, type CompareOptions } from './compare';
export { caseMeasures, READ_CALLS, WRITE_CALLS, type CaseMeasures } from './cases';
export { toCompareJson, type CompareJson } from './json';
export { mannWhitneyU, benjaminiHochberg, normalSf, type MwuResult } from './stats';
export { topDifferences, dominance, ALPHA } from './top';
export * from './types';
