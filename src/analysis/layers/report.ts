/**
 * The analysed events by layer and by call site (docs/METHOD.md "Layers"): per activity its events by layer
 * and by site (the analysis JSON's `nodes.<act>.layers` / `.sites`), per call site its calls, bytes, time,
 * layers, files and library entries (the Call sites table), per layer its totals. One pass over the events.
 */
import type { EventLog } from '../../model';
import type { CompiledMapping } from '../mapping';
import { layerInfo, type LayerInfo } from './classify';
import { layerLinks, type LayerLinks } from './links';

export interface CallSiteRow {
  /** `write_stdio (layers_c+0x124b)` (frame.ts siteName). */
  site: string;
  calls: number;
  /** Bytes read or written (calls with a size). */
  bytes: number;
  /** Seconds in the calls (calls with a known duration). */
  time: number;
  /** Calls per layer, per file (fp) and per library entry (`fwrite`, `H5Dwrite`). */
  layers: Record<string, number>;
  files: Record<string, number>;
  entries: Record<string, number>;
  /** Calls per activity. */
  activities: Record<string, number>;
}

export interface LayerTotals {
  calls: number;
  bytes: number;
  time: number;
}

export interface LayerReport {
  /** The layers with events, in the table's order. */
  layers: string[];
  /** Per activity: its events by layer and by call site (only layers and sites it has). */
  activities: Record<string, { layers: Record<string, number>; sites: Record<string, number> }>;
  /** Every call site of the analysed events, most calls first (ties: name). */
  sites: CallSiteRow[];
  totals: Record<string, LayerTotals>;
  /** Whether the events had stacks (strace -k): sites exist; else the layers come from a layer column. */
  stacks: boolean;
  /** How the layers hand the I/O down (OTF2: by the I/O handles; Darshan DXT: by time), or null (links.ts). */
  links: LayerLinks | null;
}

/** Distinct sites of a LayerInfo: per stack the site's index (-1: none), and the names. */
function siteIndex(info: LayerInfo): { ofStack: Int32Array; names: string[] } {
  const names: string[] = [];
  const at = new Map<string, number>();
  const ofStack = new Int32Array(info.site.length).fill(-1);
  info.site.forEach((s, k) => {
    if (s === '') return;
    let i = at.get(s);
    if (i === undefined) at.set(s, (i = names.push(s) - 1));
    ofStack[k] = i;
  });
  return { ofStack, names };
}

interface Sums {
  actLayer: Float64Array;
  actSite: Map<number, number>;
  siteCalls: Float64Array;
  siteBytes: Float64Array;
  siteTime: Float64Array;
  /** (site, layer | fp | entry stack | act) → calls, keyed site·K + value. */
  siteLayer: Map<number, number>;
  siteFile: Map<number, number>;
  siteEntry: Map<number, number>;
  siteAct: Map<number, number>;
  layerCalls: Float64Array;
  layerBytes: Float64Array;
  layerTime: Float64Array;
}

const bump = (m: Map<number, number>, k: number): void => void m.set(k, (m.get(k) ?? 0) + 1);

/** The per-event pass, alone in its function (docs/ARCHITECTURE.md "Per-event loops and V8"). */
function sum(log: EventLog, pairAct: Int32Array, info: LayerInfo, siteOf: Int32Array, A: number, S: number, L: number): Sums {
  const r: Sums = {
    actLayer: new Float64Array(A * L), actSite: new Map(), siteCalls: new Float64Array(S), siteBytes: new Float64Array(S), siteTime: new Float64Array(S),
    siteLayer: new Map(), siteFile: new Map(), siteEntry: new Map(), siteAct: new Map(),
    layerCalls: new Float64Array(L), layerBytes: new Float64Array(L), layerTime: new Float64Array(L),
  };
  const stack = log.stack ?? null;
  const col = log.layer ?? null;
  const { ofStack, ofColumn, unknown } = info;
  const P = log.paths.length;
  const NS = info.site.length;
  for (let i = 0; i < log.n; i++) {
    const p = log.pair[i];
    const a = pairAct[p];
    if (a < 0) continue;
    const s = stack !== null ? stack[i] : 0;
    const l = s !== 0 && ofStack !== null ? ofStack[s] : col !== null && ofColumn !== null ? ofColumn[col[i]] : ofStack !== null ? ofStack[s] : unknown;
    r.actLayer[a * L + l]++;
    const size = log.size[i];
    const d = log.dur[i];
    r.layerCalls[l]++;
    if (size === size) r.layerBytes[l] += size;
    if (d === d) r.layerTime[l] += d;
    const site = siteOf[s];
    if (site < 0) continue;
    bump(r.actSite, a * S + site);
    r.siteCalls[site]++;
    if (size === size) r.siteBytes[site] += size;
    if (d === d) r.siteTime[site] += d;
    bump(r.siteLayer, site * L + l);
    bump(r.siteFile, site * P + log.pairFp[p]);
    bump(r.siteEntry, site * NS + s);
    bump(r.siteAct, site * A + a);
  }
  return r;
}

