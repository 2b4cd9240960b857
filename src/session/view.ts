/**
 * ONE text form of the whole view, shared by the URL hash, the mapping editor, the partition picker and
 * the CLI (`--view`, and every view option of `analyze`, which is a key of this form):
 *
 *   v=1&depth=3&filter=/scratch&exclude=re:^/proc&calls=read,write&xcalls=close&rewrite=/scratch/u=>$S
 *   &custom=…&green=cid:a&red=ids:x,y&keep=with:read:/etc&keep=without:…&activities=20&paths=5&rank=rd
 *   &unassigned=hide&metric=bytes&color=partition (or diff-count, diff-bytes, diff-time)&label=gap&dir=TB&split=pid&threads=1
 *   &sel=read:/etc (a node) or sel=read:/etc -> write:/dev/pts (an edge)
 *
 * URL query syntax (as URLSearchParams reads it): keys in any order, unknown keys ignored, list keys repeat and add,
 * single keys: the last one wins. Only what differs from DEFAULT_VIEW is written, after `v=1`.
 * docs/FORMATS.md "The view text form" documents every key. Adding a key = one entry in KEYS (and a
 * field of View with its default).
 */
import { idsSelector, parseIdList } from '../analysis/partition';
import { isMetricId, metric as metricDef, type MetricId } from '../analysis/metrics';
import { DEFAULT_MAPPING, type MappingSpec, type PathFilter, type RewriteRule } from '../analysis/types';
import type { AnalyzeParams, CaseFilter } from './types';
import { formatTimeWindow, parseTimeWindow, type TimeWindow } from '../analysis/time/window';

export { idsSelector, parseIdList };

/** The version of the text form this code writes (`v=1`); a link without `v` is read as version 1. */
export const VIEW_VERSION = 1;

/** A statistic of the metric registry (src/analysis/metrics.ts); the graph is coloured by one that `canColor`. */
export type Metric = MetricId;
const isColorMetric = (m: string): m is Metric => isMetricId(m) && metricDef(m).canColor;
export type EdgeLabelKind = 'count' | 'cases' | 'gap';
const EDGE_LABELS: readonly string[] = ['count', 'cases', 'gap'];
/** A per-case metric of the green/red comparison (docs/METHOD.md "Comparing green and red"; edges are
 * coloured by their count). */
export type DiffMetric = 'count' | 'bytes' | 'time';
const DIFF_METRICS: readonly string[] = ['count', 'bytes', 'time'];
export type ColorMode = { kind: 'metric'; metric: Metric } | { kind: 'partition' } | { kind: 'difference'; metric: DiffMetric };
export type RankBy = 'count' | 'rd';
/** What is selected: a node (its timeline is open) or an edge (its cases panel is open). */
export type Selection = { kind: 'node'; id: string } | { kind: 'edge'; source: string; target: string };

export interface View {
  /** The mapping, custom function included (the app asks before running one from a link). */
  mapping: MappingSpec;
  /** Partition selectors (`cid:a`, `host:N`, `re:R`, `ids:A,B`); '' = that side empty. */
  green: string;
  red: string;
  /** `unassigned=hide`: with a partition, analyse only the green and the red cases. */
  hideUnassigned: boolean;
  /** Right-click "keep cases with / without", applied in order. */
  caseFilters: CaseFilter[];
  /** Graph sliders: top-N activities and the minimum edge count (null = the panel's default). */
  activities: number | null;
  paths: number | null;
  rankBy: RankBy;
  colorMode: ColorMode;
  edgeLabel: EdgeLabelKind;
  direction: 'LR' | 'TB';
  /** One case per (file, pid): applied when loading. */
  splitByPid: boolean;
  /** `threads=1`: parse in the coordinating worker only, no pool (to compare against the pool). */
  singleThread: boolean;
  /** Insight thresholds that differ from the defaults, as JSON text (`''` = the defaults; docs/METHOD.md "Insights"). */
  thresholds: string;
  /** `time=FROM..TO`: the time window, seconds since the first event of all loaded cases (docs/METHOD.md
   * "Time"); null = every event. */
  time: TimeWindow | null;
  /** `sel=…`: the selected node or edge (a display key: opened once the files are analysed). */
  selection: Selection | null;
}

