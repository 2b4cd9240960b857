/**
 * The cases × elements matrices of the comparison, built in one pass over the events of the green and red
 * cases with the compiled mapping: per (case, activity) the count, bytes (Σ size) and time (Σ dur), per
 * (case, edge) the count, plus per side and element the sums the per-side statistics need. Stored sparse
 * (one entry per case and element that occurs in it), grouped by element (CSR), so a mapping with many
 * activities and many cases costs memory in proportion to what occurs, not to cases × elements.
 * Edge ids come from the same EdgeTable as the DFG (activities 0…A−1, ● = A, ■ = A + 1).
 */
import { grown } from '../../lib/grown';
import { fromTicks, toTicks } from '../../lib/ticks';
import type { EventLog } from '../../model';
import { EdgeTable } from '../edgeTable';
import { primeLog } from '../primeLog';
import { SIDE_GREEN, SIDE_RED } from '../scan';

/** Entries grouped by element: element x owns [off[x], off[x+1]). */
export interface Sparse {
  off: Uint32Array;
  /** 0 = green, 1 = red. */
  side: Uint8Array;
  /** Position of the case among its side's cases (log order). */
  pos: Uint32Array;
  count: Float64Array;
  /** Only for activities (empty for edges). */
  bytes: Float64Array;
  time: Float64Array;
}

export interface CompareMatrix {
  A: number;
  /** Log case indices of the green and red cases, in log order. */
  sideCases: [Uint32Array, Uint32Array];
  act: Sparse;
  /** Per side s and activity a at [s·A + a]: events with a known dur, events with a size, Σ size/dur and
   * their number (size and dur > 0), failed events. */
  actDurN: Float64Array;
  actSizeN: Float64Array;
  actRateSum: Float64Array;
  actRateN: Float64Array;
  actFail: Float64Array;
  edges: EdgeTable;
  edge: Sparse;
  /** Per side s and edge e at [s·E + e]: Σ gap and number of gaps (as the DFG's meanGap). */
  edgeGapSum: Float64Array;
  edgeGapN: Float64Array;
}

/** A growable column of numbers. */
class Col<T extends Float64Array | Uint32Array | Uint8Array> {
  n = 0;
  constructor(public a: T) {}
  push(v: number): void {
    if (this.n === this.a.length) this.a = grown(this.a, this.a.length * 2);
    this.a[this.n++] = v;
  }
}


/** Groups the (element, side, pos, values…) entries by element (a stable counting sort). */
function toCsr(nElem: number, el: Col<Uint32Array>, side: Col<Uint8Array>, pos: Col<Uint32Array>, cols: Col<Float64Array>[]): { off: Uint32Array; side: Uint8Array; pos: Uint32Array; vals: Float64Array[] } {
  const m = el.n;
  const off = new Uint32Array(nElem + 1);
  for (let i = 0; i < m; i++) off[el.a[i] + 1]++;
  for (let x = 0; x < nElem; x++) off[x + 1] += off[x];
  const fill = off.slice(0, nElem);
  const oSide = new Uint8Array(m);
  const oPos = new Uint32Array(m);
  const oVals = cols.map(() => new Float64Array(m));
  for (let i = 0; i < m; i++) {
    const j = fill[el.a[i]]++;
    oSide[j] = side.a[i];
    oPos[j] = pos.a[i];
    for (let c = 0; c < cols.length; c++) oVals[c][j] = cols[c].a[i];
  }
  return { off, side: oSide, pos: oPos, vals: oVals };
}

/**
 * The per-case scratch and the per-side sums of one compareMatrix call. Fields of an object (not variables
 * of a closure) so that the event loop (caseEvents) can hold them in locals: a variable that a closure
 * writes lives in the closure's context and is loaded from memory at every use.
 */
class Acc {
  readonly cCount: Float64Array;
  readonly cBytes: Float64Array;
  /** Integer ns (src/lib/ticks.ts): equal printed times give equal sums (ties). */
  readonly cTime: Float64Array;
  readonly touched: Int32Array;
  readonly actDurN: Float64Array;
  readonly actSizeN: Float64Array;
  readonly actRateSum: Float64Array;
  readonly actRateN: Float64Array;
  readonly actFail: Float64Array;
  eScratch = new Float64Array(64);
  eTouched = new Int32Array(64);
  /** Per side: Σ gap and number of gaps per edge. */
  gapSum = [new Float64Array(64), new Float64Array(64)];
  gapN = [new Float64Array(64), new Float64Array(64)];
  /** Activities and edges touched by the current case (caseEvents sets them). */
  nt = 0;
  ne = 0;

