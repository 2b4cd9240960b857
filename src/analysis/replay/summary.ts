/**
 * Per file and direction: requests, bytes and the byte ranges covered (merged extents) — what a replay
 * must reproduce even when a what-if changes the requests (docs/METHOD.md "Fidelity").
 */
import type { DirSummary, ExtentRun, FileSummary } from './types';

/** More runs of ranges than this per file and direction: the extents are not kept (null). */
export const EXTENT_CAP = 10_000;

/** Merged ranges (sorted, disjoint) as runs of one length and stride: 62,000 strided 4 KiB requests are one run. */
export function extentRuns(r: readonly [number, number][]): ExtentRun[] {
  const out: ExtentRun[] = [];
  for (const [s, e] of r) {
    const len = e - s;
    const last = out[out.length - 1];
    if (last && last[1] === len) {
      const next = last[0] + last[3] * last[2];
      if (last[3] === 1 && s > last[0]) {
        last[2] = s - last[0];
        last[3] = 2;
        continue;
      }
      if (s === next) {
        last[3]++;
        continue;
      }
    }
    out.push([s, len, 0, 1]);
  }
  return out;
}

interface Req {
  kind: string;
  path: string;
  offset: number;
  size: number;
}

const emptyDir = (): DirSummary => ({ requests: 0, bytes: 0, extents: [] });

/** Merges [start, end) ranges (sorted in place). */
export function mergeRanges(r: [number, number][]): [number, number][] {
  r.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [s, e] of r) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The summary of a sequence of data ops, syncs, opens and closes (only reads, writes and syncs count). */
export function summarise(seq: readonly Req[]): Record<string, FileSummary> {
  const files: Record<string, FileSummary> = {};
  // per file and direction its ranges, merged again when they reach `limit` (then twice what merging left:
  // disjoint strided requests do not merge, and merging them at every request would be quadratic)
  const ranges = new Map<string, { r: [number, number][]; limit: number }>();
  for (const s of seq) {
    let f = files[s.path];
    if (!f) files[s.path] = f = { read: emptyDir(), write: emptyDir(), syncs: 0 };
    const k = s.kind;
    if (k === 'sync' || k === 'datasync') f.syncs++;
    if (k !== 'read' && k !== 'write') continue;
    const d = f[k];
    d.requests++;
    d.bytes += s.size;
    const key = k === 'read' ? `r${s.path}` : `w${s.path}`;
    let e = ranges.get(key);
    if (!e) ranges.set(key, (e = { r: [], limit: 4 * EXTENT_CAP }));
    const r = e.r;
    // a request that continues or overlaps the last range from inside it extends that range (streams stay one range)
    const last = r.length ? r[r.length - 1] : null;
    const end = s.offset + s.size;
    if (last && s.offset >= last[0] && s.offset <= last[1]) {
      if (end > last[1]) last[1] = end;
    } else r.push([s.offset, end]);
    if (r.length > e.limit) {
      e.r = mergeRanges(r);
      e.limit = Math.max(4 * EXTENT_CAP, 2 * e.r.length);
    }
  }
  for (const [key, { r }] of ranges) {
    const dir = key[0] === 'r' ? 'read' : 'write';
    const path = key.slice(1);
    const runs = extentRuns(mergeRanges(r));
    files[path][dir].extents = runs.length > EXTENT_CAP ? null : runs;
  }
  return files;
}

/** Whether two extent run lists cover the same bytes (both are canonical: extentRuns of merged ranges; null: not known, taken as equal). */
export function sameExtents(a: readonly ExtentRun[] | null, b: readonly ExtentRun[] | null): boolean {
  if (a === null || b === null) return true;
  return a.length === b.length && a.every((x, i) => x.every((v, j) => v === b[i][j]));
}