export const DEFAULT_VIEW: View = {
  mapping: DEFAULT_MAPPING,
  green: '',
  red: '',
  hideUnassigned: false,
  caseFilters: [],
  activities: null,
  paths: null,
  rankBy: 'count',
  colorMode: { kind: 'metric', metric: 'rd' },
  edgeLabel: 'count',
  direction: 'LR',
  splitByPid: false,
  singleThread: false,
  thresholds: '',
  time: null,
  selection: null,
};

// ---- the text of one value (also the mapping editor's lines) ----

/** A path filter as text: the substring, or `re:REGEX`. */
export const filterText = (f: PathFilter): string => (f.kind === 'regex' ? `re:${f.pattern}` : f.pattern);
export const parseFilter = (s: string): PathFilter => (s.startsWith('re:') ? { kind: 'regex', pattern: s.slice(3) } : { kind: 'substring', pattern: s });
/** A rewrite as text: `PREFIX=>LABEL` or `re:REGEX=>LABEL` (the editor shows ` => `; blanks around `=>` are trimmed there). */
export const rewriteText = (r: RewriteRule, sep = '=>'): string => `${r.kind === 'regex' ? 're:' : ''}${r.pattern}${sep}${r.label}`;
export function parseRewrite(s: string, trim = false): RewriteRule | null {
  const at = s.indexOf('=>');
  if (at < 0) return null;
  const pat = trim ? s.slice(0, at).trim() : s.slice(0, at);
  const label = trim ? s.slice(at + 2).trim() : s.slice(at + 2);
  if (!pat) return null;
  return pat.startsWith('re:') ? { kind: 'regex', pattern: pat.slice(3), label } : { kind: 'prefix', pattern: pat, label };
}
/** A list of call names: comma (or blank) separated. */
export const parseList = (s: string): string[] => s.split(/[,\s]+/).map((x) => x.trim()).filter(Boolean);
/** A case filter as text: `with:ACTIVITY`, `without:ACTIVITY`, or `cases:ID,ID` (`\,` a comma in an id). */
export const caseFilterText = (f: CaseFilter): string => (f.keep === 'cases' ? `cases:${idsSelector(f.ids).slice(4)}` : `${f.keep}:${f.activity}`);
export function parseCaseFilter(s: string): CaseFilter | null {
  const c = /^cases:(.+)$/s.exec(s);
  if (c) {
    const ids = parseIdList(c[1]);
    return ids.length ? { keep: 'cases', ids } : null;
  }
  const m = /^(with|without):(.+)$/s.exec(s);
  return m ? { keep: m[1] as 'with' | 'without', activity: m[2] } : null;
}

/** A name in a `sel` value: `\\` and `>` escaped by a backslash, so an unescaped ` -> ` only ever
 * separates the two ends of an edge, whatever the activity names hold. */
const selName = (s: string): string => s.replace(/[\\>]/g, (c) => `\\${c}`);
/** A selection as text: `ACTIVITY` (a node) or `SOURCE -> TARGET` (an edge), names as `selName` writes them. */
export const selectionText = (s: Selection): string => (s.kind === 'node' ? selName(s.id) : `${selName(s.source)} -> ${selName(s.target)}`);
/** A `sel` value: one name is a node, two an edge; more, or an empty name, is junk (null). An unescaped
 * `>` that does not separate (hand-written text) is kept as it is. */
export function parseSelection(text: string): Selection | null {
  const names: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) cur += text[++i];
    else if (c === '>' && cur.endsWith(' -') && text[i + 1] === ' ') {
      names.push(cur.slice(0, -2));
      cur = '';
      i++;
    } else cur += c;
  }
  names.push(cur);
  if (names.some((n) => n === '')) return null;
  if (names.length === 1) return { kind: 'node', id: names[0] };
  return names.length === 2 ? { kind: 'edge', source: names[0], target: names[1] } : null;
}