  constructor(A: number) {
    this.cCount = new Float64Array(A);
    this.cBytes = new Float64Array(A);
    this.cTime = new Float64Array(A);
    this.touched = new Int32Array(A);
    this.actDurN = new Float64Array(2 * A);
    this.actSizeN = new Float64Array(2 * A);
    this.actRateSum = new Float64Array(2 * A);
    this.actRateN = new Float64Array(2 * A);
    this.actFail = new Float64Array(2 * A);
  }

  /** Room for `cap` edges in the edge scratch columns. */
  grow(cap: number): void {
    if (this.eScratch.length >= cap) return;
    this.eScratch = grown(this.eScratch, cap);
    this.eTouched = grown(this.eTouched, cap);
    this.gapSum = this.gapSum.map((x) => grown(x, cap));
    this.gapN = this.gapN.map((x) => grown(x, cap));
  }
}

/**
 * The events [a, b) of one case of side s: its activities' count, bytes and time into the scratch, the
 * side's sums, its edges' counts and gaps. The loop alone in its function, nothing after it: V8 optimises
 * it while the first case runs (on-stack replacement) and code after the loop would have no type feedback
 * yet (its first run would throw the optimised code away: docs/BENCHMARKS.md, session 8).
 */
function caseEvents(acc: Acc, log: EventLog, pairAct: Int32Array, A: number, edges: EdgeTable, timed: boolean, s: number, a: number, b: number): void {
  const { pair, start, dur, size, errno } = log;
  const { cCount, cBytes, cTime, touched, actDurN, actSizeN, actRateSum, actRateN, actFail } = acc;
  const dense = edges.dense;
  const S = A + 2;
  const base = s * A;
  let eScratch = acc.eScratch;
  let eTouched = acc.eTouched;
  let gapSum = acc.gapSum[s];
  let gapN = acc.gapN[s];
  let nt = 0;
  let ne = 0;
  let prev = A; // START
  let prevEnd = NaN;
  for (let i = a; i < b; i++) {
    const act = pairAct[pair[i]];
    if (act < 0) continue;
    if (++cCount[act] === 1) touched[nt++] = act;
    const d = dur[i];
    const z = size[i];
    if (d === d) {
      cTime[act] += toTicks(d);
      actDurN[base + act]++;
    }
    if (z === z) {
      cBytes[act] += z;
      actSizeN[base + act]++;
      if (d > 0) {
        actRateSum[base + act] += z / d;
        actRateN[base + act]++;
      }
    }
    if (errno[i] !== 0) actFail[base + act]++;
    // the dense lookup inline (as scan.ts), the hash lookup through the table
    let e = dense !== null ? dense[prev * S + act] : -1;
    if (e < 0) {
      e = edges.index(prev, act);
      if (e >= eScratch.length) {
        acc.grow(edges.count.length);
        eScratch = acc.eScratch;
        eTouched = acc.eTouched;
        gapSum = acc.gapSum[s];
        gapN = acc.gapN[s];
      }
    }
    if (++eScratch[e] === 1) eTouched[ne++] = e;
    const st = start[i];
    if (timed && prev !== A) {
      const gap = st - prevEnd;
      if (gap === gap) {
        gapSum[e] += gap;
        gapN[e]++;
      }
    }
    prev = act;
    prevEnd = st + d;
  }
  const last = edges.index(prev, A + 1); // END
  if (last >= eScratch.length) {
    acc.grow(edges.count.length);
    eScratch = acc.eScratch;
    eTouched = acc.eTouched;
  }
  if (eScratch[last] === 0) eTouched[ne++] = last;
  eScratch[last]++;
  acc.nt = nt;
  acc.ne = ne;
}

/** The entries of the case just scanned (position j on side s) out of the scratch, which is cleared. */
interface Entries {
  el: Col<Uint32Array>;
  side: Col<Uint8Array>;
  pos: Col<Uint32Array>;
  vals: Col<Float64Array>[];
}

