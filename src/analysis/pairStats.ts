/**
 * Per (call, fp) pair aggregates of a log: count, Σ dur, bytes, Σ rate, failures and errno counts. They do not depend on the
 * mapping, so they are computed once per log (LogIndex.pairStats) and an activity's statistics are the sums over the
 * pairs mapped to it: O(pairs) per re-mapping instead of O(events).
 */
import { grown } from '../lib/grown';
import { toTicks } from '../lib/ticks';
import type { EventLog } from '../model';

export interface PairStats {
  count: Uint32Array;
  /** Σ dur over events with a known dur in integer ns (src/lib/ticks.ts: exact, order-free), and their number. */
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

/** An errno's key in the per-(pair, errno) counts: pair-major, so that sorting the keys sorts by pair, then errno
 * (errno ids are 16-bit: the errno column is a Uint16Array). */
const ERR_KEY = 0x10000;

/**
 * The sums of pairStats, accumulated a log at a time. Each log's events are added in order, with its pair
 * and errno ids mapped into the merged log's (`pairMap`, `errMap`; identity for a log on its own), so the
 * sums of logs added in merge order are exactly those of a pass over the merged log: the same additions in
 * the same order (a load accumulates them while the files still parse: src/session/readFiles.ts).
 */
export class PairStatsAccumulator {
  private count = new Uint32Array(64);
  private durSum = new Float64Array(64);
  private durN = new Uint32Array(64);
  private bytes = new Float64Array(64);
  private sizeN = new Uint32Array(64);
  private rateSum = new Float64Array(64);
  private rateN = new Uint32Array(64);
  private fail = new Uint32Array(64);
  private readonly errs = new Map<number, number>(); // failures are few: a Map is cheap
  private anyDur = false;

  /** Adds the events of `l`; `pairs`: the number of merged pair ids so far (all of l's are below it). */
  add(l: Pick<EventLog, 'n' | 'pair' | 'errno' | 'dur' | 'size'>, pairMap: Uint32Array, errMap: Uint32Array, pairs: number): void {
    if (pairs > this.count.length) this.grow(Math.max(pairs, 2 * this.count.length));
    if (PairStatsAccumulator.addEvents(this, l, pairMap, errMap)) this.anyDur = true;
  }

  /**
   * PairStatsAccumulator.add's per-event loop; returns whether an event had a known dur. A function of its own,
   * with nothing after the loop but its return: V8 optimises the loop while the first file's events run
   * (on-stack replacement), and code after the loop in the same function had no type feedback then, which
   * threw the optimised code away at the end of each later file.
   */
  private static addEvents(s: PairStatsAccumulator, l: Pick<EventLog, 'n' | 'pair' | 'errno' | 'dur' | 'size'>, pairMap: Uint32Array, errMap: Uint32Array): boolean {
    const { count, durSum, durN, bytes, sizeN, rateSum, rateN, fail, errs } = s;
    const { pair, dur, size, errno, n } = l;
    let anyDur = false;
    for (let i = 0; i < n; i++) {
      const p = pairMap[pair[i]];
      count[p]++;
      const e = errno[i];
      if (e !== 0) {
        fail[p]++;
        const key = p * ERR_KEY + errMap[e];
        errs.set(key, (errs.get(key) ?? 0) + 1);
      }
      const d = dur[i];
      if (d === d) {
        durSum[p] += toTicks(d);
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
    return anyDur;
  }

  /** The sums for a log of `P` pairs. */
  result(P: number): PairStats {
    if (P > this.count.length) this.grow(P);
    const keys = [...this.errs.keys()].sort((x, y) => x - y);
    const errPair = new Uint32Array(keys.length);
    const errCode = new Uint16Array(keys.length);
    const errCount = new Uint32Array(keys.length);
    keys.forEach((key, j) => {
      errPair[j] = Math.floor(key / ERR_KEY);
      errCode[j] = key % ERR_KEY;
      errCount[j] = this.errs.get(key)!;
    });
    return {
      count: this.count.slice(0, P),
      durSum: this.durSum.slice(0, P),
      durN: this.durN.slice(0, P),
      bytes: this.bytes.slice(0, P),
      sizeN: this.sizeN.slice(0, P),
      rateSum: this.rateSum.slice(0, P),
      rateN: this.rateN.slice(0, P),
      fail: this.fail.slice(0, P),
      errPair,
      errCode,
      errCount,
      anyDur: this.anyDur,
    };
  }

  private grow(cap: number): void {
    this.count = grown(this.count, cap);
    this.durSum = grown(this.durSum, cap);
    this.durN = grown(this.durN, cap);
    this.bytes = grown(this.bytes, cap);
    this.sizeN = grown(this.sizeN, cap);
    this.rateSum = grown(this.rateSum, cap);
    this.rateN = grown(this.rateN, cap);
    this.fail = grown(this.fail, cap);
  }
}

const identity = (n: number): Uint32Array => Uint32Array.from({ length: n }, (_, i) => i);

/** The per-pair sums of `log` (one pass over its events; LogIndex.pairStats keeps them per log). */
export function pairStats(log: EventLog): PairStats {
  const P = log.pairCall.length;
  const acc = new PairStatsAccumulator();
  acc.add(log, identity(P), identity(log.errnos.length), P);
  return acc.result(P);
}
