/**
 * How many distinct paths will a load hold? Estimated before the load from slices spread over its strace
 * files (mdtest-like runs touch a new path with nearly every call: 2 GB of trace, 18.6 M paths),
 * so a load that cannot fit stops with a message instead of dying in the middle (docs/ARCHITECTURE.md
 * "Loads"). Paths are JavaScript strings on the heap (interned per file, then in the merged log); the
 * per-event columns are typed arrays outside it.
 */
import { inflatedBytes } from './gunzipExact';
import { parseStraceBytes } from './strace/index';
import { identify, isIdentified, type Identified } from './registry';
import { chunksOf, type ByteSource } from './source';
import { MAX_GZIP_RATIO } from '../lib/size';
export { MAX_GZIP_RATIO };

/**
 * Bytes read from each sampled file, in SLICES slices spread over it (the head, the tail and between: an
 * mdtest run may read its configuration for megabytes before it creates its files), and how many files
 * are sampled (spread over the list). A gzip file is read from its start only: its head is sampled.
 */
export const SAMPLE_BYTES = 1 << 20;
export const SLICES = 8;
export const SAMPLE_FILES = 16;
/**
 * Heap bytes per distinct path besides its characters, at the peak of a load and its first analysis: the
 * string, the interner's map entry, the parser's byte tables and fd cache while parsing, then the pairs,
 * the mapping and the per-file aggregates of the analysis. Measured with `analyze` on mdtest-like traces
 * (src/testing/latePaths.ts): 30k paths need 32–48 MiB of old space, 60k 96–128 MiB.
 */
export const HEAP_PER_PATH = 1000;

/**
 * A first, quick look before the full sample when the caller gives its heap budget: QUICK_FILES files, each
 * in SLICES slices of QUICK_BYTES / SLICES bytes (1/64 of the full sample's bytes). A load whose quick
 * estimate is QUICK_MARGIN times under the budget fits; any other is sampled in full. Measured on the
 * browser benchmark's 1 GB (192 files, 4,122 paths): 222 → ~30 ms (Node, first run), ~0.3 s saved in the app.
 */
export const QUICK_FILES = 4;
export const QUICK_BYTES = 1 << 18;
export const QUICK_MARGIN = 10;

/**
 * A gzip file's decompressed size is measured on its head: up to RATIO_BYTES decompressed bytes of each of
 * up to RATIO_FILES gzip files (spread over the list), read with the exact decompressor (its count of the
 * compressed bytes used is exact). Measured (docs/BENCHMARKS.md "Reliability checks"): 14-29 ms a file, 74 ms
 * the first (Node); a gzip'd 19.66 MB generated IOR-like trace predicted within 0.1 %.
 */
export const RATIO_BYTES = 4 << 20;
export const RATIO_FILES = 8;
/** Compressed bytes per read while measuring. */
const RATIO_STEP = 64 * 1024;

/** The gzip file behind an input, or null: an identified one's compressed source; a raw one named `.gz`/`.tgz`. */
const gzipOf = (i: Identified | ByteSource): ByteSource | null => ('importer' in i ? (i.source.compressed ?? null) : /\.(gz|tgz)$/i.test(i.name) ? i : null);

/**
 * The trace bytes behind each input (issue #33.8): its size, and for a gzip file its decompressed size —
 * exact when its head decompressed whole, else its compressed size times the ratio measured while
 * decompressing the heads of up to RATIO_FILES gzip files (pooled: a 13.6 MB file of 4 GB of trace is
 * 4 GB here, as a plain trace of 4 GB is). gzip's own size field (ISIZE) is not used: it is the last
 * member's size modulo 4 GiB, wrong for files over 4 GiB, for several members and for a cut file.
 */
export async function traceSizes(items: readonly (Identified | ByteSource)[]): Promise<number[]> {
  const sizes = items.map((i) => ('importer' in i ? i.source.size : i.size));
  const gz = items.flatMap((i, k) => {
    const g = gzipOf(i);
    return g ? [{ k, g }] : [];
  });
  if (!gz.length) return sizes;
  const step = Math.max(1, gz.length / RATIO_FILES);
  // the pooled ratio of the measured heads (RATIO_BYTES of each: each weighs the same)
  let ratioSum = 0;
  let ratios = 0;
  const measured = new Set<number>();
  for (let j = 0, picked = 0; j < gz.length && picked < RATIO_FILES; j = Math.floor(++picked * step)) {
    const { k, g } = gz[j];
    const m = await inflatedBytes(chunksOf(g, RATIO_STEP), RATIO_BYTES);
    measured.add(k);
    sizes[k] = m.exact ? m.bytes : Math.round(m.bytes + Math.max(0, g.size - m.used) * m.ratio);
    ratioSum += m.exact ? m.bytes / Math.max(1, m.used) : m.ratio;
    ratios++;
  }
  const ratio = ratioSum / Math.max(1, ratios);
  for (const { k, g } of gz) if (!measured.has(k)) sizes[k] = Math.round(g.size * ratio);
  return sizes;
}

