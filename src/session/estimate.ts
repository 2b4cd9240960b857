/**
 * How many distinct paths will a load hold? Estimated before the load from a sample of the head of its
 * strace files (mdtest-like runs touch a new path with nearly every call: 2 GB of trace, 18.6 M paths),
 * so a load that cannot fit stops with a message instead of dying in the middle (docs/ARCHITECTURE.md
 * "Loads"). Paths are JavaScript strings on the heap (interned per file, then in the merged log); the
 * per-event columns are typed arrays outside it.
 */
import { parseStraceBytes } from '../ingest/strace/index';
import { identify, isIdentified, type Identified } from '../ingest/registry';
import type { ByteSource } from '../ingest/source';

/** Bytes read from the head of each sampled file, and how many files are sampled (spread over the list). */
export const SAMPLE_BYTES = 1 << 20;
export const SAMPLE_FILES = 16;
/**
 * Heap bytes per distinct path besides its characters: the string header, the interner's map entry and
 * the pair-table strings, held twice while loading (per-file tables and the merged log).
 */
export const HEAP_PER_PATH = 2 * 110;

export interface PathEstimate {
  sampledFiles: number;
  sampledBytes: number;
  /** Distinct paths the whole load is estimated to hold. */
  paths: number;
  /** Mean length of a sampled path (characters). */
  meanLength: number;
  /** Estimated heap bytes those paths need while loading. */
  heapBytes: number;
}

/**
 * Samples up to SAMPLE_FILES strace files of `items`: in each head, the paths first seen in its second half
 * give the rate at which the file keeps meeting new paths (the first half also holds the libraries and
 * configuration every process opens); the estimate is that rate over all strace bytes plus the most paths
 * one head held.
 */
export async function estimatePaths(items: readonly (Identified | ByteSource)[]): Promise<PathEstimate> {
  // identified sources (the CLI) are filtered here; raw ones (the app's dropped files) are sniffed only when
  // sampled, and their strace share of the bytes taken from the sample
  const known = items.every((i) => 'importer' in i);
  const strace = known ? (items as Identified[]).filter((i) => i.importer.id === 'strace') : items;
  const allBytes = strace.reduce((a, i) => a + ('importer' in i ? i.source.size : i.size), 0);
  let sniffed = 0;
  let sniffedStrace = 0;
  const step = Math.max(1, strace.length / SAMPLE_FILES);
  let sampledBytes = 0;
  let tailNew = 0;
  let tailBytes = 0;
  let headMax = 0;
  let lenSum = 0;
  let lenN = 0;
  let sampledFiles = 0;
  for (let k = 0, picked = 0; k < strace.length && picked < SAMPLE_FILES; k = Math.floor(++picked * step)) {
    const it = strace[k];
    let src: ByteSource;
    if ('importer' in it) src = it.source;
    else {
      sniffed += it.size;
      const id = await identify(it);
      if (!isIdentified(id) || id.importer.id !== 'strace') continue;
      sniffedStrace += it.size;
      src = it;
    }
    sampledFiles++;
    let bytes = await src.read(0, Math.min(src.size, SAMPLE_BYTES));
    if (bytes.length < src.size) {
      const lf = bytes.lastIndexOf(10);
      if (lf > 0) bytes = bytes.subarray(0, lf + 1);
    }
    let lines = 0;
    let half = 0;
    for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) {
      lines++;
      if (i < bytes.length / 2) half = lines;
    }
    const log = parseStraceBytes(src.name, bytes);
    const first = new Float64Array(log.paths.length).fill(Infinity);
    for (let i = 0; i < log.n; i++) {
      const f = log.pairFp[log.pair[i]];
      if (log.line[i] < first[f]) first[f] = log.line[i];
    }
    let tail = 0;
    for (let f = 1; f < log.paths.length; f++) {
      if (first[f] > half && first[f] !== Infinity) tail++;
      lenSum += log.paths[f].length;
      lenN++;
    }
    sampledBytes += bytes.length;
    tailNew += tail;
    tailBytes += bytes.length - (bytes.length >> 1);
    headMax = Math.max(headMax, log.paths.length - 1);
  }
  const totalBytes = known || sniffed === 0 ? allBytes : (allBytes * sniffedStrace) / sniffed;
  const rate = tailBytes > 0 ? tailNew / tailBytes : 0;
  const paths = Math.round(headMax + rate * Math.max(0, totalBytes - sampledBytes / Math.max(1, sampledFiles)));
  const meanLength = lenN ? lenSum / lenN : 0;
  return { sampledFiles, sampledBytes, paths, meanLength, heapBytes: Math.round(paths * (HEAP_PER_PATH + 2 * meanLength)) };
}
