/**
 * Plain result types of the analysis (no typed arrays except where named): what crosses from the worker
 * to the UI and what the CLI prints. Extend with new optional fields; do not rename existing ones.
 */

export const START = '●';
export const END = '■';

export interface PathFilter {
  kind: 'substring' | 'regex';
  pattern: string;
}

export interface RewriteRule {
  /** prefix: fp starting with `pattern` is replaced by `label` + the rest (then truncated);
   * regex: fp matching `pattern` is replaced by `label` (with $1… groups) and not truncated further. */
  kind: 'prefix' | 'regex';
  pattern: string;
  label: string;
}

/** Everything that defines the mapping f: event → activity (docs/METHOD.md "Mapping"). */
/** A case filter: keep the cases with (without) an event of an activity, or the cases named. */
export type CaseFilter = { activity: string; keep: 'with' | 'without' } | { keep: 'cases'; ids: string[] };

export interface MappingSpec {
  /** Path components kept by trunc (default 2). 0 = the whole path. */
  depth: number;
  /** Keep only events whose fp matches one of these (empty = keep all). */
  include: PathFilter[];
  /** Drop events whose fp matches one of these. */
  exclude: PathFilter[];
  /** Keep only these calls (empty = all). */
  calls: string[];
  /** Drop these calls. */
  excludeCalls: string[];
  rewrites: RewriteRule[];
  /** Source of a JS function `(e) => string | null` with e = {call, fp, path, system}; null = default f̂. */
  custom: string | null;
  /** System files (/usr, /lib*, /etc, /proc, /sys, /dev, /run, pipes, sockets, anon inodes, MPI session
   * directories): as any path (`show`, also when absent: the plain mapping), one activity per call
   * (`collapse`: `openat:(system)`), left out (`hide`), or `auto` (hide when the trace touches user
   * files, else show). The app and the CLI default to `auto`. */
  system?: 'auto' | 'show' | 'collapse' | 'hide';
  /** Per-process path parts: `normalise` maps `/proc/<pid>`, `/proc/self` and a component equal to the
   * case's pid or rid to `PID` (the app's and CLI's default); `raw` (also when absent) keeps them. */
  pids?: 'normalise' | 'raw';
  /** The layer of each call before its activity: `hdf5 › pwrite64:/scratch/out.h5` (docs/METHOD.md "Layers";
   * logs with stacks, strace -k, or a layer column). */
  layer?: boolean;
  /** The user's layer rules, `NAME bin=REGEX sym=REGEX`, before the table's (analysis/layers/rules.ts). */
  layerRules?: string[];
  /** Calls named by their operation (`pwrite64`, `POSIX write` → `write`): where strace traces and Darshan
   * logs meet (analysis/operations.ts; view key `ops=1`, CLI `--ops`). */
  ops?: boolean;
}

export const DEFAULT_MAPPING: MappingSpec = {
  depth: 2,
  include: [],
  exclude: [],
  calls: [],
  excludeCalls: [],
  rewrites: [],
  custom: null,
  system: 'auto',
  pids: 'normalise',
};

/** The paper's plain mapping: call + truncated raw path, system files shown (`analyze --raw`). */
export const RAW_MAPPING: MappingSpec = { ...DEFAULT_MAPPING, system: 'show', pids: 'raw' };

export interface ActivityStats {
  /** The activity string, e.g. `read:/usr/lib`. */
  id: string;
  count: number;
  /** Σ dur of the activity's events, seconds (null when durations are unknown). */
  dur: number | null;
  /** Relative duration, a fraction 0…1 (null when durations are unknown). */
  rd: number | null;
  /** Bytes moved (null when no event of the activity has a size). */
  bytes: number | null;
  /** Mean process data rate, bytes/s (null when undefined). */
  dr: number | null;
  /** Max concurrency (null without timestamps or durations). */
  mc: number | null;
  /** mc × dr, bytes/s (null when either is null). */
  DR: number | null;
  /** Number of cases that contain the activity. */
  cases: number;
  // Set by analyze(); optional so that older producers (tests, saved results) stay valid. Definitions:
  // docs/METHOD.md "Duration and failure statistics".
  /** Mean duration of the events with a known duration, seconds (null when none is known). */
  meanDur?: number | null;
  /** 95th percentile of the known durations (numpy's default linear interpolation), seconds. */
  p95Dur?: number | null;
  /** Events that returned an errno. */
  failures?: number;
  /** failures / count, a fraction 0…1. */
  failureRate?: number;
  /** Events per errno name, e.g. `{ ENOENT: 3 }` (empty when no call failed). */
  errnos?: Record<string, number>;
}

