/**
 * Per (call, fp) pair aggregates of a log: count, Σ dur, bytes, Σ rate, failures and errno counts. They do not depend on the
 * mapping, so they are computed once per log (cached) and an activity's statistics are the sums over the
 * pairs mapped to it: O(pairs) per re-mapping instead of O(events).
 */
import type { EventLog } from '../model';

export interface PairStats {
  count: Uint32Array;
  /** Σ dur over events with a known dur, and their number. */
  durSum: Float64Array;
  durN: Uint32Array;
  /** Σ size over events with a size, and their number. */
  bytes: Float64Array;
  sizeN: Uint32Array;
  /** Σ size/dur over events with a size and dur > 0, and their number. */
  rateSum: Float64Array;
  rateN: Uint32Array;
  /** Events that returned an errno (errno ≠ 0). */
  fail: Uint32Array;
  /** Events per (pair, errno ≠ 0), as parallel arrays sorted by pair, then errno index. */
  errPair: Uint32Array;
  errCode: Uint16Array;
  errCount: Uint32Array;
  /** Whether any event of the log has a known dur. */
  anyDur: boolean;
}

const cache = new WeakMap<EventLog, PairStats>();

export function pairStats(log: EventLog): PairStats {
  const hit = cache.get(log);
  if (hit !== undefined && hit.count.length === log.pairCall.length) return hit;
  const P = log.pairCall.length;
  const count = new Uint32Array(P);
  const durSum = new Float64Array(P);
  const durN = new Uint32Array(P);
  const bytes = new Float64Array(P);
  const sizeN = new Uint32Array(P);
  const rateSum = new Float64Array(P);
  const rateN = new Uint32Array(P);
  const fail = new Uint32Array(P);
  const E = log.errnos.length;
  const errs = new Map<number, number>(); // p × E + errno → events (failures are few: a Map is cheap)
  const { pair, dur, size, errno, n } = log;
  let anyDur = false;
  for (let i = 0; i < n; i++) {
    const p = pair[i];
    count[p]++;
    const e = errno[i];
    if (e !== 0) {
      fail[p]++;
      const key = p * E + e;
      errs.set(key, (errs.get(key) ?? 0) + 1);
    }
    const d = dur[i];
    if (d === d) {
      durSum[p] += d;
      durN[p]++;
      anyDur = true;
    }
    const z = size[i];
    if (z === z) {
      bytes[p] += z;
      sizeN[p]++;
      if (d > 0) {
        rateSum[p] += z / d;
        rateN[p]++;
      }
    }
  }
  const keys = [...errs.keys()].sort((x, y) => x - y);
  const errPair = new Uint32Array(keys.length);
  const errCode = new Uint16Array(keys.length);
  const errCount = new Uint32Array(keys.length);
  keys.forEach((key, j) => {
    errPair[j] = Math.floor(key / E);
    errCode[j] = key % E;
    errCount[j] = errs.get(key)!;
  });
  const s: PairStats = { count, durSum, durN, bytes, sizeN, rateSum, rateN, fail, errPair, errCode, errCount, anyDur };
  cache.set(log, s);
  return s;
}
