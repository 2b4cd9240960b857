/**
 * The whole-run timeline (docs/METHOD.md "Time"): every case (or every (case, pid)) on its row with all
 * its mapped events, served as marks for a visible time range — the raw events when few overlap it,
 * else per row one mark per pixel bucket (its longest event, how many events and failed calls it stands
 * for), with the same binning as the activity timeline (src/lib/binning.ts). The row column is made once
 * per log, mapping and row mode (unmapped events on NO_ROW) and binned over the log's own start / dur /
 * errno columns: no copy of the events.
 */
import type { RowGaps } from './gaps';
import { extent, marksForRange, NO_ROW, type EventColumns, type Marks } from '../../lib/binning';
import { sideOrder } from '../../lib/sideOrder';
import type { EventLog } from '../../model';
import type { CompiledMapping } from '../mapping';
import { caseLabel, rankCids } from '../ranks';
import { layerOf, type LayerInfo } from '../layers/classify';

export interface RunTimelineRequest {
  /** The visible range in seconds since t0 (null ends: the whole run). */
  from?: number | null;
  to?: number | null;
  /** The plot's width in pixels (bucket count when binned). */
  pixels: number;
  /** One row per (case, pid) instead of one per case. */
  byPid?: boolean;
  /** Raw events when at most this many overlap the visible range (default RUN_BIN_THRESHOLD). */
  threshold?: number;
}

export const RUN_BIN_THRESHOLD = 50_000;

/** The rows of a log: per event its row (NO_ROW when unmapped), per row its case, pid and side. */
export interface RunRows {
  byPid: boolean;
  row: Uint32Array;
  rowCase: Uint32Array;
  /** −1 when rows are cases. */
  rowPid: Int32Array;
  rowSide: Uint8Array;
  /** Mapped events, and their first start and last end (absolute; null when there is none). */
  events: number;
  extent: { min: number; max: number } | null;
}

/** What the run timeline draws for one range: the rows, and per mark its event's facts. */
export interface RunTimeline {
  timeBase: EventLog['timeBase'];
  /** Time 0 (absolute, in the log's time base): the earliest event start of all loaded cases. */
  t0: number;
  /** First start and last end of the mapped events, seconds since t0 (0, 0 when there are none). */
  min: number;
  max: number;
  /** Mapped events in the analysed log, and those overlapping the marks' range. */
  events: number;
  inRange: number;
  binned: boolean;
  /** The range the marks cover (seconds since t0; one view width more on each side when it fits). */
  x0: number;
  x1: number;
  rowLabels: string[];
  /** Per row: case id, MPI rank (the rid where it is one, analysis/ranks.ts; '' otherwise), pid (−1: rows are cases), side (0 none, 1 green, 2 red). */
  rowCase: string[];
  rowRank: string[];
  rowPid: Int32Array;
  rowSide: Uint8Array;
  /** The mapping's activities (`act` indexes them), the log's errno names (`errno`; 0 = succeeded). */
  activities: string[];
  errnos: string[];
  /** `call path` of the marks' events (`label` indexes them). */
  labels: string[];
  // ---- per mark: its event (the longest of its bucket when binned) ----
  row: Uint32Array;
  /** Seconds since t0. */
  start: Float64Array;
  dur: Float64Array;
  /** Events and failed calls the mark stands for (1 and 0/1 when raw). */
  count: Uint32Array;
  fail: Uint32Array;
  act: Int32Array;
  errno: Uint16Array;
  pid: Int32Array;
  size: Float64Array;
  offset: Float64Array;
  label: Uint32Array;
  /** Per mark its layer (an index into `layerNames`; docs/METHOD.md "Layers"): logs with stacks (strace -k) or
   * a layer column only. */
  layer?: Uint8Array;
  layerNames?: string[];
  /** The untraced gaps of the rows' cases in the marks' range (docs/METHOD.md "Untraced time"; set by the Session). */
  gaps?: RowGaps;
}

/**
 * The rows: cases in log order (green, then red, then the rest when `side` is given); with `byPid`, per
 * case one row per pid in order of its first mapped event (a case without mapped events keeps one row).
 */