export interface DfgEdge {
  source: string;
  target: string;
  /** Times target directly follows source, summed over cases. */
  count: number;
  /** Number of cases with at least one such transition. */
  cases: number;
  /** Mean time from the end of source to the start of target, seconds (null if unknown or ●/■). */
  meanGap: number | null;
}

export interface Variant {
  /** Activities, framed by ● and ■. */
  trace: string[];
  count: number;
  /** Case ids with this variant. */
  cases: string[];
  /** Set only when `trace` was cut (analyze option maxTraceLength; it then ends with `…`): the full
   * length of the trace, ● and ■ included. */
  length?: number;
}

/** Options of analyze() beyond the mapping (all optional; the defaults give the complete result). */
export interface AnalyzeOptions {
  /** Cut variant traces after this many activities (default: never). The UI should set it: a variant of a
   * 10 M-event log can hold millions of activities. */
  maxTraceLength?: number;
  /** At most this many variants (the most frequent; default: all). */
  maxVariants?: number;
  /** Leave out the statistics whose once-per-log index is not built yet (mc and DR: the time-ordered
   * sequence; p95 duration: the sorted durations), listed in `deferred`, so that a first graph does not wait
   * for them; the app asks for them right after (Session.complete). */
  defer?: boolean;
}

export type Side = 'green' | 'red' | 'both' | 'neither';

export interface PartitionSpec {
  green: string[];
  red: string[];
}

export interface PartitionResult {
  greenCases: number;
  redCases: number;
  /** Per node id (● and ■ included): side and per-side event counts. */
  nodes: Record<string, { side: Side; green: number; red: number }>;
  /** Per edge key `A -> B`: side and per-side transition counts. */
  edges: Record<string, { side: Side; green: number; red: number }>;
}

export interface AnalysisResult {
  cases: number;
  events: number;
  /** Events that the mapping left out. */
  unmapped: number;
  /** How system files were mapped (`auto` resolved), with the events in the group (absent: an older
   * result). Hidden system files count in `unmapped`. */
  system?: { mode: 'show' | 'collapse' | 'hide'; events: number };
  /** Why the `unmapped` events were left out: no file (fp), dropped by the call/path filters, hidden system
   * files, or a custom function that returned null (absent: an older result). */
  leftOut?: { noFile: number; filtered: number; system: number; custom: number };
  /** Activities with statistics, sorted by count descending. ● and ■ are not included. */
  nodes: ActivityStats[];
  /** Every edge of the DFG including ● and ■. */
  edges: DfgEdge[];
  variants: Variant[];
  partition: PartitionResult | null;
  /** Whether durations and timestamps were available (else rd/mc/dr are null with a hint). */
  hasDurations: boolean;
  hasTimestamps: boolean;
  /** Distinct hosts among the cases (mc is exact only with synchronised clocks). */
  hosts: number;
  /** Statistics left out (null) until their per-log index is built (AnalyzeOptions.defer); absent: none. */
  deferred?: ('mc' | 'p95Dur')[];
}

export const edgeKey = (source: string, target: string): string => `${source} -> ${target}`;

/** The events of one activity, ready for a timeline (typed arrays are transferred from the worker). */
export interface TimelineData {
  activity: string;
  timeBase: 'clock' | 'epoch' | 'relative' | 'none';
  /** Row labels: one per case, or `case · pid N` when a case has several pids. */
  rowLabels: string[];
  /** Per event: row index, start (s, in timeBase), dur (s, NaN unknown), size (bytes, NaN none), pid. */
  row: Uint32Array;
  start: Float64Array;
  dur: Float64Array;
  size: Float64Array;
  pid: Int32Array;
  /** Per event: index into `labels` (the event's `call fp`). */
  label: Uint32Array;
  labels: string[];
  /** Case id per row. */
  rowCase: string[];
  /** Per event: its errno, an index into `errnos` (0 = succeeded), and its file offset (NaN = unknown). */
  errno?: Uint16Array;
  errnos?: string[];
  offset?: Float64Array;
  /** Per event its layer, an index into `layerNames` (docs/METHOD.md "Layers"): logs with stacks (strace -k)
   * or a layer column only. */
  layer?: Uint8Array;
  layerNames?: string[];
}

/** The cases in which `target` directly follows `source`, with the number of such transitions. */
export interface EdgeCases {
  source: string;
  target: string;
  cases: { caseId: string; count: number }[];
}
