/**
 * The access patterns of an analysis (docs/METHOD.md "Access patterns") as the app and the CLI show them:
 * `accessReport(log, compiled)` (per file and per activity of the mapping; Session.access caches it per
 * analysis) and its parts of the analysis JSON (docs/FORMATS.md "CLI JSON output": `nodes.*.access`, `files`).
 */
import type { EventLog } from '../model/eventlog';
import { accessPatterns, type AccessCounts, type FileAccess, type PatternCounts } from './access';
import type { CompiledMapping } from './mapping';

export interface ActivityAccess extends AccessCounts {
  /** The activity (a node id of the analysis). */
  id: string;
}

/** Structured-cloneable (the worker sends it to the app as it is). */
export interface AccessReport {
  /** Files (fp ≠ '') with a successful read or write, most bytes first (then by path). */
  files: FileAccess[];
  /** Activities with a successful read or write, in the mapping's order. */
  activities: ActivityAccess[];
  /** Files touched (any call) by more than one case / by exactly one. */
  sharedFiles: number;
  privateFiles: number;
  /** Whether any read or write has a known offset (else there is no pattern, only sizes). */
  hasOffsets: boolean;
  /** Cases traced with `-e trace=…` without lseek: their read/write positions are unknown (docs/FORMATS.md "Offsets"). */
  noLseekCases: number;
}

/** The cases of a log whose trace was filtered without lseek (FileReport flags). */
export function noLseekCases(log: EventLog): number {
  return log.cases.filter((c) => log.files[c.file]?.flags?.lseekTraced === false).length;
}

export const fileBytes = (f: AccessCounts): number => f.read.bytes + f.write.bytes;

export function accessReport(log: EventLog, compiled: Pick<CompiledMapping, 'activities' | 'pairAct'>): AccessReport {
  const r = accessPatterns(log, compiled.pairAct, compiled.activities.length);
  const files = r.files.filter((f) => f.fp !== '').sort((a, b) => fileBytes(b) - fileBytes(a) || (a.fp < b.fp ? -1 : a.fp > b.fp ? 1 : 0));
  const activities: ActivityAccess[] = [];
  r.activities.forEach((c, k) => {
    if (c.read.requests + c.write.requests > 0) activities.push({ id: compiled.activities[k], ...c });
  });
  const hasOffsets = r.files.some((f) => f.read.withOffset + f.write.withOffset > 0);
  return { files, activities, sharedFiles: r.sharedFiles, privateFiles: r.privateFiles, hasOffsets, noLseekCases: noLseekCases(log) };
}

/** `nodes.<activity>.access`: reads and writes together. */
export interface CliAccess {
  /** Successful reads and writes with a size. */
  requests: number;
  consecutive: number;
  sequential: number;
  random: number;
  /** Requests per Darshan size bin (10 bins). */
  sizes: number[];
}

/** One direction of a file in `files`. */
export interface CliPattern {
  requests: number;
  bytes: number;
  /** Requests with a known offset: consecutive + sequential + random. */
  with_offset: number;
  consecutive: number;
  sequential: number;
  random: number;
  sizes: number[];
}

/** `files.<path>`. */
export interface CliFileAccess {
  cases: number;
  shared: boolean;
  /** Bytes read and written. */
  bytes: number;
  /** Reads and writes per Darshan size bin. */
  sizes: number[];
  reads: CliPattern;
  writes: CliPattern;
}

/** An activity's `access` (null when none of its reads and writes has a known offset). */
export function nodeAccess(c: AccessCounts): CliAccess | null {
  if (c.read.withOffset + c.write.withOffset === 0) return null;
  return {
    requests: c.read.requests + c.write.requests,
    consecutive: c.read.consecutive + c.write.consecutive,
    sequential: c.read.sequential + c.write.sequential,
    random: c.read.random + c.write.random,
    sizes: c.read.sizes.map((n, k) => n + c.write.sizes[k]),
  };
}

const pattern = (p: PatternCounts): CliPattern => ({
  requests: p.requests,
  bytes: p.bytes,
  with_offset: p.withOffset,
  consecutive: p.consecutive,
  sequential: p.sequential,
  random: p.random,
  sizes: p.sizes.slice(),
});

/** `files`: per path, most bytes first (a null-prototype record: a path is a key like any other). */
export function filesJson(report: AccessReport): Record<string, CliFileAccess> {
  const out = Object.create(null) as Record<string, CliFileAccess>;
  for (const f of report.files) {
    out[f.fp] = { cases: f.cases, shared: f.shared, bytes: fileBytes(f), sizes: f.read.sizes.map((n, k) => n + f.write.sizes[k]), reads: pattern(f.read), writes: pattern(f.write) };
  }
  return out;
}

/** Adds `access` to the JSON nodes of the activities that have a pattern. */
export function addNodeAccess(nodes: Record<string, { access?: CliAccess }>, report: AccessReport): void {
  for (const a of report.activities) {
    const node = nodes[a.id];
    const acc = node && nodeAccess(a);
    if (node && acc) node.access = acc;
  }
}