export interface PathEstimate {
  sampledFiles: number;
  sampledBytes: number;
  /** Distinct paths the whole load is estimated to hold. */
  paths: number;
  /** Mean length of a sampled path (characters). */
  meanLength: number;
  /** Estimated heap bytes those paths need while loading. */
  heapBytes: number;
  /** Slices read in all (a file smaller than the sample, or a gzip file, is one). */
  slices: number;
  /** From the quick look only (QUICK_FILES files): the load was far under the budget. */
  quick?: boolean;
  /** Distinct paths met in the sample itself (a lower bound of `paths`). */
  seen: number;
  /**
   * The new paths the extrapolation rests on: met in the second half of one slice and in no other. Few of
   * them (under SURE_FRESH) make `paths - seen` a guess: a load is then read with the heap watched, not refused.
   */
  fresh: number;
}

/** Fresh paths (PathEstimate.fresh) from which an extrapolation is taken as sure (a Poisson count: ±10 %). */
export const SURE_FRESH = 100;

/** The lines of `bytes` from its first line start (`skipFirst`: a slice begins mid-line) to its last line end. */
function wholeLines(bytes: Uint8Array, skipFirst: boolean, atEnd: boolean): Uint8Array {
  const s = skipFirst ? bytes.indexOf(10) + 1 : 0;
  if (skipFirst && s === 0) return bytes.subarray(0, 0);
  const lf = atEnd ? bytes.length - 1 : bytes.lastIndexOf(10);
  return lf >= s ? bytes.subarray(s, lf + 1) : bytes.subarray(0, 0);
}

/** One slice: its distinct paths (kept by the filter), each flagged when first seen in the slice's second half. */
function slicePaths(name: string, bytes: Uint8Array, pathFilter: ((fp: string) => boolean) | undefined): { paths: string[]; late: boolean[] } {
  let lines = 0;
  let half = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) {
    lines++;
    if (i < bytes.length / 2) half = lines;
  }
  const log = parseStraceBytes(name, bytes, pathFilter ? { pathFilter } : undefined);
  const first = new Float64Array(log.paths.length).fill(Infinity);
  for (let i = 0; i < log.n; i++) {
    const f = log.pairFp[log.pair[i]];
    if (log.line[i] < first[f]) first[f] = log.line[i];
  }
  const paths: string[] = [];
  const late: boolean[] = [];
  for (let f = 1; f < log.paths.length; f++) {
    if (first[f] === Infinity) continue; // no event kept (the filter's placeholder)
    paths.push(log.paths[f]);
    late.push(first[f] > half);
  }
  return { paths, late };
}

/**
 * Samples up to SAMPLE_FILES strace files of `items`, each in SLICES slices spread over it. The estimate is
 * the distinct paths met in the whole sample plus the rate at which the trace meets new ones times the bytes
 * not sampled; that rate counts the paths first met in the second half of a slice (the first half also holds
 * the libraries and configuration every process opens) and met in no other slice of the sample: a path that
 * another slice, of any file, also meets recurs (a program reading the same 402 files in a loop longer
 * than a slice: issue #33.7, where counting each slice on its own gave millions). A path met again far from
 * where it was first seen (mdtest's stat and remove phases) counts again: an mdtest trace is over-estimated.
 * `pathFilter`: count only the paths a parse-time filter keeps (LoadOptions.pathFilter). `budget` (heap bytes
 * the paths may take): a quick look first (QUICK_FILES); the full sample only when that is not far under it.
 */
export async function estimatePaths(items: readonly (Identified | ByteSource)[], pathFilter?: (fp: string) => boolean, budget?: number): Promise<PathEstimate> {
  if (budget !== undefined) {
    const quick = await sample(items, pathFilter, QUICK_FILES, QUICK_BYTES);
    if (quick.heapBytes * QUICK_MARGIN <= budget) return { ...quick, quick: true };
  }
  return sample(items, pathFilter, SAMPLE_FILES, SAMPLE_BYTES);
}

