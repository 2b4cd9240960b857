/**
 * Per file and direction: requests, bytes and the byte ranges covered (merged extents) — what a replay
 * must reproduce even when a what-if changes the requests (docs/METHOD.md "Fidelity").
 */
import type { DirSummary, ExtentRun, FileSummary } from './types';

/** More runs of ranges than this per file and direction: the extents are not kept (null). */
export const EXTENT_CAP = 10_000;

/** Merged ranges (sorted, disjoint) as runs of one length and stride: 62,000 strided 4 KiB requests are one run. */
export function extentRuns(r: readonly [number, number][]): ExtentRun[] {
  return runsOf(
    r.map((x) => x[0]),
    r.map((x) => x[1]),
  );
}

/** extentRuns of ranges given as their starts and ends. */
function runsOf(starts: readonly number[], ends: readonly number[]): ExtentRun[] {
  const out: ExtentRun[] = [];
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i];
    const len = ends[i] - s;
    const last = out[out.length - 1];
    if (last && last[1] === len) {
      if (last[3] === 1 && s > last[0]) {
        last[2] = s - last[0];
        last[3] = 2;
        continue;
      }
      if (s === last[0] + last[3] * last[2]) {
        last[3]++;
        continue;
      }
    }
    out.push([s, len, 0, 1]);
  }
  return out;
}

/**
 * The byte ranges of one file and direction as requests come, in two number arrays (no object per request). A
 * request inside or right after the last range extends it (a stream stays one range); while every other one
 * starts after the last range's end the ranges stay sorted and disjoint, and need no merge. Out of order, they
 * are merged again when they have doubled since the last merge (disjoint strided requests never merge: merging
 * at every request would be quadratic).
 */
class Ranges {
  starts: number[] = [];
  ends: number[] = [];
  private sorted = true;
  private limit = 4 * EXTENT_CAP;
  add(off: number, end: number): void {
    const n = this.starts.length;
    if (n) {
      const ls = this.starts[n - 1];
      const le = this.ends[n - 1];
      if (off >= ls && off <= le) {
        if (end > le) this.ends[n - 1] = end;
        return;
      }
      if (off < le) this.sorted = false;
    }
    this.starts.push(off);
    this.ends.push(end);
    if (!this.sorted && n + 1 > this.limit) {
      this.merge();
      this.limit = Math.max(4 * EXTENT_CAP, 2 * this.starts.length);
    }
  }
  private merge(): void {
    const m = mergeRanges(this.starts.map((s, i) => [s, this.ends[i]] as [number, number]));
    this.starts = m.map((x) => x[0]);
    this.ends = m.map((x) => x[1]);
  }
  runs(): ExtentRun[] {
    if (!this.sorted) this.merge();
    return runsOf(this.starts, this.ends);
  }
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
  const ranges = new Map<string, { read: Ranges; write: Ranges }>();
  for (const s of seq) {
    let f = files[s.path];
    if (!f) files[s.path] = f = { read: emptyDir(), write: emptyDir(), syncs: 0 };
    const k = s.kind;
    if (k === 'sync' || k === 'datasync') f.syncs++;
    if (k !== 'read' && k !== 'write') continue;
    const d = f[k];
    d.requests++;
    d.bytes += s.size;
    let r = ranges.get(s.path);
    if (!r) ranges.set(s.path, (r = { read: new Ranges(), write: new Ranges() }));
    r[k].add(s.offset, s.offset + s.size);
  }
  for (const [path, r] of ranges)
    for (const dir of ['read', 'write'] as const) {
      const runs = r[dir].runs();
      files[path][dir].extents = runs.length > EXTENT_CAP ? null : runs;
    }
  return files;
}

/** Whether two extent run lists cover the same bytes (both are canonical: extentRuns of merged ranges; null: not known, taken as equal). */
export function sameExtents(a: readonly ExtentRun[] | null, b: readonly ExtentRun[] | null): boolean {
  if (a === null || b === null) return true;
  return a.length === b.length && a.every((x, i) => x.every((v, j) => v === b[i][j]));
}
