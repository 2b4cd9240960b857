import { MAX_GZIP_RATIO } from '../lib/size';

/**
 * Will a load fit? An estimate from the file sizes, made before anything is read, so the tab can warn
 * instead of dying. strace lines average 100–190 bytes (IOR-like traces ~165 B); we assume 100 B per
 * event (pessimistic). Held: 46 B per event in the worker's columns; peak while loading ≈ 3× that
 * (builder growth by doubling + the merged copy), plus the per-file parse buffers (16 MiB per thread).
 */
export const BYTES_PER_LINE = 100;

/** strace text compresses about 8× with gzip (the IOR runs of e2e/fixtures/ior-ssf-fpp: 8.4×). */
export const GZIP_RATIO = 8;
/** A gzip file by its name (`.gz`, `.tgz`). */
export const isGzipName = (name: string): boolean => /\.(gz|tgz)$/i.test(name);
/** The trace bytes behind a file, before it is measured: a gzip file counts its likely decompressed size. */
export const traceBytes = (name: string, size: number): number => (isGzipName(name) ? size * GZIP_RATIO : size);
/**
 * Trace bytes when every gzip file holds the most deflate gives (MAX_GZIP_RATIO): a load whose estimate fits
 * even so needs no measuring; others are measured before the load (issue #33.8: a 13.6 MB file of 4 GB of trace).
 */
export const mostTraceBytes = (name: string, size: number): number => (isGzipName(name) ? size * MAX_GZIP_RATIO : size);
export const PEAK_BYTES_PER_EVENT = 46 * 3;

export interface LoadEstimate {
  events: number;
  /** Distinct paths estimated from the head of a sample of the files (set for loads big enough to matter). */
  paths?: number;
  /** JavaScript heap those paths need while loading, and what a worker's heap allows. */
  heapBytes?: number;
  heapBudget?: number;
  /** Peak bytes the worker(s) will need. */
  peak: number;
  /** What we allow ourselves to use. */
  budget: number;
  fits: boolean;
}

/**
 * What a worker's JavaScript heap may hold of paths: Chrome's V8 heap stops near 4 GiB per isolate (less
 * on small machines); paths are strings on it, held twice while loading (ingest/estimate.ts).
 */
export const HEAP_BUDGET = 1.5 * 1024 ** 3;

/** A load may hold more paths than a worker's heap takes only when its bytes could (≤ 4 heap bytes per trace byte). */
export const mayExceedHeap = (totalBytes: number, heapBudget = HEAP_BUDGET): boolean => 4 * totalBytes > heapBudget;

/** The estimate with the distinct paths counted in: it no longer fits when they need more heap than HEAP_BUDGET. */
export function withPaths(e: LoadEstimate, paths: { paths: number; heapBytes: number }, heapBudget = HEAP_BUDGET): LoadEstimate {
  return { ...e, paths: paths.paths, heapBytes: paths.heapBytes, heapBudget, fits: e.fits && paths.heapBytes <= heapBudget };
}

/**
 * @param deviceMemoryGiB navigator.deviceMemory (Chrome: a rounded value capped at 8), or undefined.
 * Budget: half the device memory, at most 4 GiB (typed arrays live outside the JS heap, but a 64-bit
 * renderer process still dies near 4 GiB of ArrayBuffers), 2 GiB when the memory is unknown.
 */
export function estimateLoad(totalBytes: number, deviceMemoryGiB?: number, threads = 4): LoadEstimate {
  const GiB = 1024 ** 3;
  const budget = deviceMemoryGiB && deviceMemoryGiB > 0 ? Math.min(4 * GiB, (deviceMemoryGiB * GiB) / 2) : 2 * GiB;
  const events = Math.ceil(totalBytes / BYTES_PER_LINE);
  const peak = events * PEAK_BYTES_PER_EVENT + threads * 16 * 1024 * 1024;
  return { events, peak, budget, fits: peak <= budget };
}
