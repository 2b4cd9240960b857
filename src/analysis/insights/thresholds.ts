/**
 * The thresholds of every insight rule in one table (docs/METHOD.md, "Insights"). Drishti's names and
 * defaults where a Drishti code uses them; the T-rules' own below. Users edit them as JSON: `{"small_requests": 0.2}`;
 * unknown keys and values out of range are rejected with a message.
 */

interface Spec {
  value: number;
  min: number;
  max: number;
  integer?: boolean;
  help: string;
}

const MiB = 1024 * 1024;

const SPECS = {
  // ---- Drishti's (same names, same defaults) ----
  imbalance_operations: { value: 0.1, min: 0, max: 1, help: 'P01–P04: |writes − reads| / all above this fraction makes the run read or write intensive' },
  small_bytes: { value: MiB, min: 1, max: 2 ** 53, integer: true, help: 'P05, P06, P15, P16, T09: a request below this many bytes is small' },
  small_requests: { value: 0.1, min: 0, max: 1, help: 'P05, P06, P15, P16, T09: small requests above this fraction of the requests…' },
  small_requests_absolute: { value: 1000, min: 0, max: 2 ** 53, integer: true, help: '…and above this many' },
  misaligned_requests: { value: 0.1, min: 0, max: 1, help: 'P08: requests whose offset is not a multiple of `alignment`, above this fraction' },
  alignment: { value: MiB, min: 1, max: 2 ** 53, integer: true, help: 'P08: the file system alignment in bytes (e.g. the Lustre stripe size)' },
  metadata_time_rank: { value: 30, min: 0, max: 1e9, help: 'P17: metadata time of one case above this many seconds' },
  random_operations: { value: 0.2, min: 0, max: 1, help: 'P11, P13: random requests above this fraction…' },
  random_operations_absolute: { value: 1000, min: 0, max: 2 ** 53, integer: true, help: '…and above this many' },
  imbalance_stragglers: { value: 0.15, min: 0, max: 1, help: 'P18, P19: |slowest − fastest case| / total of a file shared by every case above this fraction' },
  imbalance_size: { value: 0.3, min: 0, max: 1, help: 'P21, P22: (max − min) / max bytes per case of a file shared by some cases above this fraction' },
  interface_stdio: { value: 0.1, min: 0, max: 1, help: 'S01 (Darshan counters): STDIO bytes above this fraction of all bytes moved' },
  collective_operations: { value: 0.5, min: 0, max: 1, help: 'M02, M03 (Darshan counters): a file whose independent MPI-IO reads (writes) are above this fraction of its independent operations is named…' },
  collective_operations_absolute: { value: 1000, min: 0, max: 2 ** 53, integer: true, help: 'M02, M03: …and the rule fires when the MPI-IO reads (writes) are above this many and none is collective' },
  // ---- strace's own (T-codes) ----
  metadata_storm_calls: { value: 1000, min: 0, max: 2 ** 53, integer: true, help: 'T01: stat/open/access/readlink-type calls of one case above this many…' },
  metadata_storm_time: { value: 0.3, min: 0, max: 1, help: 'T01: …or above this fraction of the case\'s traced time…' },
  metadata_storm_min_time: { value: 1, min: 0, max: 1e9, help: 'T01: …when they take at least this many seconds (a program\'s start-up lookups are most of a 3 ms trace)' },
  failures_absolute: { value: 100, min: 0, max: 2 ** 53, integer: true, help: 'T02: an activity with at least this many failing calls…' },
  failures_ratio: { value: 0.1, min: 0, max: 1, help: 'T02: …or at least this fraction of its calls failing…' },
  failures_min: { value: 50, min: 0, max: 2 ** 53, integer: true, help: 'T02: …counted only from this many failures (every process start probes a dozen locale and library files that are not there)' },
  seek_pairs: { value: 100, min: 0, max: 2 ** 53, integer: true, help: 'T03: at least this many read/write calls directly after an lseek on the same file' },
  sync_per_write: { value: 0.1, min: 0, max: 1, help: 'T04: fsync-type calls per write to a file above this' },
  sync_absolute: { value: 10, min: 0, max: 2 ** 53, integer: true, help: 'T04: and at least this many fsync-type calls on the file' },
  open_churn: { value: 100, min: 0, max: 2 ** 53, integer: true, help: 'T05: the same file opened more than this many times in one case' },
  rank_heavy: { value: 0.5, min: 0, max: 1, help: 'T06: one case moving more than this fraction of the bytes or I/O time of a side' },
  rank_heavy_min_cases: { value: 3, min: 2, max: 2 ** 53, integer: true, help: 'T06: only with at least this many cases (of two, one always has ≥ 50 %)' },
  straggler_sigma: { value: 1, min: 0, max: 100, help: 'T07: a straggler\'s busy time in an I/O phase exceeds mean + this many σ of the phase\'s cases (the time views: 1)…' },
  straggler_excess: { value: 0.15, min: 0, max: 100, help: 'T07: …and a phase is reported when one of its stragglers exceeds the mean by more than this fraction' },
  untraced_ratio: { value: 0.5, min: 0, max: 1, help: 'T08: traced time below this fraction of a case\'s wall time…' },
  untraced_min_wall: { value: 1, min: 0, max: 1e9, help: 'T08: …when the wall time is at least this many seconds' },
  // ---- materiality (every rule: below them a finding is at most INFO) ----
  material_time: { value: 0.01, min: 0, max: 1e9, help: 'a WARN or HIGH finding accounts for at least this many seconds…' },
  material_share: { value: 0.02, min: 0, max: 1, help: '…and at least this fraction of the wall time of its run\'s cases (or, about data, of their bytes); else INFO' },
  material_bytes: { value: MiB, min: 0, max: 2 ** 53, integer: true, help: 'a finding about data (excess, imbalance) is material by bytes from this many bytes (and material_share of the run\'s bytes)' },
  material_file_bytes: { value: 65536, min: 0, max: 2 ** 53, integer: true, help: 'P08–P10, P18, P19, P21, P22 judge only files with at least this many bytes read and written in the run (not a job file, script or configuration)' },
  // ---- reporting ----
  top_items: { value: 10, min: 1, max: 1000, integer: true, help: 'files and cases named per finding, at most' },
  top_share: { value: 0.05, min: 0, max: 1, help: 'files and cases named only above this share of the finding' },
} satisfies Record<string, Spec>;