/** estimatePaths' sample: up to `files` files, `bytes` bytes of each (in SLICES slices when it is larger). */
async function sample(items: readonly (Identified | ByteSource)[], pathFilter: ((fp: string) => boolean) | undefined, files: number, bytes: number): Promise<PathEstimate> {
  // identified sources (the CLI) are filtered here; raw ones (the app's dropped files) are sniffed only when
  // sampled, and their strace share of the bytes taken from the sample
  const known = items.every((i) => 'importer' in i);
  const strace = known ? (items as Identified[]).filter((i) => i.importer.id === 'strace') : items;
  // the trace bytes behind them: a gzip file counts its decompressed size (traceSizes)
  const sizes = await traceSizes(strace);
  const allBytes = sizes.reduce((a, b) => a + b, 0);
  let sniffed = 0;
  let sniffedStrace = 0;
  const step = Math.max(1, strace.length / files);
  let sampledBytes = 0;
  let tailBytes = 0;
  // each path met in the sample: in how many slices, and whether the first of them met it in its second half
  const met = new Map<string, { slices: number; late: boolean }>();
  let sampledFiles = 0;
  let slices = 0;
  for (let k = 0, picked = 0; k < strace.length && picked < files; k = Math.floor(++picked * step)) {
    const it = strace[k];
    let src: ByteSource;
    if ('importer' in it) src = it.source;
    else {
      sniffed += sizes[k];
      const id = await identify(it);
      if (!isIdentified(id) || id.importer.id !== 'strace') continue;
      sniffedStrace += sizes[k];
      // a dropped gzip file: its decompressed bytes
      src = id.source;
    }
    sampledFiles++;
    // a file within the sample is read whole; a gzip stream from its start only
    const n = src.size <= bytes || src.compressed ? 1 : SLICES;
    // (a gzip source's size is its compressed size: its head is read up to `bytes` decompressed bytes)
    const len = src.compressed ? bytes : n === 1 ? Math.min(src.size, bytes) : Math.floor(bytes / SLICES);
    for (let j = 0; j < n; j++) {
      const offset = n === 1 ? 0 : Math.floor((j * (src.size - len)) / (n - 1));
      const raw = await src.read(offset, len);
      const lines = wholeLines(raw, offset > 0, src.compressed ? raw.length < len : offset + raw.length >= src.size);
      if (!lines.length) continue;
      const st = slicePaths(src.name, lines, pathFilter);
      slices++;
      sampledBytes += lines.length;
      tailBytes += lines.length - (lines.length >> 1);
      st.paths.forEach((p, q) => {
        const m = met.get(p);
        if (m) m.slices++;
        else met.set(p, { slices: 1, late: st.late[q] });
      });
    }
  }
  const totalBytes = known || sniffed === 0 ? allBytes : (allBytes * sniffedStrace) / sniffed;
  // the rate at which the trace meets new paths: those first met in a slice's second half and in no other slice
  let fresh = 0;
  let lenSum = 0;
  for (const [p, m] of met) {
    lenSum += p.length;
    if (m.slices === 1 && m.late) fresh++;
  }
  const rate = tailBytes > 0 ? fresh / tailBytes : 0;
  const paths = Math.round(met.size + rate * Math.max(0, totalBytes - sampledBytes));
  const meanLength = met.size ? lenSum / met.size : 0;
  return { sampledFiles, sampledBytes, paths, meanLength, heapBytes: Math.round(paths * (HEAP_PER_PATH + 2 * meanLength)), slices, seen: met.size, fresh };
}

/** The share of the heap the distinct paths of a load may take (the events, the analysis need the rest). */
export const PATHS_SHARE = 0.7;

/** The distinct paths of a load would not fit its heap budget, sure of it (`filtered`: even with the view's keep-only filters). */
export class PathsRefused extends Error {
  override name = 'PathsRefused';
  constructor(
    readonly estimate: PathEstimate,
    readonly filtered: boolean,
  ) {
    super(`about ${estimate.paths} distinct paths do not fit the heap`);
  }
}

/** A load over its budget that still goes on: on a guess (read with the heap watched), or with the filters applied while reading. */
export type PathsFit = { kind: 'guess'; estimate: PathEstimate; budget: number } | { kind: 'filtered'; estimate: PathEstimate; kept: PathEstimate; budget: number };

/** An estimate over the budget that is not a guess: from enough new paths, or the paths sampled alone over it. */
const sure = (est: PathEstimate, budget: number): boolean => est.fresh >= SURE_FRESH || (est.seen / Math.max(1, est.paths)) * est.heapBytes > budget;

/**
 * Millions of distinct paths (mdtest-like runs) fill the JavaScript heap: estimated from slices of the files
 * before reading them (estimate.ts), a load that cannot fit throws PathsRefused; one whose estimate is a guess
 * (few new paths in the sample) is read (noted: the adapter watches its heap). With the view's keep-only path
 * filters (`--filter`, `keep` their predicate), a load that fits only when they are applied while reading gets them as its parse-time
 * filter (returned; noted: the events of other paths are then counted as filtered while reading).
 */
export async function fitPaths<F>(items: Identified[], filter: readonly F[], keep: ((path: string) => boolean) | undefined, heap: number, note: (f: PathsFit) => void): Promise<F[] | undefined> {
  const budget = PATHS_SHARE * heap;
  // a path costs at most ~4 heap bytes per trace byte (one new path per shortest line): small loads fit
  // (a gzip file counts its decompressed size, measured on its head: traceSizes)
  if (4 * items.reduce((a, i) => a + i.source.size * (i.source.compressed ? MAX_GZIP_RATIO : 1), 0) <= budget) return undefined;
  if (4 * (await traceSizes(items)).reduce((a, b) => a + b, 0) <= budget) return undefined;
  const est = await estimatePaths(items, undefined, budget);
  if (est.heapBytes <= budget) return undefined;
  if (!sure(est, budget)) {
    note({ kind: 'guess', estimate: est, budget });
    return undefined;
  }
  if (!filter.length) throw new PathsRefused(est, false);
  const kept = await estimatePaths(items, keep, budget);
  if (kept.heapBytes > budget && sure(kept, budget)) throw new PathsRefused(kept, true);
  note({ kind: 'filtered', estimate: est, kept, budget });
  return [...filter];
}
