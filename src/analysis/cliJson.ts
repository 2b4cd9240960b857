/**
 * AnalysisResult → the CLI's JSON document (docs/FORMATS.md "CLI JSON output").
 * Pure and DOM/Node-free: the CLI prints it with `--json`, the app's worker reuses it for "analysis JSON".
 */
import type { JobRow } from './jobs';
import type { CounterFileJson } from './darshan/counterFiles';
import type { FileReport } from '../model/eventlog';
import type { CliAccess, CliFileAccess } from './accessReport';
import type { CallSiteRow, LayerTotals } from './layers/report';
import type { LayerLinks } from './layers/links';
import { METRICS } from './metrics';
import { END, START, type AnalysisResult } from './types';

/** One activity: a field per statistic of the metric registry that has a `json` name (src/analysis/metrics.ts),
 * in registry order, then `errnos`. The fields below are the ones every version writes. */
export interface CliNodeStats {
  count: number;
  /** Relative duration, a fraction 0…1. */
  rd: number | null;
  /** Bytes moved. */
  bytes: number | null;
  /** Mean process data rate, bytes/s. */
  dr: number | null;
  /** Max concurrency. */
  mc: number | null;
  /** mc × dr, bytes/s. */
  DR: number | null;
  /** Failed calls per errno name, e.g. { "ENOENT": 3 }. */
  errnos?: Record<string, number>;
  /** Darshan's access pattern of its reads and writes, when some have a known offset (the analysis JSON). */
  access?: CliAccess;
  /** Its events by layer and by call site (the analysis JSON of a log with stacks or a layer column). */
  layers?: Record<string, number>;
  sites?: Record<string, number>;
  /** The other statistics: cases, mean_dur, p95_dur (seconds), failures, failure_rate (a fraction), … */
  [field: string]: number | null | Record<string, number> | CliAccess | undefined;
}

export interface CliPartition {
  green_nodes: string[];
  red_nodes: string[];
  green_edges: string[];
  red_edges: string[];
}

export interface CliJson {
  cases: number;
  events: number;
  /** Dropped lines by kind, summed over the input files. */
  dropped: Record<string, number>;
  /** Events the mapping left out of the graph, by reason (docs/FORMATS.md "Left-out events"). */
  left_out?: { no_file: number; filtered: number; system: number; custom: number };
  /** Per activity (● and ■ excluded), in the order of the analysis (count descending). */
  nodes: Record<string, CliNodeStats>;
  /** Per edge `A -> B` (● and ■ included): the number of transitions summed over cases. */
  edges: Record<string, number>;
  /** Traces run-length compressed (`foldRuns`): an activity, or `[activity, n]` for n ≥ 2 in a row. */
  variants: { trace: TraceItem[]; count: number; cases: string[] }[];
  /** Only when a partition was asked for. */
  partition?: CliPartition;
  /** Per file with reads or writes: cases, shared, access pattern, sizes (the analysis JSON: Session.analysisJson). */
  files?: Record<string, CliFileAccess>;
  /** The job header of each Darshan log loaded (analysis/jobs.ts). */
  jobs?: JobRow[];
  /** Darshan's counters per log, module, file and rank (analysis/darshan/counterFiles.ts), most bytes first. */
  darshan_files?: CounterFileJson[];
  /** Per layer: calls, bytes, time; per call site its row (the analysis JSON of a log with stacks or layers). */
  layers?: Record<string, LayerTotals>;
  call_sites?: CallSiteRow[];
  /** How the layers hand the I/O down: OTF2 by its I/O handles, Darshan DXT by time (analysis/layers/links.ts). */
  layer_links?: LayerLinks;
}

/** One step of a JSON variant trace: an activity, or `[activity, n]` for a run of n ≥ 2 (docs/FORMATS.md). */
export type TraceItem = string | [string, number];

/** A trace with runs folded: `a a a b` → `[["a", 3], "b"]` (a trace of 18 M events stays small when it repeats). */
export function foldRuns(trace: readonly string[]): TraceItem[] {
  const out: TraceItem[] = [];
  for (let i = 0; i < trace.length; ) {
    let j = i + 1;
    while (j < trace.length && trace[j] === trace[i]) j++;
    out.push(j - i > 1 ? [trace[i], j - i] : trace[i]);
    i = j;
  }
  return out;
}

/** The inverse of foldRuns. */
export function unfoldRuns(items: readonly TraceItem[]): string[] {
  const out: string[] = [];
  for (const it of items) {
    if (typeof it === 'string') out.push(it);
    else for (let k = 0; k < it[1]; k++) out.push(it[0]);
  }
  return out;
}

/** A finite number, or null (NaN, ±Infinity, undefined and null all become null). */
const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Dropped line counts by kind, summed over files; kinds sorted by name. */
export function sumDropped(files: readonly Pick<FileReport, 'dropped'>[]): Record<string, number> {
  const acc = new Map<string, number>();
  for (const f of files) {
    for (const [kind, n] of Object.entries(f.dropped)) acc.set(kind, (acc.get(kind) ?? 0) + n);
  }
  const out: Record<string, number> = {};
  for (const kind of [...acc.keys()].sort()) out[kind] = acc.get(kind)!;
  return out;
}

/**
 * The CLI JSON document of an analysis. `files` are the input files' reports (`log.files`), whose
 * dropped-line counts are summed into `dropped`. `partition` is present iff `result.partition` is.
 */
export function toCliJson(result: AnalysisResult, files: readonly Pick<FileReport, 'dropped'>[], jobs: readonly JobRow[] = []): CliJson {
  // null-prototype records: an activity or errno named `__proto__` is a key like any other
  const nodes: Record<string, CliNodeStats> = Object.create(null) as Record<string, CliNodeStats>;
  for (const s of result.nodes) {
    if (s.id === START || s.id === END) continue;
    const node = {} as CliNodeStats;
    for (const m of METRICS) {
      if (m.json === null) continue;
      const v = m.value(s);
      if (v !== undefined) node[m.json] = num(v); // undefined: a producer that did not compute it
    }
    if (s.errnos) node.errnos = Object.assign(Object.create(null) as Record<string, number>, s.errnos);
    nodes[s.id] = node;
  }
  const edges: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const e of result.edges) edges[`${e.source} -> ${e.target}`] = e.count;
  const doc: CliJson = {
    cases: result.cases,
    events: result.events,
    dropped: sumDropped(files),
    ...(result.leftOut ? { left_out: { no_file: result.leftOut.noFile, filtered: result.leftOut.filtered, system: result.leftOut.system, custom: result.leftOut.custom } } : {}),
    nodes,
    edges,
    variants: result.variants.map((v) => ({ trace: foldRuns(v.trace), count: v.count, cases: v.cases.slice() })),
    ...(jobs.length ? { jobs: jobs.slice() } : {}),
  };
  if (result.partition) {
    const p = result.partition;
    const side = (rec: Record<string, { side: string }>, want: string, skipFrame: boolean): string[] =>
      Object.keys(rec)
        .filter((k) => rec[k].side === want && !(skipFrame && (k === START || k === END)))
        .sort();
    doc.partition = {
      green_nodes: side(p.nodes, 'green', true),
      red_nodes: side(p.nodes, 'red', true),
      green_edges: side(p.edges, 'green', false),
      red_edges: side(p.edges, 'red', false),
    };
  }
  return doc;
}
