/**
 * The whole-run overview (docs/METHOD.md, "Time"): a rank × time heatmap in one pass over the events.
 *
 * Rows are cases (or (case, pid) pairs), columns `bins` equal time bins over the run — from t0 (the
 * earliest event start of the log) to the latest event end, or, aligned, from each case's own first event
 * to the longest case's length. An event [s, s + dur) adds its busy time to the bins it overlaps, split
 * exactly at the bin edges; its bytes are split in the same proportions (a 10 s write of 1 GB adds 0.1 GB
 * per second it lasts); its call counts in the bin of its start. Events with unknown or zero duration
 * fall entirely into the bin of their start. The bandwidth (bytes/s) and operations/s series are the
 * per-bin sums over all rows divided by the bin width.
 */
import { sideOrder } from '../../lib/sideOrder';
import type { EventLog } from '../../model';
import type { CompiledMapping } from '../mapping';
import { pairSelection, runSpan, type RunSpan } from './span';
import type { Overview, OverviewOptions } from './types';

/** `run`: the log's run span (its LogIndex's; computed here without one). */
export function overview(log: EventLog, compiled: CompiledMapping, options: OverviewOptions, run: RunSpan = runSpan(log)): Overview {
  const bins = Math.max(1, Math.floor(options.bins ?? 200));
  const metric = options.metric;
  const byPid = options.byPid === true;
  const aligned = options.align === true;
  const side = options.side ?? null;
  const K = log.cases.length;
  // time 0: the log's first event, or an earlier instant given (e.g. the first event of all loaded cases)
  const t0 = options.t0 ?? run.t0;
  const shift = run.t0 - t0;
  const { caseStart, caseEnd } = run;
  let span = run.span + shift;
  if (aligned) {
    span = 0;
    for (let k = 0; k < K; k++) span = Math.max(span, caseEnd[k] - caseStart[k]);
  }
  // a zero-length run (one instant) still gets bins of a positive width
  const width = span > 0 ? span / bins : 1 / bins;
  const inv = 1 / width;
  const on = pairSelection(compiled.pairAct, compiled.activities, options.activities);
  const pairAct = compiled.pairAct;
  const { pair, start, dur, size, pid, caseOffsets } = log;

  // rows in order of appearance (case, then pid); cells grow when (case, pid) rows appear
  let cap = Math.max(K, 1);
  let cells = new Float64Array(cap * bins);
  const binBytes = new Float64Array(bins);
  const binCalls = new Float64Array(bins);
  const tmpCase: number[] = [];
  const tmpPid: number[] = [];
  let events = 0;
  const last = bins - 1;

  for (let k = 0; k < K; k++) {
    const a = caseOffsets[k];
    const b = caseOffsets[k + 1];
    const origin = aligned ? run.t0 + caseStart[k] : t0;
    // the case's rows by pid: a linear search while there are few (faster than a Map), then a Map
    const split = byPid;
    let many: Map<number, number> | null = null;
    const firstRow = tmpCase.length;
    let lastPid = 0;
    let row = -1;
    if (!split) {
      row = tmpCase.length;
      tmpCase.push(k);
      tmpPid.push(-1);
    }
    for (let i = a; i < b; i++) {
      // with rows per pid, a pid gets a row when it has a mapped event (as on the whole-run timeline)
      if (split && (row < 0 || pid[i] !== lastPid) && pairAct[pair[i]] >= 0) {
        lastPid = pid[i];
        let r = firstRow;
        if (many !== null) r = many.get(lastPid) ?? tmpCase.length;
        else while (r < tmpCase.length && tmpPid[r] !== lastPid) r++;
        if (r === tmpCase.length) {
          tmpCase.push(k);
          tmpPid.push(lastPid);
          if (many !== null) many.set(lastPid, r);
          else if (r - firstRow === 16) {
            many = new Map();
            for (let q = firstRow; q <= r; q++) many.set(tmpPid[q], q);
          }
          if (r >= cap) {
            cap *= 2;
            const grown = new Float64Array(cap * bins);
            grown.set(cells);
            cells = grown;
          }
        }
        row = r;
      }
      if (on[pair[i]] === 0) continue;
      events++;
      const x = (start[i] - origin) * inv;
      let b0 = Math.floor(x);
      if (b0 > last) b0 = last;
      else if (b0 < 0) b0 = 0;
      const d = dur[i];
      const z = size[i];
      const bytes = z === z ? z : 0;
      binCalls[b0]++;
      const base = row * bins;
      const x1 = d > 0 ? x + d * inv : x;
      let b1 = Math.floor(x1);
      if (b1 > last) b1 = last;
      if (b1 <= b0) {
        binBytes[b0] += bytes;
        cells[base + b0] += metric === 'busy' ? (d === d ? d : 0) : metric === 'bytes' ? bytes : 1;
        continue;
      }
      // the event spans bins b0..b1: split its busy time (and bytes) at the bin edges
      const dBins = x1 - x; // duration in bin widths
      for (let j = b0; j <= b1; j++) {
        const lo = j === b0 ? x : j;
        const hi = j === b1 ? x1 : j + 1;
        const part = (hi - lo) / dBins; // fraction of the event in bin j
        binBytes[j] += bytes * part;
        if (metric === 'busy') cells[base + j] += d * part;
        else if (metric === 'bytes') cells[base + j] += bytes * part;
      }
      if (metric === 'calls') cells[base + b0] += 1;
    }
    if (split && tmpCase.length === firstRow) {
      // a case without mapped events keeps one (empty) row
      tmpCase.push(k);
      tmpPid.push(-1);
      if (tmpCase.length > cap) {
        cap *= 2;
        const grown = new Float64Array(cap * bins);
        grown.set(cells);
        cells = grown;
      }
    }
  }

  // final row order: green, red, the rest; then case order, then pid appearance
  const R = tmpCase.length;
  const order = side === null ? Array.from({ length: R }, (_, r) => r) : sideOrder(R, (r) => side[tmpCase[r]]);
  const out = new Float64Array(R * bins);
  const rowCase = new Uint32Array(R);
  const rowPid = new Int32Array(R);
  const rowSide = new Uint8Array(R);
  const rowStart = new Float64Array(R);
  const rowSum = new Float64Array(R);
  const binSum = new Float64Array(bins);
  let max = 0;
  for (let r = 0; r < R; r++) {
    const src = order[r];
    const k = tmpCase[src];
    rowCase[r] = k;
    rowPid[r] = tmpPid[src];
    rowSide[r] = side === null ? 0 : side[k];
    rowStart[r] = caseStart[k] + shift;
    let s = 0;
    for (let j = 0; j < bins; j++) {
      const v = cells[src * bins + j];
      out[r * bins + j] = v;
      s += v;
      binSum[j] += v;
      if (v > max) max = v;
    }
    rowSum[r] = s;
  }
  const bandwidth = new Float64Array(bins);
  const ops = new Float64Array(bins);
  for (let j = 0; j < bins; j++) {
    bandwidth[j] = binBytes[j] * inv;
    ops[j] = binCalls[j] * inv;
  }
  return { metric, bins, t0, span, width, aligned, rows: R, rowCase, rowPid, rowSide, rowStart, cells: out, rowSum, binSum, bandwidth, ops, max, events };
}