// ---- the keys ----

interface Key {
  key: string;
  /** Applies one occurrence of the key (list keys add, single keys overwrite); junk values are ignored. */
  read(v: View, value: string): void;
  /** The occurrences that describe `v` (none when it has the default). */
  write(v: View): string[];
}
const single = (key: string, read: Key['read'], write: (v: View) => string | null): Key => ({
  key,
  read,
  write: (v) => {
    const s = write(v);
    return s === null ? [] : [s];
  },
});
const count = (s: string): number | null => (/^\d{1,7}$/.test(s) ? Number(s) : null);
const m = (v: View): MappingSpec => v.mapping;

/** System files and per-process paths (docs/FORMATS.md): `raw=1` is the paper's plain mapping (system files
 * shown, raw paths), else `system=show|collapse|hide` and `pids=raw` where they differ from auto / normalise. */
const isRaw = (v: View): boolean => (m(v).system ?? 'show') === 'show' && (m(v).pids ?? 'raw') === 'raw';
const SYSTEM_VALUES: readonly string[] = ['auto', 'show', 'collapse', 'hide'];

/** JSON text without insignificant white space (a link stays short and readable); other text as it is. */
function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

const KEYS: readonly Key[] = [
  single('depth', (v, s) => void (/^\d{1,2}$/.test(s) && (v.mapping.depth = Number(s))), (v) => (m(v).depth !== DEFAULT_MAPPING.depth ? String(m(v).depth) : null)),
  single('raw', (v, s) => void (s !== '0' && ((v.mapping.system = 'show'), (v.mapping.pids = 'raw'))), (v) => (isRaw(v) ? '1' : null)),
  single('system', (v, s) => void (SYSTEM_VALUES.includes(s) && (v.mapping.system = s as NonNullable<MappingSpec['system']>)),
    (v) => (!isRaw(v) && (m(v).system ?? 'show') !== DEFAULT_MAPPING.system ? (m(v).system ?? 'show') : null)),
  single('pids', (v, s) => void ((s === 'raw' || s === 'normalise') && (v.mapping.pids = s)),
    (v) => (!isRaw(v) && (m(v).pids ?? 'raw') !== DEFAULT_MAPPING.pids ? (m(v).pids ?? 'raw') : null)),
  { key: 'filter', read: (v, s) => void (s && v.mapping.include.push(parseFilter(s))), write: (v) => m(v).include.map(filterText) },
  { key: 'exclude', read: (v, s) => void (s && v.mapping.exclude.push(parseFilter(s))), write: (v) => m(v).exclude.map(filterText) },
  single('calls', (v, s) => void (v.mapping.calls = parseList(s)), (v) => (m(v).calls.length ? m(v).calls.join(',') : null)),
  single('xcalls', (v, s) => void (v.mapping.excludeCalls = parseList(s)), (v) => (m(v).excludeCalls.length ? m(v).excludeCalls.join(',') : null)),
  {
    key: 'rewrite',
    read: (v, s) => {
      const r = parseRewrite(s);
      if (r) v.mapping.rewrites.push(r);
    },
    write: (v) => m(v).rewrites.map((r) => rewriteText(r)),
  },
  single('green', (v, s) => void (v.green = s), (v) => v.green || null),
  single('red', (v, s) => void (v.red = s), (v) => v.red || null),
  single('unassigned', (v, s) => void (v.hideUnassigned = s === 'hide'), (v) => (v.hideUnassigned ? 'hide' : null)),
  {
    key: 'keep',
    read: (v, s) => {
      const f = parseCaseFilter(s);
      if (f) v.caseFilters.push(f);
    },
    write: (v) => v.caseFilters.map(caseFilterText),
  },
  single('activities', (v, s) => void (v.activities = count(s) ?? v.activities), (v) => (v.activities === null ? null : String(v.activities))),
  single('paths', (v, s) => void (v.paths = count(s) ?? v.paths), (v) => (v.paths === null ? null : String(v.paths))),
  single('rank', (v, s) => void (s === 'rd' || s === 'count' ? (v.rankBy = s) : 0), (v) => (v.rankBy !== 'count' ? v.rankBy : null)),
  single(
    'color',
    (v, s) => {
      if (s === 'partition') v.colorMode = { kind: 'partition' };
      else if (s.startsWith('diff-') && DIFF_METRICS.includes(s.slice(5))) v.colorMode = { kind: 'difference', metric: s.slice(5) as DiffMetric };
    },
    (v) => (v.colorMode.kind === 'partition' ? 'partition' : v.colorMode.kind === 'difference' ? `diff-${v.colorMode.metric}` : null),
  ),
  // (written with a partition too: a link with green/red and no metric opens in the partition colours)
  single('metric', (v, s) => void (isColorMetric(s) && (v.colorMode = { kind: 'metric', metric: s })),
    (v) => (v.colorMode.kind === 'metric' && (v.colorMode.metric !== 'rd' || v.green || v.red) ? v.colorMode.metric : null)),
  single('label', (v, s) => void (EDGE_LABELS.includes(s) && (v.edgeLabel = s as EdgeLabelKind)), (v) => (v.edgeLabel !== 'count' ? v.edgeLabel : null)),
  single('dir', (v, s) => void (v.direction = s === 'TB' ? 'TB' : 'LR'), (v) => (v.direction !== 'LR' ? v.direction : null)),
  single('split', (v, s) => void (v.splitByPid = s === 'pid'), (v) => (v.splitByPid ? 'pid' : null)),
  single('threads', (v, s) => void (v.singleThread = s === '1'), (v) => (v.singleThread ? '1' : null)),
  single('thresholds', (v, s) => void (v.thresholds = s.trim()), (v) => compactJson(v.thresholds.trim()) || null),
  single('time', (v, s) => void (v.time = timeOf(s)), (v) => (v.time && (v.time.from !== null || v.time.to !== null) ? formatTimeWindow(v.time) : null)),
  single('sel', (v, s) => void (v.selection = parseSelection(s)), (v) => (v.selection ? selectionText(v.selection) : null)),
  // last: the longest value, and the one a reader of the link should see at the end
  single('custom', (v, s) => void (v.mapping.custom = s.trim() ? s : null), (v) => m(v).custom),
];

