/**
 * Per-case measures of the comparison (docs/METHOD.md, "Comparing green and red"): properties of the whole
 * case — all its events, whatever the mapping — computed once per log (LogIndex.caseMeasures).
 * - wall = last event end − first event start (end = start + dur; start alone when dur is unknown);
 * - traced = the length of the union of the case's call intervals [start, start + dur) (calls of several
 *   pids that overlap count once); coverage = traced / wall;
 * - events, bytes read and written (by call family, see READ_CALLS / WRITE_CALLS), failures (errno set).
 */
import type { EventLog } from '../../model';
import { primeLog } from '../primeLog';

/** Calls whose size counts as bytes read. */
export const READ_CALLS: ReadonlySet<string> = new Set(['read', 'pread64', 'readv', 'preadv', 'preadv2', 'recv', 'recvfrom', 'recvmsg', 'aio_pread', 'aio_preadv']);
/** Calls whose size counts as bytes written (data moved to the output fd: sendfile, splice, … included). */
export const WRITE_CALLS: ReadonlySet<string> = new Set([
  'write', 'pwrite64', 'writev', 'pwritev', 'pwritev2', 'send', 'sendto', 'sendmsg', 'sendfile', 'sendfile64', 'copy_file_range', 'splice', 'tee', 'aio_pwrite', 'aio_pwritev',
]);

export interface CaseMeasures {
  /** Per case (log order). Seconds; NaN where undefined (no timestamps, no event, no known dur). */
  wall: Float64Array;
  traced: Float64Array;
  coverage: Float64Array;
  /** First event start (s, in the log's time base); NaN for an empty case. */
  first: Float64Array;
  events: Uint32Array;
  bytesRead: Float64Array;
  bytesWritten: Float64Array;
  failures: Uint32Array;
}

export function caseMeasures(log: EventLog): CaseMeasures {
  if (!primed) {
    // three runs on the prime log first (primeLog.ts): caseEvents then has type feedback for the code after
    // its loop when V8 optimises it during the first real case (without, it was thrown away there and the next
    // cases ran unoptimised: 4–563 MB of heap numbers in the bench's first comparison; docs/BENCHMARKS.md "perf8e")
    primed = true;
    const p = primeLog();
    for (let r = 0; r < 3; r++) caseMeasures(p);
  }
  const K = log.cases.length;
  const P = log.pairCall.length;
  const family = new Uint8Array(P);
  for (let p = 0; p < P; p++) {
    const c = log.calls[log.pairCall[p]];
    family[p] = READ_CALLS.has(c) ? 1 : WRITE_CALLS.has(c) ? 2 : 0;
  }
  const timed = log.timeBase !== 'none';
  const m: CaseMeasures = {
    wall: new Float64Array(K).fill(NaN),
    traced: new Float64Array(K).fill(NaN),
    coverage: new Float64Array(K).fill(NaN),
    first: new Float64Array(K).fill(NaN),
    events: new Uint32Array(K),
    bytesRead: new Float64Array(K),
    bytesWritten: new Float64Array(K),
    failures: new Uint32Array(K),
  };
  const { caseOffsets } = log;
  const out = new Float64Array(OUT);
  for (let k = 0; k < K; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    m.events[k] = b - a;
    caseEvents(log, family, a, b, out);
    m.bytesRead[k] = out[RD];
    m.bytesWritten[k] = out[WR];
    m.failures[k] = out[FAILS];
    if (b > a && timed) {
      const first = log.start[a];
      m.first[k] = first;
      m.wall[k] = out[LAST] - first;
      if (out[ANY] === 1) {
        const union = out[UNION];
        m.traced[k] = union;
        if (m.wall[k] > 0) m.coverage[k] = union / m.wall[k];
      }
    }
  }
  return m;
}

let primed = false;

// caseEvents' results, in its `out`
const RD = 0;
const WR = 1;
const FAILS = 2;
const LAST = 3;
const UNION = 4;
const ANY = 5;
const OUT = 6;

/**
 * The events [a, b) of one case: bytes read and written, failures, the last end, the union of the call
 * intervals (the last one closed) and whether any had a dur, into `out`. The loop alone in its function,
 * nothing after it: V8 optimises it while the first case runs (on-stack replacement), and code after the
 * loop would have no type feedback yet (its first run would throw the optimised code away).
 */
function caseEvents(log: EventLog, family: Uint8Array, a: number, b: number, out: Float64Array): void {
  const { start, dur, size, pair, errno } = log;
  let rd = 0;
  let wr = 0;
  let fails = 0;
  let last = -Infinity;
  let union = 0;
  let anyDur = false;
  let curS = NaN;
  let curE = NaN;
  for (let i = a; i < b; i++) {
    const s = start[i];
    const d = dur[i];
    const z = size[i];
    if (z === z) {
      const f = family[pair[i]];
      if (f === 1) rd += z;
      else if (f === 2) wr += z;
    }
    if (errno[i] !== 0) fails++;
    if (d === d) {
      const e = s + d;
      if (e > last) last = e;
      // events are sorted by start: extend the current interval or close it and open the next
      if (!anyDur) {
        anyDur = true;
        curS = s;
        curE = e;
      } else if (s > curE) {
        union += curE - curS;
        curS = s;
        curE = e;
      } else if (e > curE) curE = e;
    } else if (s > last) last = s;
  }
  out[RD] = rd;
  out[WR] = wr;
  out[FAILS] = fails;
  out[LAST] = last;
  out[UNION] = anyDur ? union + (curE - curS) : 0;
  out[ANY] = anyDur ? 1 : 0;
}
