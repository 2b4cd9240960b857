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
 * @param side per log case SIDE_GREEN / SIDE_RED / SIDE_NONE (unassigned cases are skipped)
 * @param timed whether `start` values are times (edge gaps are computed)
 */
export function compareMatrix(log: EventLog, pairAct: Int32Array, A: number, side: Uint8Array, timed: boolean): CompareMatrix {
  const K = log.cases.length;
  const g: number[] = [];
  const r: number[] = [];
  for (let k = 0; k < K; k++) {
    if (side[k] === SIDE_GREEN) g.push(k);
    else if (side[k] === SIDE_RED) r.push(k);
  }
  const sideCases: [Uint32Array, Uint32Array] = [Uint32Array.from(g), Uint32Array.from(r)];
  const START = A;
  const END = A + 1;
  const edges = new EdgeTable(A + 2);
  const dense = edges.dense;
  const S = A + 2;
  const { pair, start, dur, size, errno, caseOffsets } = log;

  // per-case scratch: values of the activities/edges touched by the current case
  const cCount = new Float64Array(A);
  const cBytes = new Float64Array(A);
  const cTime = new Float64Array(A); // integer ns (src/lib/ticks.ts): equal printed times give equal sums (ties)
  const touched = new Int32Array(A);
  let eScratch = new Float64Array(64);
  let eTouched = new Int32Array(64);
  const actDurN = new Float64Array(2 * A);
  const actSizeN = new Float64Array(2 * A);
  const actRateSum = new Float64Array(2 * A);
  const actRateN = new Float64Array(2 * A);
  const actFail = new Float64Array(2 * A);
  let gapSum = [new Float64Array(64), new Float64Array(64)];
  let gapN = [new Float64Array(64), new Float64Array(64)];

  const aEl = new Col(new Uint32Array(1024));
  const aSide = new Col(new Uint8Array(1024));
  const aPos = new Col(new Uint32Array(1024));
  const aCount = new Col(new Float64Array(1024));
  const aBytes = new Col(new Float64Array(1024));
  const aTime = new Col(new Float64Array(1024));
  const eEl = new Col(new Uint32Array(1024));
  const eSide = new Col(new Uint8Array(1024));
  const ePos = new Col(new Uint32Array(1024));
  const eCount = new Col(new Float64Array(1024));

  const grow = (): void => {
    const cap = edges.count.length;
    if (eScratch.length >= cap) return;
    eScratch = grown(eScratch, cap);
    eTouched = grown(eTouched, cap);
    gapSum = gapSum.map((x) => grown(x, cap));
    gapN = gapN.map((x) => grown(x, cap));
  };

  for (let s = 0; s < 2; s++) {
    const list = sideCases[s];
    const base = s * A;
    for (let j = 0; j < list.length; j++) {
      const k = list[j];
      let nt = 0;
      let ne = 0;
      let prev = START;
      let prevEnd = NaN;
      for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
        const act = pairAct[pair[i]];
        if (act < 0) continue;
        if (cCount[act] === 0) touched[nt++] = act;
        cCount[act]++;
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
          if (e >= eScratch.length) grow();
        }
        if (eScratch[e] === 0) eTouched[ne++] = e;
        eScratch[e]++;
        const st = start[i];
        if (timed && prev !== START) {
          const gap = st - prevEnd;
          if (gap === gap) {
            gapSum[s][e] += gap;
            gapN[s][e]++;
          }
        }
        prev = act;
        prevEnd = st + d;
      }
      const last = edges.index(prev, END);
      if (last >= eScratch.length) grow();
      if (eScratch[last] === 0) eTouched[ne++] = last;
      eScratch[last]++;
      for (let t = 0; t < nt; t++) {
        const a = touched[t];
        aEl.push(a);
        aSide.push(s);
        aPos.push(j);
        aCount.push(cCount[a]);
        aBytes.push(cBytes[a]);
        aTime.push(fromTicks(cTime[a]));
        cCount[a] = 0;
        cBytes[a] = 0;
        cTime[a] = 0;
      }
      for (let t = 0; t < ne; t++) {
        const e = eTouched[t];
        eEl.push(e);
        eSide.push(s);
        ePos.push(j);
        eCount.push(eScratch[e]);
        eScratch[e] = 0;
      }
    }
  }
  grow();
  const E = edges.n;
  const ac = toCsr(A, aEl, aSide, aPos, [aCount, aBytes, aTime]);
  const ec = toCsr(E, eEl, eSide, ePos, [eCount]);
  const edgeGapSum = new Float64Array(2 * E);
  const edgeGapN = new Float64Array(2 * E);
  for (let s = 0; s < 2; s++) {
    edgeGapSum.set(gapSum[s].subarray(0, E), s * E);
    edgeGapN.set(gapN[s].subarray(0, E), s * E);
  }
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