const BY_KEY = new Map(KEYS.map((k) => [k.key, k]));

/** The view keys, in the order they are written. */
export const VIEW_KEYS: readonly string[] = ['v', ...KEYS.map((k) => k.key)];

/** A fresh copy of the default view (its lists may be pushed to). */
export function defaultView(): View {
  const d = DEFAULT_VIEW;
  return { ...d, mapping: { ...d.mapping, include: [], exclude: [], calls: [], excludeCalls: [], rewrites: [] }, caseFilters: [] };
}

// ---- query syntax (application/x-www-form-urlencoded, as URLSearchParams; written here because the
// session is runtime-free: ES2022 has no URLSearchParams type) ----

const dec = (s: string): string => {
  const t = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(t);
  } catch {
    return t; // a stray `%`: keep the text as it is
  }
};
/** As URLSearchParams writes it (space → `+`, `!'()~` escaped), with `/`, `:` and `,` left readable. */
const enc = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
    .replace(/%2F/g, '/')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',');

/** Text → key/value pairs in order: accepts `#…`, `?…`, a bare query, or a whole link (what follows `#`). */
function params(text: string): [string, string][] {
  const hash = text.indexOf('#');
  const q = hash >= 0 ? text.slice(hash + 1) : text.replace(/^\?/, '');
  return q
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [dec(part), ''] : [dec(part.slice(0, eq)), dec(part.slice(eq + 1))];
    });
}

