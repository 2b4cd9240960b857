import { expect, test } from 'vitest';
import * as F from './fields';

test('each read field of a record is followed by its write field (the pass adds 0 for a read, 1 for a write)', () => {
  const pairs: [number, number][] = [
    [F.R_READS, F.R_WRITES], [F.R_RBYTES, F.R_WBYTES], [F.R_SMALL_R, F.R_SMALL_W], [F.R_RTIME, F.R_WTIME], [F.R_KNOWN_R, F.R_KNOWN_W],
    [F.R_CONSEC_R, F.R_CONSEC_W], [F.R_SEQ_R, F.R_SEQ_W], [F.R_SMALL_RTIME, F.R_SMALL_WTIME], [F.R_RAND_RTIME, F.R_RAND_WTIME],
    [F.R_UNKNOWN_R, F.R_UNKNOWN_W], [F.R_MAX_R, F.R_MAX_W], [F.R_LAST_R, F.R_LAST_W],
  ];
  for (const [r, w] of pairs) expect(w).toBe(r + 1);
  // sums before the maxima, state after them, every field once
  const all = Object.entries(F).filter(([k]) => k.startsWith('R_')).map(([, v]) => v as number);
  expect(new Set(all).size).toBe(all.length);
  expect(Math.max(...all)).toBe(F.NF - 1);
});
