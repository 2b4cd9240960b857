/**
 * ONE text form of the whole view, shared by the URL hash, the mapping editor, the partition picker and
 * the CLI (`--view`, and every view option of `analyze`, which is a key of this form):
 *
 *   v=1&depth=3&filter=/scratch&exclude=re:^/proc&calls=read,write&xcalls=close&rewrite=/scratch/u=>$S
 *   &custom=…&green=cid:a&red=ids:x,y&keep=with:read:/etc&keep=without:…&activities=20&paths=5&rank=rd
 *   &unassigned=hide&metric=bytes&color=partition (or diff-count, diff-bytes, diff-time)&label=gap&dir=TB&split=pid&threads=1
 *   &sel=read:/etc (a node) or sel=read:/etc -> write:/dev/pts (an edge)
 *
 * URL query syntax (as URLSearchParams reads it): keys in any order, list keys repeat and add, single keys:
 * the last one wins. Only what differs from DEFAULT_VIEW is written, after `v=1`. Each key reads its value
 * strictly (viewKeys.ts): the CLI refuses a bad value or an unknown key (`readView(text, 'strict')`), a link
 * skips them and names what it skipped (`'lenient'`). docs/FORMATS.md "The view text form" documents
 * every key. Adding a key = one entry in KEYS (viewKeys.ts) and a field of View with its default
 * (viewTypes.ts). `plan(view)` splits a view into what loads, what is analysed and what is only displayed.
 */
import { changedThresholds, DEFAULT_THRESHOLDS, type Thresholds } from '../analysis/insights/thresholds';
import type { AnalyzeParams } from './types';
import { BY_KEY, KEYS, ViewValueError, type KeyPart } from './viewKeys';
import { copyView, DEFAULT_VIEW, VIEW_VERSION, type View } from './viewTypes';
import { enc, queryPairs } from './viewText';

export { caseFilterText, filterText, idsSelector, parseCaseFilter, parseFilter, parseIdList, parseList, parseRewrite, parseSelection, rewriteText, selectionText, type Selection } from './viewText';
export { DEFAULT_VIEW, VIEW_VERSION, type ColorMode, type DiffMetric, type EdgeLabelKind, type Metric, type RankBy, type View } from './viewTypes';
export { COUNT_MAX, DEPTH_MAX, ViewValueError } from './viewKeys';
// the thresholds' text form (a view holds them parsed): the store and the panels read and write it
export { thresholdOverrides, thresholdsJson } from '../analysis/insights/thresholds';

/** The view keys, in the order they are written. */
export const VIEW_KEYS: readonly string[] = ['v', ...KEYS.map((k) => k.key)];

/** A fresh copy of the default view (its lists may be pushed to). */
export const defaultView = (): View => copyView();

/** A key of a link that was not applied: its value (or the key itself) is not one this code reads. */
export interface Ignored {
  key: string;
  value: string;
  /** One line: what the key allows (`depth expects an integer from 0 to 32, got '100'`), or `unknown key`. */
  why: string;
}

/** A view text with a bad value or an unknown key, read strictly (the CLI's `--view`). */
export class ViewError extends Error {
  override name = 'ViewError';
}

/**
 * Applies `key=value` occurrences to a copy of `base`, in order. `strict`: the first unknown key or value
 * a key does not allow throws ViewError (one line naming it); `lenient`: they are skipped and returned.
 */
export function readKeys(base: View, pairs: Iterable<readonly [string, string]>, mode: 'strict' | 'lenient'): { view: View; ignored: Ignored[] } {
  const view = copyView(base);
  const ignored: Ignored[] = [];
  for (const [key, value] of pairs) {
    if (key === 'v') continue;
    const k = BY_KEY.get(key);
    let why: string;
    if (!k) why = `unknown key '${key}'`;
    else {
      try {
        k.apply(view, k.parse(value));
        continue;
      } catch (e) {
        if (!(e instanceof ViewValueError)) throw e;
        why = e.say(key, value);
      }
    }
    if (mode === 'strict') throw new ViewError(k ? why : `${why} (known: ${VIEW_KEYS.join(', ')})`);
    ignored.push({ key, value, why });
  }
  return { view, ignored };
}

/**
 * Reads the text form (`#…`, `?…`, a bare query, or a whole link). A partition without `metric`/`color` is
 * shown in the partition colours. Throws ViewError for a version this code does not know (a link from a
 * newer strace-dfg) and, `strict`, for an unknown key or a bad value; `lenient` names those in `ignored`.
 */
