/**
 * Per file and direction: requests, bytes and the byte ranges covered (merged extents) — what a replay
 * must reproduce even when a what-if changes the requests (docs/METHOD.md "Fidelity").
 */
import type { DirSummary, FileSummary } from './types';

/** More distinct ranges than this per file and direction: the extents are not kept (null). */
export const EXTENT_CAP = 100_000;

interface Req {
  dir: string;
  path: string;
  offset?: number;
  size?: number;
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
  const ranges = new Map<string, [number, number][]>();
  for (const s of seq) {
    let f = files[s.path];
    if (!f) files[s.path] = f = { read: emptyDir(), write: emptyDir(), syncs: 0 };
    if (s.dir === 'sync' || s.dir === 'datasync') f.syncs++;
    if ((s.dir !== 'read' && s.dir !== 'write') || s.offset === undefined || s.size === undefined) continue;
    const d = f[s.dir];
    d.requests++;
    d.bytes += s.size;
    const key = `${s.dir}\0${s.path}`;
    let r = ranges.get(key);
    if (!r) ranges.set(key, (r = []));
    r.push([s.offset, s.offset + s.size]);
    if (r.length > 4 * EXTENT_CAP) ranges.set(key, mergeRanges(r));
  }
  for (const [key, r] of ranges) {
    const [dir, path] = key.split('\0') as ['read' | 'write', string];
    const m = mergeRanges(r);
    files[path][dir].extents = m.length > EXTENT_CAP ? null : m;
  }
  return files;
}

/** Whether two extent lists cover the same bytes (null: not known, taken as equal). */
export function sameExtents(a: [number, number][] | null, b: [number, number][] | null): boolean {
  if (a === null || b === null) return true;
  return a.length === b.length && a.every((x, i) => x[0] === b[i][0] && x[1] === b[i][1]);
}