function flushCase(acc: Acc, act: Entries, edge: Entries, s: number, j: number): void {
  const { cCount, cBytes, cTime, touched, eScratch, eTouched } = acc;
  const [aCount, aBytes, aTime] = act.vals;
  for (let t = 0; t < acc.nt; t++) {
    const a = touched[t];
    act.el.push(a);
    act.side.push(s);
    act.pos.push(j);
    aCount.push(cCount[a]);
    aBytes.push(cBytes[a]);
    aTime.push(fromTicks(cTime[a]));
    cCount[a] = 0;
    cBytes[a] = 0;
    cTime[a] = 0;
  }
  const eCount = edge.vals[0];
  for (let t = 0; t < acc.ne; t++) {
    const e = eTouched[t];
    edge.el.push(e);
    edge.side.push(s);
    edge.pos.push(j);
    eCount.push(eScratch[e]);
    eScratch[e] = 0;
  }
}

const entries = (values: number): Entries => ({
  el: new Col(new Uint32Array(1024)),
  side: new Col(new Uint8Array(1024)),
  pos: new Col(new Uint32Array(1024)),
  vals: Array.from({ length: values }, () => new Col(new Float64Array(1024))),
});

/**
 * @param side per log case SIDE_GREEN / SIDE_RED / SIDE_NONE (unassigned cases are skipped)
 * @param timed whether `start` values are times (edge gaps are computed)
 */
export function compareMatrix(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array, timed: boolean): CompareMatrix {
  if (!primed) primeMatrix();
  const K = log.cases.length;
  const g: number[] = [];
  const r: number[] = [];
  for (let k = 0; k < K; k++) {
    if (side[k] === SIDE_GREEN) g.push(k);
    else if (side[k] === SIDE_RED) r.push(k);
  }
  const sideCases: [Uint32Array, Uint32Array] = [Uint32Array.from(g), Uint32Array.from(r)];
  const edges = new EdgeTable(A + 2);
  const acc = new Acc(A);
  const act = entries(3);
  const edge = entries(1);
  const { caseOffsets } = log;
  for (let s = 0; s < 2; s++) {
    const list = sideCases[s];
    for (let j = 0; j < list.length; j++) {
      const k = list[j];
      caseEvents(acc, log, pairAct, A, edges, timed, s, caseOffsets[k], caseOffsets[k + 1]);
      flushCase(acc, act, edge, s, j);
    }
  }
  acc.grow(edges.count.length);
  const E = edges.n;
  const ac = toCsr(A, act.el, act.side, act.pos, act.vals);
  const ec = toCsr(E, edge.el, edge.side, edge.pos, edge.vals);
  const edgeGapSum = new Float64Array(2 * E);
  const edgeGapN = new Float64Array(2 * E);
  for (let s = 0; s < 2; s++) {
    edgeGapSum.set(acc.gapSum[s].subarray(0, E), s * E);
    edgeGapN.set(acc.gapN[s].subarray(0, E), s * E);
  }
  const { actDurN, actSizeN, actRateSum, actRateN, actFail } = acc;
  return {
    A,
    sideCases,
    act: { off: ac.off, side: ac.side, pos: ac.pos, count: ac.vals[0], bytes: ac.vals[1], time: ac.vals[2] },
    actDurN,
    actSizeN,
    actRateSum,
    actRateN,
    actFail,
    edges,
    edge: { off: ec.off, side: ec.side, pos: ec.pos, count: ec.vals[0], bytes: new Float64Array(0), time: new Float64Array(0) },
    edgeGapSum,
    edgeGapN,
  };
}

let primed = false;

/**
 * compareMatrix run three times on the prime log (primeLog.ts: four cases, green and red, the third empty)
 * before the first real log: V8 gives a function its feedback vector only after it ran a while, so `caseEvents`
 * was optimised during the first real case without feedback for the code after its loop and thrown away there;
 * the cases after it then ran unoptimised until it was compiled again, allocating a heap number per operation
 * on a double (V8's sampling heap profiler: 4–175 MB in the bench's first comparison, by timing;
 * docs/BENCHMARKS.md "perf8e").
 */
function primeMatrix(): void {
  primed = true;
  const log = primeLog();
  const pairAct = Int32Array.from({ length: log.pairCall.length }, (_, p) => (p % 4) - 1);
  const side = Uint8Array.from({ length: log.cases.length }, (_, k) => (k & 1 ? SIDE_RED : SIDE_GREEN));
  for (let r = 0; r < 3; r++) compareMatrix(log, pairAct, 3, side, true);
}
