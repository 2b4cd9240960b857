/**
 * The one pass over all events that yields the DFG edges, the cases per activity, per-side
 * (partition) counts and the variants: each case's activity trace is written to a buffer as it is
 * scanned and, at the end of the case, compared element by element with the representatives of the
 * variants of equal hash and length (exact: a variant never merges two different traces); only a new
 * variant's trace stays in the buffer. Integer ids only: activities 0…A−1, START = A, END = A+1.
 */
import { grown } from '../lib/grown';
import type { EventLog } from '../model';
import { DENSE_LIMIT, EdgeTable } from './edgeTable';
import { sameTrace } from './variants';

/** A variant found by the scan: its first case, its trace `trace[off, off + len)` and its cases in order. */
export interface VariantGroup {
  rep: number;
  off: number;
  len: number;
  cases: number[];
}

/** The distinct activity traces of a scan, in order of their first case. */
export interface VariantGroups {
  /** The traces of the variants, each at its group's `off`: activity ids mod 65,536 (exact when A ≤ 65,536;
   * with more activities a trace is verified event by event as well). */
  trace: Uint16Array;
  groups: VariantGroup[];
}

export const SIDE_NONE = 0;
export const SIDE_GREEN = 1;
export const SIDE_RED = 2;

export interface ScanResult {
  A: number;
  edges: EdgeTable;
  /** Number of cases that contain each activity. */
  cases: Uint32Array;
  green: Uint32Array;
  red: Uint32Array;
  unmapped: number;
  /** Per case: two 32-bit hashes and the length of its activity trace. */
  caseH1: Int32Array;
  caseH2: Int32Array;
  caseLen: Uint32Array;
  variants: VariantGroups;
}

/**
 * @param side per case SIDE_* (null: no partition)
 * @param timed whether `start` values are times (gaps are then computed)
 */
