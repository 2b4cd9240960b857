/**
 * How the layers hand the I/O down (docs/METHOD.md "Layers", "Layer links"): per analysed event, the event of
 * the layer above that it serves, counted per (upper call, lower call). Two sources, never mixed in a case:
 * - **handles** (OTF2): the log's parent column (EventLog.parent), made by the importer from the I/O handles'
 *   parents — a handle without a parent gives no link however the times nest; a handle with one whose chain
 *   holds no operation is counted `unmatched`;
 * - **time** (Darshan DXT, whose records have no handles): a POSIX operation is linked to the latest-starting
 *   MPI-IO operation of its rank that holds it in time (analysis/layerPairs.ts), the stated fallback.
 * Only the events the mapping keeps are counted as lower events; their upper event may be any event of the log.
 */
import type { EventLog } from '../../model';
import { pairLayers } from '../layerPairs';
import { layerOf, type LayerInfo } from './classify';

export interface LayerLinkRow {
  upperLayer: string;
  upperCall: string;
  lowerLayer: string;
  lowerCall: string;
  /** Lower events linked to an upper event of that call. */
  links: number;
  /** Their bytes (events with a size). */
  bytes: number;
}

export interface LayerLinkCounts {
  /** Events linked to an event of a layer above. */
  linked: number;
  /** Handles: events whose handle has a parent handle, held by no operation up the chain (not linked). */
  unmatched: number;
  /** Handles: events linked to an event the analysed log does not hold (a time window cut it off). */
  outside: number;
}

export interface LayerLinks {
  /** Where the links come from: `handles` (OTF2's I/O handles), `time` (Darshan DXT: containment on a rank). */
  sources: ('handles' | 'time')[];
  /** Per (upper call, lower call): most links first (ties: names). */
  rows: LayerLinkRow[];
  /** Per layer of the lower events. */
  layers: Record<string, LayerLinkCounts>;
  /** No call linked and every event of the log of one layer (a Darshan log whose DXT traced POSIX alone): its
   * name — no traced layer above to link to; else null. */
  onlyLayer: string | null;
}

/** The index of the event of case [a, b) whose line is `line` (lines ascend in a case), or -1. */
function byLine(line: Uint32Array, a: number, b: number, want: number): number {
  let lo = a;
  let hi = b;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line[mid] < want) lo = mid + 1;
    else hi = mid;
  }
  return lo < b && line[lo] === want ? lo : -1;
}

/** The case of event i (caseOffsets ascending). */
function caseOf(caseOffsets: Uint32Array, i: number): number {
  let lo = 0;
  let hi = caseOffsets.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (caseOffsets[mid] <= i) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Per event its upper event's index (-1: none; -2: unmatched; -3: outside the log), and the sources used;
 * null when the log has no links source. The per-event array is made only when some event has a link (a
 * Darshan log of POSIX records alone costs one pass of pairLayers).
 */
function uppers(log: EventLog): { up: Int32Array | null; sources: LayerLinks['sources'] } | null {
  const { parent, caseOffsets, cases, files } = log;
  const fmt = (k: number) => files[cases[k].file]?.format;
  const timed = log.layer ? cases.some((_, k) => fmt(k) === 'darshan') : false;
  if (!parent && !timed) return null;
  let up: Int32Array | null = null;
  const set = (i: number, v: number) => ((up ??= new Int32Array(log.n).fill(-1))[i] = v);
  const sources: LayerLinks['sources'] = [];
  if (parent) {
    sources.push('handles');
    for (let k = 0; k < cases.length; k++) {
      if (fmt(k) === 'darshan') continue;
      const a = caseOffsets[k];
      const b = caseOffsets[k + 1];
      for (let i = a; i < b; i++) {
        const p = parent[i];
        if (p === 0) continue;
        if (p < 0) set(i, -2);
        else {
          const j = byLine(log.line, a, b, p);
          set(i, j >= 0 ? j : -3);
        }
      }
    }
  }
  if (timed) {
    sources.push('time');
    const pairs = pairLayers(log);
    // an upper event's lower events; a lower one held by several: the latest-starting (the last in log order)
    for (let k = 0; k < pairs.upper.length; k++) {
      const u = pairs.upper[k];
      if (pairs.from[k] === pairs.from[k + 1] || fmt(caseOf(caseOffsets, u)) !== 'darshan') continue;
      for (let x = pairs.from[k]; x < pairs.from[k + 1]; x++) set(pairs.lower[x], u);
    }
  }
  return { up, sources };
}

/** The layer links of the analysed events (`pairAct`: the mapping's pair → activity, -1 hidden), or null. */
export function layerLinks(log: EventLog, pairAct: Int32Array, info: LayerInfo): LayerLinks | null {
  const u = uppers(log);
  if (!u) return null;
  const { up, sources } = u;
  const layers: Record<string, LayerLinkCounts> = {};
  const rows = new Map<string, LayerLinkRow>();
  for (let i = 0; up !== null && i < log.n; i++) {
    const j = up[i];
    if (j === -1 || pairAct[log.pair[i]] < 0) continue;
    const lowerLayer = info.names[layerOf(info, log, i)];
    const c = (layers[lowerLayer] ??= { linked: 0, unmatched: 0, outside: 0 });
    if (j === -2) c.unmatched++;
    else if (j === -3) c.outside++;
    else {
      c.linked++;
      const upperLayer = info.names[layerOf(info, log, j)];
      const upperCall = log.calls[log.pairCall[log.pair[j]]];
      const lowerCall = log.calls[log.pairCall[log.pair[i]]];
      const key = `${upperLayer}\0${upperCall}\0${lowerLayer}\0${lowerCall}`;
      let r = rows.get(key);
      if (!r) rows.set(key, (r = { upperLayer, upperCall, lowerLayer, lowerCall, links: 0, bytes: 0 }));
      r.links++;
      const s = log.size[i];
      if (s === s) r.bytes += s;
    }
  }
  const name = (r: LayerLinkRow) => `${r.upperLayer} ${r.upperCall} ${r.lowerLayer} ${r.lowerCall}`;
  const sorted = [...rows.values()].sort((x, y) => y.links - x.links || (name(x) < name(y) ? -1 : name(x) > name(y) ? 1 : 0));
  return { sources, rows: sorted, layers, onlyLayer: sorted.length ? null : onlyLayer(log, info) };
}

/** The layer of every event of `log` when they all have the same one (and there is an event), else null. */
function onlyLayer(log: EventLog, info: LayerInfo): string | null {
  if (log.n === 0) return null;
  const first = layerOf(info, log, 0);
  for (let i = 1; i < log.n; i++) if (layerOf(info, log, i) !== first) return null;
  return info.names[first];
}
