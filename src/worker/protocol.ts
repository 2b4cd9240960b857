/**
 * The typed protocol between the UI (client.ts) and the analysis worker (worker.ts → handlers.ts → a
 * Session). The EventLog stays in the worker; only these plain results (and transferred typed arrays) cross.
 */
import type { Session } from '../session/session';
import type { PathEstimate } from '../ingest/estimate';
import type { Ctx, LoadOptions, LoadSummary, Progress } from '../session/types';

export { CancelledError } from '../ingest/source';
export type { PathEstimate } from '../ingest/estimate';
export type { AnalyzeParams, AnalyzeReply, CaseFilter, CaseRow, Ctx, FileError, LoadedFile, LoadOptions, LoadSummary, Phase, Progress } from '../session/types';

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

/**
 * The Session methods the worker serves as they are: a new Session method reaches the UI by adding its name
 * here (its arguments and reply must be structured-cloneable).
 */
export const FORWARDED = ['analyze', 'followUps', 'complete', 'timeline', 'edgeCases', 'exportJson', 'analysisJson', 'exportH5', 'summary', 'timeOverview', 'chromeTrace', 'insights', 'compare', 'exportCompareJson', 'phases', 'runTimeline', 'fileOffsets', 'access', 'untraced', 'layers', 'flame', 'counterFiles', 'replay', 'replayCheck', 'replayPattern'] as const;
type Forwarded = (typeof FORWARDED)[number];
/** A Session method as the UI calls it: without the Ctx, the promise unwrapped. */
type Remote<F> = F extends (ctx: Ctx, ...a: infer A) => Promise<infer R> ? (...a: A) => R : never;

/** Every request: the method name selects the handler, `args` its parameters. */
export type Api = { [M in Forwarded]: Remote<Session[M]> } & {
  /** Loads dropped files (the worker wraps each in a ByteSource). */
  load(inputs: LoadInput[], opts?: LoadOptions): LoadSummary;
  /** The distinct paths a load of these files would hold, from slices of a sample of them (ingest/estimate.ts);
   * with the heap budget, a quick look suffices for a load far under it. */
  estimatePaths(inputs: LoadInput[], budget?: number): PathEstimate;
  /** The trace bytes behind each dropped file: a gzip file's decompressed size, measured on its head (ingest/estimate.ts traceSizes). */
  traceSizes(inputs: LoadInput[]): number[];
  /** Adds dropped files to the loaded ones (Session.add). */
  add(inputs: LoadInput[]): LoadSummary;
};
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
  | { type: 'progress'; id: number; progress: Progress }
  /** Custom mapping code (sandbox.ts): open the sandbox frame `sid` with the message's ports [work, beat], or close it. */
  | { type: 'sandbox'; sid: number; open: boolean };


export function toErrorInfo(e: unknown): ErrorInfo {
  if (e instanceof Error) return { name: e.name || 'Error', message: e.message || String(e) };
  return { name: 'Error', message: String(e) };
}

/**
 * The buffers a reply of `method` gives away: `followUps` only those of its per-request parts (overview,
 * timelines, offsets); what the Analysis memoises (comparison, phases, …) stays the worker's.
 */
export function replyTransfer(method: string, value: unknown): Transferable[] {
  if (method !== 'followUps' || !value || typeof value !== 'object') return transferables(value);
  const f = value as Record<string, unknown>;
  return [f.overview, f.timeline, f.runTimeline, f.fileOffsets].flatMap((v) => transferables(v));
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
    if (Array.isArray(v)) {
      // arrays of byte parts (e.g. the Chrome trace export); other arrays are plain data
      for (const x of v) if (ArrayBuffer.isView(x)) visit(x, depth + 1);
      return;
    }
    for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], depth + 1);
  };
  visit(value, 0);
  return [...out];
}
