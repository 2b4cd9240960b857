/**
 * The typed protocol between the UI (client.ts) and the analysis worker (worker.ts → handlers.ts).
 * The EventLog stays in the worker; only these plain results (and transferred typed arrays) cross.
 */
import type { AnalysisResult, EdgeCases, MappingSpec, PathFilter, TimelineData } from '../analysis/types';
import type { TimeBase, UnparsableLine } from '../model/eventlog';

/** What the worker needs of a File: its name, size and `slice(…).arrayBuffer()` (File and Blob fit). */
export interface FileLike {
  readonly name: string;
  readonly size: number;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/** A file to load, with the name to report (relative path for dropped folders). */
export interface LoadInput {
  file: FileLike;
  name?: string;
}

export interface LoadOptions {
  /** One case per (file, pid) instead of one per file. */
  splitByPid?: boolean;
  /** Keep only events whose path matches one of these while parsing (saves memory on huge loads). */
  pathFilter?: PathFilter[];
  /** Parse in a single thread (no worker pool): for comparisons in the browser benchmark. */
  singleThread?: boolean;
}

/** "Keep only the cases that contain `activity`" (with) or "that do not" (without). */
export interface CaseFilter {
  activity: string;
  keep: 'with' | 'without';
}

export interface AnalyzeParams {
  mapping: MappingSpec;
  /** Partition selectors (`cid:a`, `host:N`, `re:R`, `ids:A,B`); both empty or null = no partition. */
  partition: { green: string; red: string } | null;
  caseFilters: CaseFilter[];
}

export interface FileError {
  file: string;
  message: string;
}

export interface LoadedFile {
  name: string;
  format: 'strace' | 'hdf5';
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
  caseList: CaseRow[];
  warnings: string[];
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
  /** Wall time of the request in the worker (ms). */
  analyzeMs?: number;
}

export type Phase = 'read' | 'parse' | 'merge' | 'analyze';

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

/** Every request: the method name selects the handler, `args` its parameters. */
export interface Api {
  load(inputs: LoadInput[], opts?: LoadOptions): LoadSummary;
  analyze(params: AnalyzeParams): AnalyzeReply;
  timeline(activity: string): TimelineData;
  edgeCases(source: string, target: string): EdgeCases;
  /** The analysis JSON in the CLI's `--json` shape, as text. */
  exportJson(): string;
  /** The event log in the native HDF5 layout. */
  exportH5(): ArrayBuffer;
  summary(): LoadSummary | null;
}
export type Method = keyof Api;

export interface Request<M extends Method = Method> {
  type: 'call';
  id: number;
  method: M;
  args: Parameters<Api[M]>;
}
export interface CancelRequest {
  type: 'cancel';
  /** Id of the request to cancel. */
  id: number;
}
export type ToWorker = Request | CancelRequest;

export interface ErrorInfo {
  name: string;
  message: string;
}

export type FromWorker =
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: ErrorInfo }
  | { type: 'progress'; id: number; progress: Progress };

/** Error raised by a cancelled request. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

export function toErrorInfo(e: unknown): ErrorInfo {
  if (e instanceof Error) return { name: e.name || 'Error', message: e.message || String(e) };
  return { name: 'Error', message: String(e) };
}

/** Typed arrays of a value to transfer (never cloned); deduplicated by buffer. */
export function transferables(value: unknown): Transferable[] {
  const out = new Set<ArrayBuffer>();
  const visit = (v: unknown, depth: number): void => {
    if (!v || typeof v !== 'object' || depth > 2) return;
    if (v instanceof ArrayBuffer) {
      out.add(v);
      return;
    }
    if (ArrayBuffer.isView(v)) {
      const b = v.buffer;
      // Only whole buffers: a view over part of a buffer would transfer (and detach) the rest too.
      if (b instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === b.byteLength) out.add(b);
      return;
    }
    if (Array.isArray(v)) return;
    for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], depth + 1);
  };
  visit(value, 0);
  return [...out];
}