export function scan(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array | null, timed: boolean, denseLimit = DENSE_LIMIT): ScanResult {
  const START = A;
  const END = A + 1;
  const edges = new EdgeTable(A + 2, denseLimit);
  const cases = new Uint32Array(A);
  const lastCase = new Int32Array(A).fill(-1);
  const green = new Uint32Array(A);
  const red = new Uint32Array(A);
  const K = log.cases.length;
  const caseH1 = new Int32Array(K);
  const caseH2 = new Int32Array(K);
  const caseLen = new Uint32Array(K);
  const { pair, start, dur, caseOffsets } = log;
  let unmapped = 0;

  const S = A + 2;
  const dense = edges.dense;
  // local views of the edge columns, refreshed when the table grows (rare)
  let eCount = edges.count;
  let eCases = edges.cases;
  let eLast = edges.lastCase;
  let eGapSum = edges.gapSum;
  let eGapN = edges.gapN;
  let cap = eCount.length;
  // the variants: the traces of the representatives, then the trace of the case being scanned
  // (2 bytes per activity: a trace is written and compared at memory speed)
  let tb = new Uint16Array(Math.min(log.n, 1 << 16) + 4);
  let tf = new Float64Array(tb.buffer, 0, tb.length >>> 2);
  const wide = A > 0x10000;
  // four ids at a time as a float64 when no four of them can make a NaN or −0 (a 16-bit id ≥ 0x7ff0 would):
  // float equality is then bit equality
  const byFour = A < 0x7ff0;
  let used = 0;
  const groups: VariantGroup[] = [];
  const byKey = new Map<string, VariantGroup[]>();

  for (let k = 0; k < K; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    const sd = side === null ? SIDE_NONE : side[k];
    // the per-side counts of this case's side (none: sideOn false)
    const sideOn = sd === SIDE_GREEN || sd === SIDE_RED;
    const sAct = sd === SIDE_GREEN ? green : red;
    let sEdge = sd === SIDE_GREEN ? edges.green : edges.red;
    let prev = START;
    let prevEnd = NaN;
    let h1 = 0x811c9dc5 | 0;
    let h2 = 0x12345678;
    let len = 0;
    if (used + (b - a) + 4 > tb.length) {
      tb = grown(tb, (Math.max(2 * tb.length, used + (b - a) + 4) + 3) & ~3);
      tf = new Float64Array(tb.buffer, 0, tb.length >>> 2);
    }
    const tr = tb;
    for (let i = a; i < b; i++) {
      const act = pairAct[pair[i]];
      if (act < 0) {
        unmapped++;
        continue;
      }
      if (lastCase[act] !== k) {
        lastCase[act] = k;
        cases[act]++;
      }
      let e = dense !== null ? dense[prev * S + act] : -1;
      if (e < 0) {
        // a new edge (dense table), or any edge (sparse table): the table may grow
        e = edges.index(prev, act);
        if (edges.count.length !== cap) {
          eCount = edges.count;
          eCases = edges.cases;
          eLast = edges.lastCase;
          eGapSum = edges.gapSum;
          eGapN = edges.gapN;
          sEdge = sd === SIDE_GREEN ? edges.green : edges.red;
          cap = eCount.length;
        }
      }
      eCount[e]++;
      if (eLast[e] !== k) {
        eLast[e] = k;
        eCases[e]++;
      }
      const s = start[i];
      if (timed) {
        // NaN after START (prevEnd is NaN there) or after an event of unknown dur: counted in gapN, which
        // becomes the number of known gaps after the loop (count − unknown; cheaper than counting those)
        const gap = s - prevEnd;
        if (gap === gap) eGapSum[e] += gap;
        else eGapN[e]++;
      }
      if (sideOn) {
        sAct[act]++;
        sEdge[e]++;
      }
      prev = act;
      prevEnd = s + dur[i];
      h1 = Math.imul(h1 ^ act, 0x01000193);
      h2 = Math.imul(h2 + act + 1, 0x5bd1e995) ^ (h2 >>> 15);
      tr[used + len++] = act;
    }
    const e = edges.index(prev, END);
    // the refresh of the local views above, written out again on purpose: a closure that reassigned them
    // would move eCount… out of registers into a context for the whole hot loop
    if (edges.count.length !== cap) {
      eCount = edges.count;
      eCases = edges.cases;
      eLast = edges.lastCase;
      eGapSum = edges.gapSum;
      eGapN = edges.gapN;
      cap = eCount.length;
    }
    eCount[e]++;
    eCases[e]++;
    if (sd === SIDE_GREEN) edges.green[e]++;
    else if (sd === SIDE_RED) edges.red[e]++;
    caseH1[k] = h1;
    caseH2[k] = h2;
    caseLen[k] = len;
    const key = `${h1}:${h2}:${len}`;
    let list = byKey.get(key);
    if (list === undefined) byKey.set(key, (list = []));
    let g: VariantGroup | undefined;
    for (const x of list) {
      if ((byFour ? sameRun4(tb, tf, x.off, used, len) : sameRun(tb, x.off, used, len)) && (!wide || sameTrace(log, pairAct, k, x.rep))) {
        g = x;
        break;
      }
    }
    if (g === undefined) {
      g = { rep: k, off: used, len, cases: [] };
      list.push(g);
      groups.push(g);
      used += (len + 3) & ~3; // traces start at multiples of 4 (sameRun4)
    }
    g.cases.push(k);
  }
  // gapN held the unknown gaps: known = count − unknown, none for the edges from START and to END
  for (let e = 0; e < edges.n; e++) eGapN[e] = timed && edges.src[e] !== START && edges.dst[e] !== END ? eCount[e] - eGapN[e] : 0;
  return { A, edges, cases, green, red, unmapped, caseH1, caseH2, caseLen, variants: { trace: tb, groups } };
}

/** sameRun with x and y multiples of 4: four ids per comparison through `f`, a float64 view of `t`. */
function sameRun4(t: Uint16Array, f: Float64Array, x: number, y: number, len: number): boolean {
  const q = len >>> 2;
  const fx = x >>> 2;
  const fy = y >>> 2;
  for (let j = 0; j < q; j++) if (f[fx + j] !== f[fy + j]) return false;
  for (let j = q << 2; j < len; j++) if (t[x + j] !== t[y + j]) return false;
  return true;
}

/** Whether t[x, x + len) and t[y, y + len) are equal. */
function sameRun(t: Uint16Array, x: number, y: number, len: number): boolean {
  for (let j = 0; j < len; j++) if (t[x + j] !== t[y + j]) return false;
  return true;
}
