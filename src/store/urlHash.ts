/**
 * Settings in the URL hash, so a colleague opening the link and dropping the same files sees the same view:
 * `#depth=2&filter=/scratch&exclude=re:^/proc&calls=read,write&green=cid:a&red=cid:b&metric=rd&label=count&dir=LR`.
 * Repeated `filter`/`exclude` keys add filters; `re:` marks a regex. `custom=` carries a custom mapping that
 * is never run before the user confirms it.
 */
import { DEFAULT_MAPPING, type MappingSpec, type PathFilter, type RewriteRule } from '../analysis/types';
import { isMetricId, metric as metricDef } from '../analysis/metrics';
import type { ColorMode, EdgeLabelKind, Metric } from '../ui/contracts';

export interface ViewSettings {
  mapping: MappingSpec;
  green: string;
  red: string;
  colorMode: ColorMode;
  edgeLabel: EdgeLabelKind;
  direction: 'LR' | 'TB';
  splitByPid: boolean;
  /** `threads=1`: parse in the coordinating worker only, no pool (to compare against the pool). */
  singleThread: boolean;
}

export const DEFAULT_VIEW: ViewSettings = {
  mapping: DEFAULT_MAPPING,
  green: '',
  red: '',
  colorMode: { kind: 'metric', metric: 'rd' },
  edgeLabel: 'count',
  direction: 'LR',
  splitByPid: false,
  singleThread: false,
};

const LABELS: EdgeLabelKind[] = ['count', 'cases', 'gap'];

const filterToText = (f: PathFilter): string => (f.kind === 'regex' ? `re:${f.pattern}` : f.pattern);
const filterFromText = (s: string): PathFilter => (s.startsWith('re:') ? { kind: 'regex', pattern: s.slice(3) } : { kind: 'substring', pattern: s });

/** Parses a hash (with or without `#`). `custom` is returned apart: it needs confirmation. */
export function parseHash(hash: string): { view: ViewSettings; custom: string | null } {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const mapping: MappingSpec = { ...DEFAULT_MAPPING, include: [], exclude: [], calls: [], excludeCalls: [], rewrites: [] };
  const depth = q.get('depth');
  if (depth !== null && /^\d{1,2}$/.test(depth)) mapping.depth = Number(depth);
  mapping.include = q.getAll('filter').filter(Boolean).map(filterFromText);
  mapping.exclude = q.getAll('exclude').filter(Boolean).map(filterFromText);
  const list = (k: string): string[] => (q.get(k) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  mapping.calls = list('calls');
  mapping.excludeCalls = list('xcalls');
  mapping.rewrites = q.getAll('rewrite').flatMap((r): RewriteRule[] => {
    const at = r.indexOf('=>');
    if (at < 0) return [];
    const pat = r.slice(0, at);
    const label = r.slice(at + 2);
    return [pat.startsWith('re:') ? { kind: 'regex', pattern: pat.slice(3), label } : { kind: 'prefix', pattern: pat, label }];
  });
  const metric = q.get('metric') as Metric | null;
  const color = q.get('color');
  const colorMode: ColorMode =
    color === 'partition' ? { kind: 'partition' } : { kind: 'metric', metric: isMetricId(metric) && metricDef(metric).canColor ? metric : 'rd' };
  const label = q.get('label') as EdgeLabelKind | null;
  const green = q.get('green') ?? '';
  const red = q.get('red') ?? '';
  const view: ViewSettings = {
    mapping,
    green,
    red,
    // A partition in the link shows the partition colours unless a metric colouring was asked for.
    colorMode: color === null && metric === null && (green || red) ? { kind: 'partition' } : colorMode,
    edgeLabel: label && LABELS.includes(label) ? label : 'count',
    direction: q.get('dir') === 'TB' ? 'TB' : 'LR',
    splitByPid: q.get('split') === 'pid',
    singleThread: q.get('threads') === '1',
  };
  const custom = q.get('custom');
  return { view, custom: custom && custom.trim() ? custom : null };
}

/** The hash for a view (only what differs from the defaults). */
export function toHash(v: ViewSettings): string {
  const q = new URLSearchParams();
  const m = v.mapping;
  if (m.depth !== DEFAULT_MAPPING.depth) q.set('depth', String(m.depth));
  for (const f of m.include) q.append('filter', filterToText(f));
  for (const f of m.exclude) q.append('exclude', filterToText(f));
  if (m.calls.length) q.set('calls', m.calls.join(','));
  if (m.excludeCalls.length) q.set('xcalls', m.excludeCalls.join(','));
  for (const r of m.rewrites) q.append('rewrite', `${r.kind === 'regex' ? 're:' : ''}${r.pattern}=>${r.label}`);
  if (v.green) q.set('green', v.green);
  if (v.red) q.set('red', v.red);
  if (v.colorMode.kind === 'partition') q.set('color', 'partition');
  else if (v.colorMode.metric !== 'rd') q.set('metric', v.colorMode.metric);
  if (v.edgeLabel !== 'count') q.set('label', v.edgeLabel);
  if (v.direction !== 'LR') q.set('dir', v.direction);
  if (v.splitByPid) q.set('split', 'pid');
  if (v.singleThread) q.set('threads', '1');
  if (m.custom) q.set('custom', m.custom);
  // Keep `/` and `:` readable in links.
  return q.toString().replace(/%2F/g, '/').replace(/%3A/g, ':').replace(/%2C/g, ',');
}