/** Applies `key=value` occurrences to a view, in order (a copy; unknown keys ignored). */
export function applyKeys(base: View, pairs: Iterable<readonly [string, string]>): View {
  const v: View = {
    ...base,
    mapping: { ...base.mapping, include: [...base.mapping.include], exclude: [...base.mapping.exclude], calls: [...base.mapping.calls], excludeCalls: [...base.mapping.excludeCalls], rewrites: [...base.mapping.rewrites] },
    caseFilters: [...base.caseFilters],
  };
  for (const [k, s] of pairs) BY_KEY.get(k)?.read(v, s);
  return v;
}

/**
 * Parses the text form. A partition without `metric`/`color` is shown in the partition colours.
 * Throws for a version this code does not know (a link from a newer strace-dfg).
 */
export function parseView(text: string): View {
  const q = params(text);
  const has = (k: string): boolean => q.some(([key]) => key === k);
  const version = q.filter(([k]) => k === 'v').pop()?.[1];
  if (version !== undefined && version !== String(VIEW_VERSION)) throw new Error(`view version v=${version} is not known (this strace-dfg reads v=${VIEW_VERSION})`);
  const v = applyKeys(defaultView(), q);
  if (!has('color') && !has('metric') && (v.green || v.red)) v.colorMode = { kind: 'partition' };
  return v;
}

const NONE: ReadonlySet<string> = new Set();
/** The keys of display settings: they do not change the numbers of an analysis. */
const DISPLAY_KEYS: ReadonlySet<string> = new Set(['activities', 'paths', 'rank', 'metric', 'color', 'label', 'dir', 'threads', 'sel']);

/** The text form of a view: `v=1&…` with only what differs from the defaults (and without the `omit`
 * keys); '' for the default view. */
export function formatView(v: View, omit: ReadonlySet<string> = NONE): string {
  const out: string[] = [];
  for (const k of KEYS) if (!omit.has(k.key)) for (const s of k.write(v)) out.push(`${k.key}=${enc(s)}`);
  return out.length ? `v=${VIEW_VERSION}&${out.join('&')}` : '';
}

/**
 * The URL hash of the app: like parseView, but a custom mapping is returned apart (the app never runs one
 * from a link before the user confirms it) and a bad version gives the default view.
 */
export function parseHash(hash: string): { view: View; custom: string | null } {
  let view: View;
  try {
    view = parseView(hash);
  } catch {
    view = defaultView();
  }
  const custom = view.mapping.custom;
  return { view: { ...view, mapping: { ...view.mapping, custom: null } }, custom };
}
export const toHash = formatView;

/** What the Session analyses for a view. */
export function analyzeParams(v: Pick<View, 'mapping' | 'green' | 'red' | 'caseFilters'> & Partial<Pick<View, 'time' | 'hideUnassigned'>>): AnalyzeParams {
  const partition = v.green || v.red ? { green: v.green, red: v.red, ...(v.hideUnassigned ? { hideUnassigned: true } : {}) } : null;
  return { mapping: v.mapping, partition, caseFilters: v.caseFilters, time: v.time ?? null };
}

/**
 * The view text form of what made an analysis (the analysis JSON's `view`, docs/FORMATS.md "CLI JSON
 * output"): its mapping, partition selectors, case filters, time window, split by pid and insight
 * thresholds (JSON text), hidden unassigned cases; display settings (sliders, colours, label, direction)
 * do not change the numbers and are left out.
 */
export function analysisView(p: AnalyzeParams, splitByPid: boolean, thresholds: string): string {
  return formatView({
    ...defaultView(),
    mapping: p.mapping,
    green: p.partition?.green ?? '',
    red: p.partition?.red ?? '',
    hideUnassigned: !!p.partition?.hideUnassigned,
    caseFilters: p.caseFilters,
    time: p.time ?? null,
    splitByPid,
    thresholds,
  }, DISPLAY_KEYS);
}

/** A `time` value: `FROM..TO` (either side may be empty); junk (or an empty window) = no window. */
function timeOf(s: string): TimeWindow | null {
  try {
    const w = parseTimeWindow(s);
    return w.from === null && w.to === null ? null : w;
  } catch {
    return null;
  }
}