export type ThresholdName = keyof typeof SPECS;
export type Thresholds = Record<ThresholdName, number>;

export const THRESHOLD_NAMES = Object.keys(SPECS) as ThresholdName[];

export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze(
  Object.fromEntries(THRESHOLD_NAMES.map((k) => [k, SPECS[k].value])) as Thresholds,
);

export function thresholdHelp(name: ThresholdName): string {
  return SPECS[name].help;
}

export class ThresholdError extends Error {
  override name = 'ThresholdError';
}

/**
 * Defaults overridden by `overrides` (a parsed JSON object, or JSON text). Every problem is reported at once:
 * unknown keys (with the nearest known name), non-numbers, values out of range.
 */
export function resolveThresholds(overrides: unknown): Thresholds {
  const obj = typeof overrides === 'string' ? jsonOf(overrides) : overrides;
  if (obj === null || obj === undefined) return { ...DEFAULT_THRESHOLDS };
  if (typeof obj !== 'object' || Array.isArray(obj)) throw new ThresholdError('thresholds: expected a JSON object such as {"small_requests": 0.2}');
  const out: Thresholds = { ...DEFAULT_THRESHOLDS };
  const problems: string[] = [];
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (!(k in SPECS)) {
      const near = nearest(k);
      problems.push(`unknown threshold '${k}'${near ? ` (did you mean '${near}'?)` : ''}`);
      continue;
    }
    const s: Spec = SPECS[k as ThresholdName];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      problems.push(`${k} must be a number, got ${JSON.stringify(v)}`);
      continue;
    }
    if (v < s.min || v > s.max) problems.push(`${k} must be between ${s.min} and ${s.max}, got ${v}`);
    else if (s.integer && !Number.isInteger(v)) problems.push(`${k} must be a whole number, got ${v}`);
    else out[k as ThresholdName] = v;
  }
  if (problems.length) throw new ThresholdError(`thresholds: ${problems.join('; ')} (known: ${THRESHOLD_NAMES.join(', ')})`);
  return out;
}

/** JSON text of overrides ('' or blanks: none) as the value it holds; bad JSON throws ThresholdError. */
function jsonOf(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ThresholdError(`thresholds: not valid JSON (${(e as Error).message})`);
  }
}

/**
 * The overrides a thresholds text names ('' = none), checked as resolveThresholds checks them (a problem
 * throws ThresholdError), in the text's own order: what a view holds.
 */
export function thresholdOverrides(text: string): Partial<Thresholds> {
  const obj = jsonOf(text);
  resolveThresholds(obj);
  return obj === null || obj === undefined ? {} : { ...(obj as Partial<Thresholds>) };
}

/** The text form of overrides (thresholdOverrides reads it back): one line of JSON, '' when there are none. */
export function thresholdsJson(overrides: Partial<Thresholds>): string {
  return Object.keys(overrides).length ? JSON.stringify(overrides) : '';
}

/** The thresholds that differ from the defaults (what a view or URL needs to store). */
export function changedThresholds(t: Thresholds): Partial<Thresholds> {
  const out: Partial<Thresholds> = {};
  for (const k of THRESHOLD_NAMES) if (t[k] !== DEFAULT_THRESHOLDS[k]) out[k] = t[k];
  return out;
}

function nearest(k: string): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const name of THRESHOLD_NAMES) {
    const d = editDistance(k.toLowerCase(), name);
    if (d < bestD) {
      bestD = d;
      best = name;
    }
  }
  return bestD <= Math.max(2, Math.floor(k.length / 3)) ? best : null;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}