export function readView(text: string, mode: 'strict' | 'lenient'): { view: View; ignored: Ignored[] } {
  const q = queryPairs(text);
  const has = (k: string): boolean => q.some(([key]) => key === k);
  const version = q.filter(([k]) => k === 'v').pop()?.[1];
  if (version !== undefined && version !== String(VIEW_VERSION)) throw new ViewError(`view version v=${version} is not known (this strace-dfg reads v=${VIEW_VERSION})`);
  const r = readKeys(DEFAULT_VIEW, q, mode);
  if (!has('color') && !has('metric') && (r.view.green || r.view.red)) r.view.colorMode = { kind: 'partition' };
  return r;
}

/** readView, lenient: what a link gives (junk values and unknown keys skipped). */
export const parseView = (text: string): View => readView(text, 'lenient').view;

const NONE: ReadonlySet<string> = new Set();
/** The keys of display settings: they do not change the numbers of an analysis. */
const DISPLAY_KEYS: ReadonlySet<string> = new Set(KEYS.filter((k) => k.part === 'display').map((k) => k.key));

/** The text form of a view: `v=1&…` with only what differs from the defaults (and without the `omit`
 * keys); '' for the default view. */
export function formatView(v: View, omit: ReadonlySet<string> = NONE): string {
  const out: string[] = [];
  for (const k of KEYS) if (!omit.has(k.key)) for (const s of k.write(v)) out.push(`${k.key}=${enc(s)}`);
  return out.length ? `v=${VIEW_VERSION}&${out.join('&')}` : '';
}

/**
 * The URL hash of the app: read leniently (`ignored` names what was skipped), a custom mapping returned
 * apart (the app never runs one from a link before the user confirms it); a bad version gives the
 * default view.
 */
export function parseHash(hash: string): { view: View; custom: string | null; ignored: Ignored[] } {
  let r: { view: View; ignored: Ignored[] };
  try {
    r = readView(hash, 'lenient');
  } catch (e) {
    r = { view: defaultView(), ignored: [{ key: 'v', value: '', why: (e as Error).message }] };
  }
  const custom = r.view.mapping.custom;
  return { view: { ...r.view, mapping: { ...r.view.mapping, custom: null } }, custom, ignored: r.ignored };
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
 * thresholds (those that differ from the defaults), hidden unassigned cases; display settings (sliders, colours, label, direction)
 * do not change the numbers and are left out.
 */
export function analysisView(p: AnalyzeParams, splitByPid: boolean, thresholds: Thresholds): string {
  return formatView({
    ...defaultView(),
    mapping: p.mapping,
    green: p.partition?.green ?? '',
    red: p.partition?.red ?? '',
    hideUnassigned: !!p.partition?.hideUnassigned,
    caseFilters: p.caseFilters,
    time: p.time ?? null,
    splitByPid,
    thresholds: changedThresholds(thresholds),
  }, DISPLAY_KEYS);
}

/** The parts of a view: what a change of each costs (reload the files, analyse again, or draw again). */
export interface ViewPlan {
  /** How the files are read (a change reads them again). */
  load: { splitByPid: boolean; singleThread: boolean };
  /** What the Session analyses, insight thresholds included (a change analyses again). */
  analyze: AnalyzeParams & { thresholds: Partial<Thresholds> };
  /** How the analysis is shown (no request to the Session). */
  display: Pick<View, 'activities' | 'paths' | 'rankBy' | 'colorMode' | 'edgeLabel' | 'direction' | 'selection' | 'groupBy'>;
}

/** A view split into its parts (its thresholds were checked when it was read: here only those that differ from the defaults are kept). */
export function plan(v: View): ViewPlan {
  return {
    load: { splitByPid: v.splitByPid, singleThread: v.singleThread },
    analyze: { ...analyzeParams(v), thresholds: changedThresholds({ ...DEFAULT_THRESHOLDS, ...v.thresholds }) },
    display: { activities: v.activities, paths: v.paths, rankBy: v.rankBy, colorMode: v.colorMode, edgeLabel: v.edgeLabel, direction: v.direction, selection: v.selection, groupBy: v.groupBy },
  };
}

/**
 * A cache key of what an analysis' parameters determine: equal keys, equal analyses (the plan builds
 * them in one field order). `except` leaves fields out (e.g. the overview draws the time window on every
 * event of the analysis: its key leaves `time` out).
 */
export function analysisKey(p: AnalyzeParams, except: readonly (keyof AnalyzeParams)[] = []): string {
  const rest: Partial<AnalyzeParams> = { ...p };
  for (const k of except) delete rest[k];
  return JSON.stringify(rest);
}

/** The keys of a part of the view (`load`, `analyze`, `display`). */
export const keysOf = (part: KeyPart): string[] => KEYS.filter((k) => k.part === part).map((k) => k.key);

