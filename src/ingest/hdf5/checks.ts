/**
 * Validation of what a native event log holds beyond its column types (docs/FORMATS.md, "The native
 * layout"): the stored file reports (JSON) and the per-event values. A file that breaks the layout is
 * refused with a message naming the problem; out-of-range times are bad input, dropped and counted.
 */
import { isValidTime, MAX_TIME, type EventLog, type FileReport, type SourceFlags, type SourceFormat, type UnparsableLine } from '../../model';

/** Caps on a stored report, as the strace importer's own: 100 unparsable lines of ≤ 300 characters. */
export const REPORT_CAPS = { unparsable: 100, text: 400, warnings: 100, warning: 1000, dropped: 64, name: 4096 } as const;
/** A stored report longer than this (characters of JSON) is not parsed: far above what a real one holds. */
export const MAX_REPORT_JSON = 16 << 20;

type Bad = (what: string) => never;

/** The warning on a file's report for the events dropped as 'bad-start' (the strace importer's words for its lines). */
export const badStartWarning = (n: number): string => `${n} event(s) with a timestamp beyond ±${MAX_TIME} s or not a number (no real time): dropped`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
const cut = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max)}…` : s);

/**
 * Parses and checks the stored FileReport `json` of file `i`: every field present with its type (else `bad`),
 * lists and strings capped like the strace importer's (so a crafted report cannot flood the page).
 */
export function parseReport(json: string, i: number, bad: Bad): FileReport {
  const where = `file report ${i}`;
  if (json.length > MAX_REPORT_JSON) {
    bad(`${where} has ${json.length} characters (a report holds at most a few hundred KB)`);
  }
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return bad(`${where} is not JSON`);
  }
  if (!isObject(v)) return bad(`${where} is ${v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v}, not an object`);
  const field = (k: string, ok: (x: unknown) => boolean, want: string): unknown => {
    if (!ok(v[k])) bad(`${where}: '${k}' is ${v[k] === undefined ? 'missing' : JSON.stringify(v[k]).slice(0, 40)}, expected ${want}`);
    return v[k];
  };
  const name = field('name', (x) => typeof x === 'string', 'a string') as string;
  const format = field('format', (x) => x === 'strace' || x === 'hdf5' || x === 'darshan' || x === 'otf2', "'strace', 'hdf5', 'darshan' or 'otf2'") as SourceFormat;
  const bytes = field('bytes', isCount, 'a count') as number;
  const lines = field('lines', isCount, 'a count') as number;
  const events = field('events', isCount, 'a count') as number;
  const dropped = field('dropped', (x) => isObject(x) && Object.values(x).every(isCount), 'an object of counts') as Record<string, number>;
  const unparsable = field(
    'unparsable',
    (x) => Array.isArray(x) && x.every((u) => isObject(u) && isCount(u.line) && typeof u.text === 'string'),
    'a list of {line, text}',
  ) as UnparsableLine[];
  const flags = field(
    'flags',
    (x) => x === null || (isObject(x) && typeof x.timestamps === 'string' && typeof x.durations === 'boolean' && typeof x.annotations === 'boolean' && typeof x.pids === 'string'),
    'null or source flags',
  ) as SourceFlags | null;
  const warnings = field('warnings', (x) => Array.isArray(x) && x.every((w) => typeof w === 'string'), 'a list of strings') as string[];
  // optional: the O_DIRECT opens (older reports have none)
  const direct = v.direct === undefined ? undefined : (field('direct', (x) => Array.isArray(x) && x.every((d) => isObject(d) && typeof d.path === 'string' && isCount(d.opens)), 'a list of {path, opens}') as { path: string; opens: number }[]);
  // a clean copy: only the known fields, capped ('__proto__' & co. cannot come through as keys)
  const droppedOut: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [k, c] of Object.entries(dropped).slice(0, REPORT_CAPS.dropped)) droppedOut[cut(k, 64)] = c;
  const kept = warnings.slice(0, REPORT_CAPS.warnings).map((w) => cut(w, REPORT_CAPS.warning));
  if (warnings.length > REPORT_CAPS.warnings) kept.push(`… ${warnings.length - REPORT_CAPS.warnings} more warnings not shown`);
  return {
    name: cut(name, REPORT_CAPS.name),
    format,
    bytes,
    lines,
    events,
    dropped: { ...droppedOut },
    unparsable: unparsable.slice(0, REPORT_CAPS.unparsable).map((u) => ({ line: u.line, text: cut(u.text, REPORT_CAPS.text) })),
    flags: flags && { timestamps: cut(flags.timestamps, 16), durations: flags.durations, annotations: flags.annotations, pids: cut(flags.pids, 16), ...(flags.lseekTraced === false ? { lseekTraced: false } : {}), ...(flags.stacks === true ? { stacks: true } : {}) },
    warnings: kept,
    ...(direct ? { direct: direct.slice(0, REPORT_CAPS.warnings).map((d) => ({ path: cut(d.path, 4096), opens: d.opens })) } : {}),
  };
}

/** Throws (through `bad`) if a string table holds a value twice. */
export function checkDistinct(list: readonly string[], what: string, bad: Bad): void {
  const seen = new Set<string>();
  for (const s of list) {
    if (seen.has(s)) bad(`${what} holds ${JSON.stringify(cut(s, 80))} twice`);
    seen.add(s);
  }
}

/**
 * Checks the per-event values of a native log read column by column and repairs what is bad input rather
 * than a broken file: an event whose start is not a time (NaN, ±Infinity, beyond MAX_TIME) is dropped and
 * counted as 'bad-start' in its file's report; a dur or size that is neither NaN nor a finite number ≥ 0
 * becomes NaN (unknown), with a warning. Refuses a case not sorted by start. Returns the (compacted) log.
 */
export function checkNativeEvents(log: EventLog, bad: Bad): EventLog {
  const k = log.cases.length;
  const badStart = new Uint32Array(k);
  const fixed = new Uint32Array(k);
  let anyBad = 0;
  for (let c = 0; c < k; c++) {
    const r = scanCase(log.start, log.dur, log.size, log.offset, log.caseOffsets[c], log.caseOffsets[c + 1]);
    if (r.unsortedAt >= 0) bad(`case ${log.cases[c].id} is not sorted by start (event ${r.unsortedAt})`);
    badStart[c] = r.badStart;
    fixed[c] = r.fixed;
    anyBad += r.badStart + r.fixed;
  }
  if (!anyBad) return log;
  const files = log.files.map((f) => ({ ...f, dropped: { ...f.dropped }, warnings: f.warnings.slice() }));
  const fixedPerFile = new Map<number, number>();
  const badPerFile = new Map<number, number>();
  for (let c = 0; c < k; c++) {
    const r = files[log.cases[c].file];
    if (badStart[c]) {
      r.dropped['bad-start'] = (r.dropped['bad-start'] ?? 0) + badStart[c];
      r.events = Math.max(0, r.events - badStart[c]);
      badPerFile.set(log.cases[c].file, (badPerFile.get(log.cases[c].file) ?? 0) + badStart[c]);
    }
    if (fixed[c]) fixedPerFile.set(log.cases[c].file, (fixedPerFile.get(log.cases[c].file) ?? 0) + fixed[c]);
  }
  for (const [f, count] of badPerFile) files[f].warnings.push(badStartWarning(count));
  for (const [f, count] of fixedPerFile) files[f].warnings.push(`${count} negative or infinite durations, sizes or offsets in the event log were read as unknown`);
  return badStart.some((x) => x > 0) ? compact(log, files) : { ...log, files };
}

/** One case's events [a, b): bad starts counted, bad dur/size/offset set to NaN and counted, first unsorted index. */
function scanCase(start: Float64Array, dur: Float64Array, size: Float64Array, offset: Float64Array, a: number, b: number): { badStart: number; fixed: number; unsortedAt: number } {
  const max = MAX_TIME; // a local: an imported binding may be a property read per use (test transforms)
  let prev = -Infinity;
  let badStart = 0;
  let fixed = 0;
  for (let i = a; i < b; i++) {
    const s = start[i];
    if (!(s <= max && s >= -max)) {
      badStart++;
      continue;
    }
    if (s < prev) return { badStart, fixed, unsortedAt: i };
    prev = s;
    const d = dur[i];
    if (d < 0 || d === Infinity) {
      dur[i] = NaN;
      fixed++;
    }
    const z = size[i];
    if (z < 0 || z === Infinity) {
      size[i] = NaN;
      fixed++;
    }
    const o = offset[i];
    if (o < 0 || o === Infinity) {
      offset[i] = NaN;
      fixed++;
    }
  }
  return { badStart, fixed, unsortedAt: -1 };
}

/** The log without its events whose start is not a valid time. */
function compact(log: EventLog, files: FileReport[]): EventLog {
  const keep: number[] = [];
  const offsets = new Uint32Array(log.caseOffsets.length);
  for (let c = 0; c < log.cases.length; c++) {
    offsets[c] = keep.length;
    for (let i = log.caseOffsets[c]; i < log.caseOffsets[c + 1]; i++) if (isValidTime(log.start[i])) keep.push(i);
  }
  offsets[log.cases.length] = keep.length;
  const pick = <T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array>(a: T): T => {
    const out = new (a.constructor as new (n: number) => T)(keep.length);
    for (let j = 0; j < keep.length; j++) out[j] = a[keep[j]];
    return out;
  };
  return {
    ...log,
    n: keep.length,
    pid: pick(log.pid),
    pair: pick(log.pair),
    errno: pick(log.errno),
    start: pick(log.start),
    dur: pick(log.dur),
    size: pick(log.size),
    line: pick(log.line),
    offset: pick(log.offset),
    ...(log.layer ? { layer: pick(log.layer) } : {}),
    ...(log.parent ? { parent: pick(log.parent) } : {}),
    ...(log.stack ? { stack: pick(log.stack) } : {}),
    caseOffsets: offsets,
    files,
  };
}
