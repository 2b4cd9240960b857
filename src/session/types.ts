/**
 * The plain types of a Session's requests and replies: what the worker protocol carries to the UI and what
 * the CLI reads. No typed arrays except in TimelineData (analysis/types.ts).
 */
import type { JobRow } from '../analysis/jobs';
import type { AnalysisResult, AnalyzeOptions, MappingSpec, PathFilter } from '../analysis/types';
import type { Thresholds } from '../analysis/insights/thresholds';
import type { AccessReport } from '../analysis/accessReport';
import type { InsightsResult } from '../analysis/insights/index';
import type { TimeOrder } from '../analysis/logIndex';
import type { CompiledMapping, CustomEvent } from '../analysis/mapping';
import type { PartitionSpec } from '../analysis/types';
import type { Inflate } from '../ingest/gzip';
import type { SequenceSource } from '../analysis/concurrency';
import type { EventLog, SourceFormat, TimeBase, UnparsableLine } from '../model/eventlog';
import type { Importer } from '../ingest/importer';
import type { Identified } from '../ingest/registry';
import type { ByteSource, Cancel } from '../ingest/source';

export interface LoadOptions {
  /** One case per (file, pid) instead of one per file. */
  splitByPid?: boolean;
  /** Keep only events whose path matches one of these while parsing (saves memory on huge loads). */
  pathFilter?: PathFilter[];
  /** Parse in a single thread (no parse pool): for comparisons in the browser benchmark. */
  singleThread?: boolean;
}

/** What Session.load reads: a byte source, or one whose head was already read and sniffed (CLI discovery). */
export type LoadItem = ByteSource | Identified;

/** "Keep only the cases that contain `activity`" (with) or "that do not" (without), or "keep only these
 * cases" (cases: e.g. the cases of one variant). */
import type { CaseFilter } from '../analysis/types';
import type { CustomAnswers, RegexGuard } from '../analysis/viewCut';

export type { CaseFilter, CustomAnswers, RegexGuard };

export interface AnalyzeParams {
  mapping: MappingSpec;
  /** Partition selectors (`cid:a`, `host:N`, `re:R`, `ids:A,B`); both empty or null = no partition.
   * `hideUnassigned`: analyse only the cases of either side. */
  partition: { green: string; red: string; hideUnassigned?: boolean } | null;
  caseFilters: CaseFilter[];
  /** Keep the events with FROM ≤ start − t0 < TO (seconds since the earliest event start of all loaded
   * cases; null sides are open); absent or null = every event (docs/METHOD.md, "Time"). */
  time?: { from: number | null; to: number | null } | null;
  /** Insight thresholds that differ from the defaults (docs/METHOD.md "Insights"): what `insights` and the
   * reports of this analysis use; absent = keep the session's current ones. */
  thresholds?: Partial<Thresholds>;
}

export interface FileError {
  file: string;
  message: string;
}

export interface LoadedFile {
  name: string;
  format: SourceFormat;
  bytes: number;
  lines: number;
  events: number;
  cases: number;
  warnings: string[];
}

export interface CaseRow {
  id: string;
  cid: string;
  host: string;
  rid: string;
  events: number;
}

/** What was loaded: shown in the summary panel. */
export interface LoadSummary {
  cases: number;
  events: number;
  hosts: string[];
  cids: string[];
  timeBase: TimeBase;
  /** First and last start (+dur) over all events, seconds in timeBase; null without events. */
  timeSpan: { start: number; end: number } | null;
  /** Lines dropped by kind, summed over files. */
  dropped: Record<string, number>;
  /** Unparsable lines (first 100 per file). */
  unparsable: (UnparsableLine & { file: string })[];
  files: LoadedFile[];
  /** Files that could not be read (not a trace, bad HDF5, …); the others loaded. */
  errors: FileError[];
  /** Files in dropped folders that are plainly not traces (README, JSON, scripts: neither sniffed nor named
   * as one), by name: shown as one line, not as errors. */
  skipped?: string[];
  caseList: CaseRow[];
  warnings: string[];
  /** The warnings of the load itself (also in `warnings`): cases read from two sources and loaded once, case ids
   * from several files, cases of a run aligned across midnight. The CLI prints them. */
  notes?: string[];
  /** The job header of each Darshan log loaded (nprocs, run time, command line, mounts, modules). */
  jobs?: JobRow[];
  /** Why the graph is empty: Darshan logs without a DXT trace (analysis/jobs.ts emptyGraphText). */
  emptyGraph?: string;
  /** Parse threads used and wall time of the load (ms). */
  threads?: number;
  loadMs?: number;
  /** Where the load's wall time went (ms): reading + parsing every file, merging the per-file logs, the summary. */
  phases?: { parseMs: number; mergeMs: number; summaryMs: number };
}

/** Extra result of an analyze request: how the partition and case filters resolved. */
export interface AnalyzeReply {
  result: AnalysisResult;
  /** Cases kept by the case filters (equals the loaded cases without filters). */
  keptCases: number;
  /** The partition selectors resolved to case ids (null without partition). */
  partitionCases: { green: string[]; red: string[] } | null;
  /** The view's path filters, rewrite rules, call filters and case filters that match nothing (one line each). */
  warnings: string[];
  /** Wall time of the request (ms). */
  analyzeMs?: number;
  /** Which analysis of the Session this is (1, 2, …): `followUps({ of })` answers only while it is the current one. */
  analysis?: number;
}

/** `mapping`: the mapping's filters and rewrites run (`file` names its regular expressions; heartbeats while it runs). */
export type Phase = 'read' | 'parse' | 'merge' | 'mapping' | 'analyze';