export function runRows(log: EventLog, pairAct: Int32Array, byPid: boolean, side: Uint8Array | null): RunRows {
  const K = log.cases.length;
  const order = side ? sideOrder(K, (k) => side[k]) : Array.from({ length: K }, (_, k) => k);
  const row = new Uint32Array(log.n).fill(NO_ROW);
  const rowCase: number[] = [];
  const rowPid: number[] = [];
  const { pair, pid, caseOffsets } = log;
  let events = 0;
  for (const k of order) {
    const first = rowCase.length;
    const rows = new Map<number, number>();
    let lastPid = NaN;
    let r = first;
    if (!byPid) {
      rowCase.push(k);
      rowPid.push(-1);
    }
    for (let i = caseOffsets[k], b = caseOffsets[k + 1]; i < b; i++) {
      if (pairAct[pair[i]] < 0) continue;
      events++;
      if (byPid && pid[i] !== lastPid) {
        lastPid = pid[i];
        let q = rows.get(lastPid);
        if (q === undefined) {
          q = rowCase.length;
          rows.set(lastPid, q);
          rowCase.push(k);
          rowPid.push(lastPid);
        }
        r = q;
      }
      row[i] = r;
    }
    if (byPid && rowCase.length === first) {
      rowCase.push(k);
      rowPid.push(-1);
    }
  }
  const rc = Uint32Array.from(rowCase);
  const rowSide = side ? Uint8Array.from(rc, (k) => side[k]) : new Uint8Array(rc.length);
  return { byPid, row, rowCase: rc, rowPid: Int32Array.from(rowPid), rowSide, events, extent: extent({ row, start: log.start, dur: log.dur }) };
}

/** The marks of the run timeline for one visible range (times of `req` and of the reply since `t0`). */
export function runTimeline(log: EventLog, compiled: Pick<CompiledMapping, 'activities' | 'pairAct'>, rows: RunRows, t0: number, req: RunTimelineRequest, layers: LayerInfo | null = null): RunTimeline {
  const R = rows.rowCase.length;
  const cols: EventColumns = { row: rows.row, start: log.start, dur: log.dur, fail: log.errno };
  const ext = rows.extent;
  const min = ext ? ext.min - t0 : 0;
  const max = ext ? ext.max - t0 : 0;
  const pad = Math.max((max - min) * 0.01, 1e-6);
  const from = req.from ?? min - pad;
  const to = req.to ?? max + pad;
  const none = log.timeBase === 'none' || !ext || !(to > from);
  const m: Marks | null = none ? null : marksForRange(cols, R, from + t0, to + t0, req.pixels, req.threshold ?? RUN_BIN_THRESHOLD);
  const ranked = rankCids(log.cases);
  const rowLabels: string[] = [];
  const rowCase: string[] = [];
  const rowRank: string[] = [];
  for (let r = 0; r < R; r++) {
    const c = log.cases[rows.rowCase[r]];
    const name = caseLabel(c, ranked);
    rowLabels.push(rows.rowPid[r] >= 0 ? `${name} · pid ${rows.rowPid[r]}` : name);
    rowCase.push(c.id);
    rowRank.push(ranked.has(c.cid) ? c.rid : '');
  }
  const nb = m ? m.bars.length : 0;
  const n = m ? nb + m.points.length : 0;
  const out: RunTimeline = {
    timeBase: log.timeBase, t0, min, max, events: rows.events, inRange: m?.events ?? 0, binned: m?.binned ?? false,
    x0: m ? m.x0 - t0 : from, x1: m ? m.x1 - t0 : to,
    // copies: the reply's arrays are transferred (detached) by the worker, the rows are cached
    rowLabels, rowCase, rowRank, rowPid: rows.rowPid.slice(), rowSide: rows.rowSide.slice(),
    activities: compiled.activities.slice(), errnos: log.errnos.slice(), labels: [],
    row: new Uint32Array(n), start: new Float64Array(n), dur: new Float64Array(n), count: new Uint32Array(n), fail: new Uint32Array(n),
    act: new Int32Array(n), errno: new Uint16Array(n), pid: new Int32Array(n), size: new Float64Array(n), offset: new Float64Array(n), label: new Uint32Array(n),
  };
  if (layers) {
    out.layer = new Uint8Array(n);
    out.layerNames = layers.names.slice();
  }
  if (!m) return out;
  const labelOf = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const bar = k < nb;
    const i = bar ? m.bars[k] : m.points[k - nb];
    const p = log.pair[i];
    let l = labelOf.get(p);
    if (l === undefined) {
      l = out.labels.length;
      const fp = log.paths[log.pairFp[p]];
      const call = log.calls[log.pairCall[p]];
      out.labels.push(fp ? `${call} ${fp}` : call);
      labelOf.set(p, l);
    }
    out.row[k] = rows.row[i];
    out.start[k] = log.start[i] - t0;
    out.dur[k] = log.dur[i];
    const counts = bar ? m.barCount : m.pointCount;
    const fails = bar ? m.barFail : m.pointFail;
    out.count[k] = counts ? counts[bar ? k : k - nb] : 1;
    out.fail[k] = fails ? fails[bar ? k : k - nb] : log.errno[i] !== 0 ? 1 : 0;
    out.act[k] = compiled.pairAct[p];
    out.errno[k] = log.errno[i];
    out.pid[k] = log.pid[i];
    out.size[k] = log.size[i];
    out.offset[k] = log.offset[i];
    out.label[k] = l;
    if (layers) out.layer![k] = layerOf(layers, log, i);
  }
  return out;
}