/** Adds n to out[key]. */
const add = (out: Record<string, number>, key: string, n: number): void => void (out[key] = (out[key] ?? 0) + n);

/**
 * The layer report of the analysed events (mapped events only: what the graph shows), or null when the log
 * has neither stacks nor a layer column. `rules`: the user's layer rules (text), before the table.
 */
export function layerReport(log: EventLog, compiled: CompiledMapping, rules?: readonly string[]): LayerReport | null {
  const info = layerInfo(log, rules);
  if (!info) return null;
  const { activities: acts, pairAct } = compiled;
  const A = acts.length;
  const L = info.names.length;
  const { ofStack: siteOf, names: siteNames } = siteIndex(info);
  const S = siteNames.length;
  const r = sum(log, pairAct, info, siteOf, A, S, L);
  const activities: LayerReport['activities'] = {};
  for (let a = 0; a < A; a++) {
    const layers: Record<string, number> = {};
    for (let l = 0; l < L; l++) if (r.actLayer[a * L + l] > 0) layers[info.names[l]] = r.actLayer[a * L + l];
    if (Object.keys(layers).length) activities[acts[a]] = { layers, sites: {} };
  }
  for (const [k, n] of r.actSite) add(activities[acts[Math.floor(k / S)]].sites, siteNames[k % S], n);
  const rows: CallSiteRow[] = siteNames.map((site, k) => ({ site, calls: r.siteCalls[k], bytes: r.siteBytes[k], time: r.siteTime[k], layers: {}, files: {}, entries: {}, activities: {} }));
  const P = log.paths.length;
  const NS = info.site.length;
  for (const [k, n] of r.siteLayer) add(rows[Math.floor(k / L)].layers, info.names[k % L], n);
  for (const [k, n] of r.siteFile) add(rows[Math.floor(k / P)].files, log.paths[k % P], n);
  for (const [k, n] of r.siteEntry) add(rows[Math.floor(k / NS)].entries, info.entry[k % NS] || '(none)', n);
  for (const [k, n] of r.siteAct) add(rows[Math.floor(k / A)].activities, acts[k % A], n);
  // only the sites of analysed events (a site of stacks seen only outside the mapping is none of them)
  const sites = rows.filter((x) => x.calls > 0).sort((x, y) => y.calls - x.calls || (x.site < y.site ? -1 : x.site > y.site ? 1 : 0));
  const totals: Record<string, LayerTotals> = {};
  const layers: string[] = [];
  for (let l = 0; l < L; l++) {
    if (r.layerCalls[l] === 0) continue;
    layers.push(info.names[l]);
    totals[info.names[l]] = { calls: r.layerCalls[l], bytes: r.layerBytes[l], time: r.layerTime[l] };
  }
  return { layers, activities, sites, totals, stacks: info.ofStack !== null, links: layerLinks(log, pairAct, info) };
}

/** The layer report's JSON parts (docs/FORMATS.md "CLI JSON output"): `nodes.<act>.layers` / `.sites` added to
 * the nodes, and the document's `layers` (totals per layer), `call_sites` (the table, most calls first) and
 * `layer_links` (when the log links its layers). */
export function addLayersJson(doc: { nodes: Record<string, object> }, report: LayerReport): { layers: Record<string, LayerTotals>; call_sites: CallSiteRow[]; layer_links?: LayerLinks } {
  for (const [act, v] of Object.entries(report.activities)) {
    const node = doc.nodes[act] as { layers?: Record<string, number>; sites?: Record<string, number> } | undefined;
    if (!node) continue;
    node.layers = v.layers;
    if (report.stacks) node.sites = v.sites;
  }
  return { layers: report.totals, call_sites: report.sites, ...(report.links ? { layer_links: report.links } : {}) };
}
