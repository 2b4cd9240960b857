/**
 * A view in words, for the empty page of a shared link ("this link will apply: …"): what differs from the
 * default view (src/session/view.ts), one line per part. Values from the link are returned as text and
 * rendered as text, never as HTML.
 */
import { metric } from '../analysis/metrics';
import { DEFAULT_MAPPING, type PathFilter } from '../analysis/types';
import { DEFAULT_VIEW, filterText, rewriteText, thresholdsJson, type View } from '../session/view';

export interface ViewLine {
  /** What the line is about: mapping, partition, case filter, time window, colour, graph, loading, insights. */
  part: string;
  text: string;
}

const filters = (list: readonly PathFilter[]): string => list.map(filterText).join(', ');

function mappingLines(v: View): string[] {
  const m = v.mapping;
  const out: string[] = [];
  const system = m.system ?? 'show';
  const pids = m.pids ?? 'raw';
  if (system === 'show' && pids === 'raw') out.push('the plain mapping: system files shown, raw paths');
  else {
    if (system !== DEFAULT_MAPPING.system) out.push(`system files: ${system}`);
    if (pids !== DEFAULT_MAPPING.pids) out.push('per-process paths kept raw');
  }
  if (m.depth !== DEFAULT_MAPPING.depth) out.push(`path depth ${m.depth === 0 ? 'whole paths' : m.depth}`);
  if (m.include.length) out.push(`only paths with ${filters(m.include)}`);
  if (m.exclude.length) out.push(`paths left out: ${filters(m.exclude)}`);
  if (m.calls.length) out.push(`only the calls ${m.calls.join(', ')}`);
  if (m.excludeCalls.length) out.push(`calls left out: ${m.excludeCalls.join(', ')}`);
  for (const r of m.rewrites) out.push(`rewrite ${rewriteText(r, ' ⇒ ')}`);
  return out;
}

function colourText(v: View): string | null {
  const c = v.colorMode;
  const d = DEFAULT_VIEW.colorMode;
  if (c.kind === 'partition') return v.green || v.red ? null : 'by partition';
  if (c.kind === 'difference') return `by the green − red difference of ${c.metric}`;
  if (d.kind === 'metric' && c.metric === d.metric) return v.green || v.red ? `by ${metric(c.metric).label}` : null;
  return `by ${metric(c.metric).label}`;
}

/** The parts of `v` that differ from the default view; `custom` is a custom mapping the app asks about. */
export function describeView(v: View, custom: string | null = null): ViewLine[] {
  const out: ViewLine[] = [];
  for (const text of mappingLines(v)) out.push({ part: 'mapping', text });
  const code = custom ?? v.mapping.custom;
  if (code) out.push({ part: 'mapping', text: `a custom mapping function (asked before it runs): ${code.length > 120 ? `${code.slice(0, 120)}…` : code}` });
  if (v.green || v.red) out.push({ part: 'partition', text: `green = ${v.green || 'none'}, red = ${v.red || 'none'}` });
  for (const f of v.caseFilters) {
    const text = f.keep === 'cases' ? `keep only the ${f.ids.length} case${f.ids.length === 1 ? '' : 's'} ${f.ids.slice(0, 5).join(', ')}${f.ids.length > 5 ? ', …' : ''}` : `keep the cases ${f.keep} ${f.activity}`;
    out.push({ part: 'case filter', text });
  }
  if (v.time && (v.time.from !== null || v.time.to !== null)) {
    const s = (x: number | null) => (x === null ? '' : `${x} s`);
    out.push({ part: 'time window', text: v.time.to === null ? `from ${s(v.time.from)}` : v.time.from === null ? `until ${s(v.time.to)}` : `${s(v.time.from)} to ${s(v.time.to)}` });
  }
  const colour = colourText(v);
  if (colour) out.push({ part: 'colour', text: colour });
  const graph: string[] = [];
  // the ranking is said when it is not the default (time first: rd)
  if (v.activities !== null) graph.push(`top ${v.activities} activities${v.rankBy !== DEFAULT_VIEW.rankBy ? ` by ${v.rankBy}` : ''}`);
  else if (v.rankBy !== DEFAULT_VIEW.rankBy) graph.push(`activities ranked by ${v.rankBy}`);
  if (v.paths !== null) graph.push(`edges with count ≥ ${v.paths}`);
  if (v.edgeLabel !== DEFAULT_VIEW.edgeLabel) graph.push(`edge labels: ${v.edgeLabel}`);
  if (v.direction !== DEFAULT_VIEW.direction) graph.push('top to bottom');
  if (graph.length) out.push({ part: 'graph', text: graph.join(', ') });
  if (v.splitByPid) out.push({ part: 'loading', text: 'one case per process (split by pid)' });
  if (v.singleThread) out.push({ part: 'loading', text: 'parse in one thread' });
  const thresholds = thresholdsJson(v.thresholds);
  if (thresholds) out.push({ part: 'insights', text: `thresholds ${thresholds}` });
  return out;
}