export interface Progress {
  phase: Phase;
  /** Bytes read/parsed so far and total (for read/parse); 0/0 for other phases. */
  done: number;
  total: number;
  /** MB/s over the phase so far (MiB/s), 0 when not meaningful. */
  rate: number;
  /** The file being read. */
  file: string;
}

/** Per request: where progress goes, and a flag the caller sets to cancel. */
export interface Ctx {
  progress(p: Progress): void;
  cancel: Cancel;
  /** The least time between two progress reports of a load (ms; default 100): the CLI watches its heap on each. */
  progressMs?: number;
}
export const noCtx = (): Ctx => ({ progress: () => {}, cancel: { cancelled: false } });

/**
 * Parse threads, injected by the adapter (a Web Worker pool in the browser, worker_threads in the CLI):
 * the Session hands it the files whose importer is `pooled`, and merges what comes back.
 */
export interface ParsePool {
  readonly size: number;
  /** Parses one source with the importer `importerId`; `head` is the head already read to sniff it. */
  parse(source: ByteSource, importerId: string, head: Uint8Array, opts: { pathFilter?: PathFilter[] }, onBytes: (n: number) => void): Promise<EventLog>;
  /** Stops every thread now; pending parses reject with CancelledError. */
  cancelAll(): void;
  /**
   * Optional: the mc sweep's time sort and sequence index (analysis/seqSort.ts sortedEntries, concurrency.ts
   * buildIndex) of these columns on an idle thread, while the analysis goes on here (the CLI's threads, the app's
   * parse workers; offload.ts: the loaded log's LogIndex asks it and takes the result). Rejects when the pool is closed.
   */
  timeOrder?(cols: SequenceSource): Promise<TimeOrder>;
  /** The fewest events of a log worth sending to a thread (timeOrder, reports; default OFFLOAD_FROM, 200,000). */
  readonly offloadFrom?: number;
  /**
   * Optional: the insight rules and the access patterns of an analysed log on an idle thread, while the
   * analysis goes on here (the CLI; Session.wantReports, offload.ts). Rejects when the pool is closed.
   */
  reports?(job: ReportsJob): Promise<Reports>;
  /** The pool's threads share memory with this one: a load merges into SharedArrayBuffer columns, which the
   * sort and reports jobs then read without a copy (the CLI's worker threads). */
  readonly sharedColumns?: boolean;
  /**
   * Optional: resolves on a later turn of this thread's event loop (the adapters' setTimeout 0). With it, a
   * big load allocates the merged log's columns and touches their pages here while the threads parse
   * (model/columnsAhead.ts), a slice per turn, so that the pool's replies are not kept waiting.
   */
  pause?(): Promise<void>;
  /** Tests: the fewest input bytes for which a load touches its columns ahead (default AHEAD_FROM_BYTES, 64 MiB). */
  readonly aheadFromBytes?: number;
  /** Watches a cancel flag while parses run (cancelAll when it is set); returns the unwatch function. */
  watch(cancel: Cancel): () => void;
}

/** Evaluates a custom mapping's source on its inputs elsewhere (the app's sandbox worker). */
export type CustomSandbox = (ctx: Ctx, source: string, inputs: CustomEvent[]) => Promise<CustomAnswers>;

/** What ParsePool.reports gets: an analysed log, its mapping's activities, and the rest the insight rules read. */
export interface ReportsJob {
  log: EventLog;
  mapping: Pick<CompiledMapping, 'activities' | 'pairAct'>;
  partition: PartitionSpec | null;
  thresholds: Thresholds;
  /** Time 0 of the I/O phases (runInsights' t0). */
  t0: number;
  /** Which report: the insight findings, or the access patterns (two jobs: two threads can take them). */
  part: 'insights' | 'access';
  /** The view's layer rules (runInsights' layerRules). */
  layerRules?: string[];
}

export interface Reports {
  insights?: InsightsResult;
  access?: AccessReport;
}

/** How a Session is set up (the app's worker and the CLI each pass theirs). */
export interface SessionOptions {
  /** Bytes per sequential read (tests use tiny chunks to cross line boundaries). */
  chunk?: number;
  /** Parse threads; without one, files are parsed in this thread. */
  pool?: ParsePool | null;
  /** The importers to sniff with (default: the registry's IMPORTERS). */
  importers?: readonly Importer[];
  /** Caps of the variants in `analyze` replies (the app sets UI_TRACE_LIMITS); exports are complete. */
  limits?: AnalyzeOptions;
  /** Writes the native HDF5 log (injected: h5wasm I/O differs between the browser and Node). */
  exportHdf5?: (log: EventLog) => Promise<ArrayBuffer>;
  /**
   * Evaluates a custom mapping's source on its inputs somewhere else (the app: a sandbox worker without
   * network, src/worker/sandbox.ts); without one, the custom function is compiled in this thread (the CLI).
   */
  customSandbox?: CustomSandbox;
  /**
   * Runs the synchronous work of user regular expressions (mapping, `re:` selectors) under a time budget
   * (the CLI: node:vm with a timeout, which stops a regex that backtracks catastrophically); `what` names
   * the expressions, `work` counts subjects × expressions. The app's watchdog is in its worker client.
   */
  regexGuard?: RegexGuard;
  /** Decompresses gzip'd traces (default: DecompressionStream; the CLI passes Node's zlib). */
  inflate?: Inflate | null;
  /**
   * A load will be analysed with mc (the CLI's analyze, compare and insights): a pool that sorts starts mc's
   * time sort as soon as the merged log is there, before its summary and the mapping (Session.analyze uses it).
   */
  sortOnLoad?: boolean;
}
