/**
 * Max concurrency mc per activity (DESIGN.md §1): max over instants t of the number of the activity's
 * events (all cases) with start ≤ t < start + dur; an event with dur = 0 counts at its own instant.
 *
 * A global start-order permutation of the log is computed once per log (k-way merge of the already
 * sorted cases; cached in a WeakMap, it does not depend on the mapping), then swept with one min-heap of
 * end keys per activity (typed arrays). An event [s, s+d) with d > 0 has key s+d and stops counting at
 * t ≥ s+d; a zero-length event has key nextUp(s), so it still counts for the other events starting at s
 * and not for any later start.
 */
import type { EventLog } from '../model';

const orderCache = new WeakMap<EventLog, Uint32Array>();

/** Event indices of `log` sorted by start (ties: case order, then event order). Cached per log. */
export function startOrder(log: EventLog): Uint32Array {
  let order = orderCache.get(log);
  if (order === undefined || order.length !== log.n) {
    order = computeStartOrder(log);
    orderCache.set(log, order);
  }
  return order;
}

function computeStartOrder(log: EventLog): Uint32Array {
  const { n, start, caseOffsets } = log;
  const K = log.cases.length;
  const order = new Uint32Array(n);
  // heap of case indices keyed by (start of the case's next event, case index)
  const heap = new Int32Array(K);
  const pos = new Uint32Array(K);
  let size = 0;
  const less = (x: number, y: number): boolean => {
    const sx = start[pos[x]];
    const sy = start[pos[y]];
    return sx < sy || (sx === sy && x < y);
  };
  const down = (i: number): void => {
    const v = heap[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && less(heap[c + 1], heap[c])) c++;
      if (!less(heap[c], v)) break;
      heap[i] = heap[c];
      i = c;
    }
    heap[i] = v;
  };
  for (let k = 0; k < K; k++) {
    if (caseOffsets[k + 1] > caseOffsets[k]) {
      pos[k] = caseOffsets[k];
      heap[size++] = k;
    }
  }
  for (let i = (size >> 1) - 1; i >= 0; i--) down(i);
  let w = 0;
  while (size > 0) {
    const k = heap[0];
    const end = caseOffsets[k + 1];
    // emit the run of this case that precedes every other case's next event
    const other = size > 1 ? Math.min(start[pos[heap[1]]], size > 2 ? start[pos[heap[2]]] : Infinity) : Infinity;
    let p = pos[k];
    do order[w++] = p++;
    while (p < end && start[p] < other);
    if (p < end) {
      pos[k] = p;
    } else {
      heap[0] = heap[--size];
    }
    if (size > 0) down(0);
  }
  return order;
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
F64[0] = 1;
const HI = U32[1] === 0x3ff00000 ? 1 : 0;
const LO = 1 - HI;

/** The smallest double greater than x (x finite). */
export function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  F64[0] = x;
  if (x > 0) {
    if (U32[LO] === 0xffffffff) {
      U32[LO] = 0;
      U32[HI]++;
    } else U32[LO]++;
  } else if (U32[LO] === 0) {
    U32[LO] = 0xffffffff;
    U32[HI]--;
  } else U32[LO]--;
  return F64[0];
}

/**
 * mc per activity (Int32Array of length A; 0 for an activity without any event of known duration).
 * Events with unknown dur (NaN) are left out.
 */
export function maxConcurrency(log: EventLog, pairAct: Int32Array, A: number): Uint32Array {
  const order = startOrder(log);
  const { pair, start, dur } = log;
  const mc = new Uint32Array(A);
  const heaps: Float64Array[] = new Array<Float64Array>(A);
  for (let a = 0; a < A; a++) heaps[a] = new Float64Array(8);
  const sizes = new Int32Array(A);
  const n = order.length;
  for (let j = 0; j < n; j++) {
    const i = order[j];
    const a = pairAct[pair[i]];
    if (a < 0) continue;
    const d = dur[i];
    if (d !== d) continue;
    const s = start[i];
    let h = heaps[a];
    let size = sizes[a];
    // pop every event that has ended by s
    while (size > 0 && h[0] <= s) {
      const v = h[--size];
      let p = 0;
      for (;;) {
        let c = 2 * p + 1;
        if (c >= size) break;
        if (c + 1 < size && h[c + 1] < h[c]) c++;
        if (h[c] >= v) break;
        h[p] = h[c];
        p = c;
      }
      h[p] = v;
    }
    let key = s + d;
    if (!(key > s)) key = nextUp(s);
    if (size === h.length) {
      const g = new Float64Array(size * 2);
      g.set(h);
      heaps[a] = h = g;
    }
    let p = size++;
    while (p > 0) {
      const q = (p - 1) >> 1;
      if (h[q] <= key) break;
      h[p] = h[q];
      p = q;
    }
    h[p] = key;
    sizes[a] = size;
    if (size > mc[a]) mc[a] = size;
  }
  return mc;
}
