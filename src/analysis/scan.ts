/**
 * The one pass over all events that yields the DFG edges, the cases per activity, per-side
 * (partition) counts and the variants: each case's activity trace is written to a buffer as it is
 * scanned and, at the end of the case, compared element by element with the representatives of the
 * variants of equal hash and length (exact: a variant never merges two different traces); only a new
 * variant's trace stays in the buffer. Integer ids only: activities 0…A−1, START = A, END = A+1.
 */
import { grown } from '../lib/grown';
import { allocColumns, type EventLog } from '../model/eventlog';
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
  if (!primed) prime();
  return scanLog(log, pairAct, A, side, timed, denseLimit);
}

let primed = false;

/**
 * Runs the scan once on a tiny log that takes every path of its per-case code (a new edge, a repeated and a
 * new variant, a trace buffer that grows, an unmapped event, an unknown dur). V8 optimises the scan while its
 * first case runs (on-stack replacement); without this, the code after the event loop had no type feedback
 * yet and each of those paths, met later, threw the optimised code away: 4 compiles of this function in a
 * CLI run instead of 1 (docs/BENCHMARKS.md).
 */
function prime(): void {
  primed = true;
  // cases: [0 1 0 1 1] [1] [0 1 0 1 1] [0 1 1 1 0 2 …]: pair 2 is unmapped, the second event has no dur; the
  // trace buffer (events + 4) is full before the last case, as the first two traces take 4 places more each
  const pairs = [0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 2, 1, 0, 1, 0, 1, 1, 0];
  const offsets = [0, 5, 6, 11, pairs.length];
  const n = pairs.length;
  const cols = allocColumns(n);
  cols.pair.set(pairs);
  for (let i = 0; i < n; i++) {
    cols.start[i] = i;
    cols.dur[i] = i === 1 ? NaN : 0.5;
  }
  const cases = offsets.slice(1).map((_, k) => ({ id: `p${k}`, cid: 'p', host: '', rid: String(k), pid: null, file: 0 }));
  const log: EventLog = { n, timeBase: 'epoch', ...cols, cases, caseOffsets: Uint32Array.from(offsets), calls: ['c'], paths: ['', '/a', '/b'], errnos: [''], pairCall: new Uint32Array(3), pairFp: Uint32Array.from([1, 2, 0]), files: [] };
  // a few times: V8 gives a function (also sameRun4, inlined here) its type feedback only from its 8th call on
  for (let r = 0; r < 12; r++) scanLog(log, Int32Array.from([0, 1, -1]), 2, null, true, DENSE_LIMIT);
}

function scanLog(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array | null, timed: boolean, denseLimit: number): ScanResult {
  const START = A;
  const END = A + 1;
  const edges = new EdgeTable(A + 2, denseLimit);
  const cases = new Uint32Array(A);
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
  let eGapSum = edges.gapSum;
  let eGapN = edges.gapN;
  let cap = eGapN.length;
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

  // Per event: the edge (created in order of first use), its gap, the trace and its hash. The counts of
  // edges and activities, their cases and sides are the same for every case of a variant: they are added
  // per variant afterwards (countVariants), not per event.
  for (let k = 0; k < K; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
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
      let e = dense !== null ? dense[prev * S + act] : -1;
      if (e < 0) {
        // a new edge (dense table), or any edge (sparse table): the table may grow
        e = edges.index(prev, act);
        if (edges.gapN.length !== cap) {
          eGapSum = edges.gapSum;
          eGapN = edges.gapN;
          cap = eGapN.length;
        }
      }
      if (timed) {
        // NaN after START (prevEnd is NaN there) or after an event of unknown dur: counted in gapN, which
        // becomes the number of known gaps after the loop (count − unknown; cheaper than counting those)
        const gap = start[i] - prevEnd;
        if (gap === gap) eGapSum[e] += gap;
        else eGapN[e]++;
      }
      prev = act;
      prevEnd = start[i] + dur[i];
      h1 = Math.imul(h1 ^ act, 0x01000193);
      h2 = Math.imul(h2 + act + 1, 0x5bd1e995) ^ (h2 >>> 15);
      tr[used + len++] = act;
    }
    // the edge to END (created here: edge indices stay in order of first use)
    edges.index(prev, END);
    if (edges.gapN.length !== cap) {
      eGapSum = edges.gapSum;
      eGapN = edges.gapN;
      cap = eGapN.length;
    }
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
  const variants: VariantGroups = { trace: tb, groups };
  countVariants(log, pairAct, A, edges, variants, side, cases, green, red);
  // gapN held the unknown gaps: known = count − unknown, none for the edges from START and to END
  const eCount = edges.count;
  for (let e = 0; e < edges.n; e++) eGapN[e] = timed && edges.src[e] !== START && edges.dst[e] !== END ? eCount[e] - eGapN[e] : 0;
  return { A, edges, cases, green, red, unmapped, caseH1, caseH2, caseLen, variants };
}

/**
 * The counts of the edges (count, cases, per side) and of the activities (cases, events per side) from the
 * variants: each variant's trace walked once, its numbers of cases (all, green, red) added per step. The
 * edges exist already (the scan created them in order).
 */
function countVariants(log: EventLog, pairAct: Int32Array, A: number, edges: EdgeTable, vg: VariantGroups, side: Uint8Array | null, cases: Uint32Array, green: Uint32Array, red: Uint32Array): void {
  const START = A;
  const END = A + 1;
  const { count, dense } = edges;
  const eCases = edges.cases;
  const eGreen = edges.green;
  const eRed = edges.red;
  const S = A + 2;
  // per edge / activity: the last variant that counted its cases
  const eLast = edges.lastCase.fill(-1);
  const aLast = new Int32Array(A).fill(-1);
  let ids = new Int32Array(64);
  for (let v = 0; v < vg.groups.length; v++) {
    const g = vg.groups[v];
    const c = g.cases.length;
    let cg = 0;
    let cr = 0;
    if (side !== null) {
      for (const k of g.cases) {
        if (side[k] === SIDE_GREEN) cg++;
        else if (side[k] === SIDE_RED) cr++;
      }
    }
    // the trace's activity ids (from the events when they do not fit 16 bits)
    if (ids.length < g.len) ids = new Int32Array(Math.max(g.len, 2 * ids.length));
    if (A <= 0x10000) {
      for (let j = 0; j < g.len; j++) ids[j] = vg.trace[g.off + j];
    } else {
      let w = 0;
      for (let i = log.caseOffsets[g.rep], end = log.caseOffsets[g.rep + 1]; i < end; i++) {
        const a = pairAct[log.pair[i]];
        if (a >= 0) ids[w++] = a;
      }
    }
    let prev = START;
    for (let j = 0; j <= g.len; j++) {
      const act = j < g.len ? ids[j] : END;
      const e = dense !== null ? dense[prev * S + act] : edges.find(prev, act);
      count[e] += c;
      if (eLast[e] !== v) {
        eLast[e] = v;
        eCases[e] += c;
      }
      eGreen[e] += cg;
      eRed[e] += cr;
      if (act !== END) {
        if (aLast[act] !== v) {
          aLast[act] = v;
          cases[act] += c;
        }
        green[act] += cg;
        red[act] += cr;
      }
      prev = act;
    }
  }
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
