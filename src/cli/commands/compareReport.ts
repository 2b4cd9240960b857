/** The text output of `strace-dfg compare`: the top differences, per-side medians, then the table. */
import type { CompareResult, CompareRow, ElementMetric, Spread } from '../../analysis/compare/types';
import { formatBytes, formatCount, formatDuration, formatPercent, reportText } from '../../lib/format';
import { safe } from '../text';

/** One shell word: single-quoted (a ' inside as '\''). */
const shellQuote = (s: string): string => `'${s.replace(/'/g, "'\\''")}'`;

function pad(s: string, n: number, right = false): string {
  const w = [...s].length;
  if (w >= n) return s;
  return right ? ' '.repeat(n - w) + s : s + ' '.repeat(n - w);
}

function table(head: string[], rows: string[][], numeric: boolean[]): string {
  const w = head.map((h, i) => Math.max([...h].length, ...rows.map((r) => [...r[i]].length)));
  const line = (r: string[]) => r.map((c, i) => pad(c, w[i], numeric[i])).join('  ').trimEnd();
  return [line(head), line(w.map((n) => '-'.repeat(n))), ...rows.map(line)].join('\n');
}

const spreadText = (s: Spread, fmt: (x: number) => string): string => (s.median === null ? '–' : s.min === s.max ? fmt(s.median) : `${fmt(s.median)} (${fmt(s.q1!)}–${fmt(s.q3!)})`);
const q = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x < 0.001 ? x.toExponential(1) : x.toFixed(3));
const eff = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x.toFixed(2));

function metricFmt(m: ElementMetric): (x: number) => string {
  if (m === 'bytes') return formatBytes;
  if (m === 'time') return formatDuration;
  return (x) => (x >= 100 ? formatCount(x) : Number(x.toPrecision(3)).toString());
}

const sep = (r: CompareRow, m: ElementMetric): string => (r.tests[m]?.separated ? ' sep' : '');

function rowCells(r: CompareRow, m: ElementMetric): string[] {
  const mean = r.mean[m];
  const t = r.tests[m];
  const f = metricFmt(m);
  const pc = m === 'time' ? r.perCall : undefined;
  const perCall = m === 'time' ? [pc ? `${formatDuration(pc.green.median)} / ${formatDuration(pc.red.median)}` : '–', q(pc?.test.q)] : [];
  return [
    safe(r.kind === 'edge' ? `${r.source} → ${r.target}` : r.id),
    r.side,
    `${r.green.cases}/${r.red.cases}`,
    mean ? f(mean.green) : '–',
    mean ? f(mean.red) : '–',
    eff(t?.effect) + sep(r, m),
    q(t?.q),
    ...perCall,
  ];
}

export interface CompareReportOptions {
  /** Rows per table (0 = all). */
  top: number;
  label: string;
}

export function compareReport(res: CompareResult, o: CompareReportOptions): string {
  const out: string[] = [];
  out.push(`Compare ${o.label}: ${res.green.ids.length} green and ${res.red.ids.length} red cases`);
  if (res.note) out.push(res.note);
  out.push('', 'Top differences:');
  if (res.top.length === 0) out.push('  (none: nothing in every case of one side only, no test with q < 0.05, no complete separation)');
  res.top.forEach((t, i) => out.push(`  ${i + 1}. ${safe(reportText(t.text))}`));
  for (const a of res.alignments ?? []) {
    out.push('', `Like for like: ${safe(a.green)} (green) and ${safe(a.red)} (red) — compare them as one with`);
    out.push(`  ${a.rewrites.map((r) => `--rewrite ${shellQuote(`${r.pattern} => ${r.label}`)}`).join(' ')}`);
  }
  out.push('', 'Per case, median (quartiles):');
  const cm: [string, keyof CompareResult['caseTests'], (x: number) => string][] = [
    ['wall time', 'wall', formatDuration],
    ['traced time', 'traced', formatDuration],
    ['untraced time', 'untraced', formatDuration],
    ['coverage', 'coverage', (x) => formatPercent(x, 0)],
    ['events', 'events', formatCount],
    ['bytes read', 'bytesRead', formatBytes],
    ['bytes written', 'bytesWritten', formatBytes],
    ['failed calls', 'failures', formatCount],
  ];
  out.push(
    table(
      ['measure', 'green', 'red', 'effect', 'q'],
      cm.map(([label, k, f]) => [label, spreadText(res.green.stats[k], f), spreadText(res.red.stats[k], f), eff(res.caseTests[k].effect), q(res.caseTests[k].q)]),
      [false, true, true, true, true],
    ),
  );
  const limit = (n: number) => (o.top > 0 ? Math.min(n, o.top) : n);
  const head = (what: string, m: string) => [what, 'side', 'cases G/R', `G ${m}/case`, `R ${m}/case`, 'effect', 'q', ...(m === 'time' ? ['per call: median G / R', 'q per call'] : [])];
  const num = [false, false, true, true, true, true, true, true, true];
  for (const m of ['time', 'count', 'bytes'] as ElementMetric[]) {
    const rows = res.activities.filter((r) => r.tests[m] !== undefined);
    if (!rows.length) continue;
    const sorted = [...rows].sort((a, b) => (a.tests[m]!.q ?? 2) - (b.tests[m]!.q ?? 2) || Math.abs(b.tests[m]!.effect ?? 0) - Math.abs(a.tests[m]!.effect ?? 0));
    out.push('', `Activities by ${m === 'time' ? 'time in calls (Σ dur)' : m === 'count' ? 'events' : 'bytes'} per case (${rows.length}${limit(rows.length) < rows.length ? `, first ${limit(rows.length)}` : ''}):`);
    out.push(table(head('activity', m), sorted.slice(0, limit(rows.length)).map((r) => rowCells(r, m)), num));
  }
  out.push('', `Edges by transitions per case (${res.edges.length}${limit(res.edges.length) < res.edges.length ? `, first ${limit(res.edges.length)}` : ''}):`);
  out.push(table(head('edge', 'count'), res.edges.slice(0, limit(res.edges.length)).map((r) => rowCells(r, 'count')), num));
  out.push('', "effect = Cliff's delta over cases (+1: every red case above every green case; sep = complete separation, ≥ 3 cases a side); q = Benjamini–Hochberg over all tests;");
  out.push('per call = every call of the side\'s cases, green against red (calls of one run are not independent: a slower call, not a slower run); binary units.');
  if (res.perCallNote) out.push(res.perCallNote);
  return out.join('\n') + '\n';
}
