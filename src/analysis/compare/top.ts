/**
 * The top differences of a comparison as sentences (docs/METHOD.md "Comparing green and red"): first the
 * run time and the share of it in traced calls, then the activities and edges with the largest |effect|
 * among the significant tests (q < 0.05), one sentence per element; without tests (a side with < 2 cases)
 * the elements found on one side only and the largest ratios. Each sentence names what it refers to.
 */
import { durationSlot, formatBytes, formatPercent } from '../../lib/format';
import type { CaseMetric, CompareResult, CompareRow, ElementMetric, TestResult, TopDifference } from './types';

export const ALPHA = 0.05;

/** 3 significant digits, no exponent below 1e-3 … 1e6. */
function num(x: number): string {
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 100) return Math.round(x).toLocaleString('en-US');
  return Number(x.toPrecision(3)).toString();
}

function qText(q: number | null): string {
  if (q === null) return 'no test';
  if (q < 0.001) return `q = ${q.toExponential(1)}`;
  return `q = ${q < 0.01 ? q.toFixed(3) : q.toFixed(2)}`;
}

/** "every green case above every red case" / "every red case above …" / "green above red in 80 % of case pairs". */
export function dominance(t: TestResult): string {
  if (t.effect === null) return '';
  if (t.effect === -1) return 'every green case above every red case';
  if (t.effect === 1) return 'every red case above every green case';
  const pGreater = (1 - t.effect) / 2;
  return pGreater >= 0.5 ? `green above red in ${Math.round(pGreater * 100)} % of case pairs` : `red above green in ${Math.round((1 - pGreater) * 100)} % of case pairs`;
}

/** ", complete separation, n = 4 vs 4" when the test says so (docs/METHOD.md "Complete separation"). */
export function separationText(t: Pick<TestResult, 'separated'>, nG: number, nR: number): string {
  return t.separated ? ` (complete separation, n = ${nG} vs ${nR})` : '';
}

/** "15× longer in red", "3× more in green", "only in red". */
function times(g: number, r: number, word: string): string {
  if (g === 0 && r === 0) return 'equal';
  if (g === 0) return 'only in red';
  if (r === 0) return 'only in green';
  const k = r / g;
  return k >= 1 ? `${num(k)}× ${word} in red` : `${num(1 / k)}× ${word} in green`;
}

const fmt: Record<ElementMetric, (x: number) => string> = {
  count: (x) => `${num(x)}`,
  bytes: (x) => formatBytes(x),
  time: (x) => durationSlot(x),
};
const unit: Record<ElementMetric, string> = { count: ' per case', bytes: ' per case', time: ' per case in calls' };

function elementSentence(row: CompareRow, m: ElementMetric, nG: number, nR: number): string {
  const mean = row.mean[m]!;
  const t = row.tests[m]!;
  const name = row.kind === 'edge' ? `${row.source} → ${row.target}` : row.id;
  const what = m === 'count' ? (row.kind === 'edge' ? ' transition' : ' call') + (mean.green === 1 ? '' : 's') : '';
  let s = `${name} — ${fmt[m](mean.green)}${what}${unit[m]} in green vs ${fmt[m](mean.red)} in red (${times(mean.green, mean.red, m === 'time' ? 'longer' : 'more')})`;
  if (m === 'time' && row.green.meanDur !== null && row.red.meanDur !== null) {
    s += `; mean duration ${durationSlot(row.green.meanDur)} vs ${durationSlot(row.red.meanDur)} (${times(row.green.meanDur, row.red.meanDur, 'longer')})`;
  }
  const dom = dominance(t);
  return `${s}${dom ? `, ${dom}${separationText(t, nG, nR)}` : ''}, ${qText(t.q)}`;
}

function caseSentences(res: CompareResult): TopDifference[] {
  const out: TopDifference[] = [];
  const g = res.green.stats;
  const r = res.red.stats;
  const wt = res.caseTests.wall;
  if (g.wall.median !== null && r.wall.median !== null) {
    const ratio = g.wall.median > 0 ? r.wall.median / g.wall.median : Infinity;
    const sig = wt.q !== null && wt.q < ALPHA;
    // with tests: only a significant or completely separated difference; without: a ratio of 2 either way
    if (sig || wt.separated || (!res.testable && (ratio >= 2 || ratio <= 0.5))) {
      const slower = ratio >= 1 ? 'red' : 'green';
      const dom = dominance(wt);
      out.push({
        kind: 'case',
        ref: null,
        metric: 'wall',
        effect: wt.effect,
        q: wt.q,
        ...(wt.separated ? { separated: true } : {}),
        text: `${slower} runs took ${durationSlot(slower === 'red' ? r.wall.median : g.wall.median)} vs ${durationSlot(slower === 'red' ? g.wall.median : r.wall.median)} (median wall time, ${times(g.wall.median, r.wall.median, 'longer')})${dom ? `, ${dom}${separationText(wt, res.green.ids.length, res.red.ids.length)}` : ''}, ${qText(wt.q)}`,
      });
    }
  }
  const nG = res.green.ids.length;
  const nR = res.red.ids.length;
  /** A case measure that differs: significant or completely separated; without tests, a ratio of 2 either way. */
  const differs = (m: 'untraced' | 'traced'): boolean => {
    const t = res.caseTests[m];
    const a = g[m].median;
    const b = r[m].median;
    if (a === null || b === null) return false;
    if (res.testable) return (t.q !== null && t.q < ALPHA) || t.separated === true;
    return a > 0 && b > 0 ? b / a >= 2 || a / b >= 2 : a !== b;
  };
  const tail = (m: CaseMetric): string => {
    const t = res.caseTests[m];
    const dom = dominance(t);
    return `${dom ? `, ${dom}${separationText(t, nG, nR)}` : ''}, ${qText(t.q)}`;
  };
  const entry = (m: CaseMetric, text: string): TopDifference => {
    const t = res.caseTests[m];
    return { kind: 'case', ref: null, metric: m, effect: t.effect, q: t.q, ...(t.separated ? { separated: true } : {}), text };
  };
  // untraced time: the wall time in which no traced call ran, with the share in calls when it is small
  if (differs('untraced')) {
    const more = r.untraced.median! >= g.untraced.median! ? 'red' : 'green';
    const st = more === 'red' ? r : g;
    const os = more === 'red' ? g : r;
    const c = st.coverage.median;
    const lead =
      c !== null && c < 0.5
        ? `only ${formatPercent(c, c < 0.1 ? 1 : 0)} of ${more} wall time is in traced calls — the rest is computation or calls not traced${os.coverage.median !== null ? ` (${more === 'red' ? 'green' : 'red'}: ${formatPercent(os.coverage.median, 0)})` : ''}: `
        : `${more} runs spent more time outside every traced call: `;
    const where = res.untracedWhere?.[more];
    out.push(entry('untraced', `${lead}${durationSlot(st.untraced.median)} vs ${durationSlot(os.untraced.median)} untraced per run (median)${tail('untraced')}${where ? `; the largest ${more} gap: ${where}` : ''}`));
  } else if (!res.testable) {
    // one case a side: no test, the share in calls when it is small (as before tests were possible)
    for (const [side, st, other, os] of [['red', r, 'green', g] as const, ['green', g, 'red', r] as const]) {
      const c = st.coverage.median;
      if (c === null || c >= 0.5) continue;
      const oc = os.coverage.median;
      out.push(entry('coverage', `only ${formatPercent(c, c < 0.1 ? 1 : 0)} of ${side} wall time is in traced calls — the rest is computation or calls not traced${oc !== null ? ` (${other}: ${formatPercent(oc, 0)})` : ''}, no test`));
    }
  }
  // traced time: the time in calls (their union)
  if (differs('traced')) {
    const more = r.traced.median! >= g.traced.median! ? 'red' : 'green';
    out.push(entry('traced', `${more} runs spent ${durationSlot(more === 'red' ? r.traced.median : g.traced.median)} vs ${durationSlot(more === 'red' ? g.traced.median : r.traced.median)} in traced calls (median per run, ${times(g.traced.median!, r.traced.median!, 'more')})${tail('traced')}`));
  }
  return out;
}

/** The structural sentences (all of them: one per kind of difference, few by construction). */
function structuralSentences(res: CompareResult): TopDifference[] {
  return (res.structural ?? []).map((s) => {
    const refs = s.activities.length ? s.activities : s.edges;
    return { kind: 'structure', ref: refs[0] ?? null, refs: [...refs], metric: 'structure', effect: null, q: null, text: s.text };
  });
}

/** "like for like: …" for each alignment (its text set here), the call with the most time compared. */
function alignSentences(res: CompareResult): TopDifference[] {
  const nG = res.green.ids.length;
  const nR = res.red.ids.length;
  return (res.alignments ?? []).map((a) => {
    let text = `like for like: ${a.green} in green and ${a.red} in red have the same calls (${a.calls.map((c) => c.call).join(', ')}): rewrite both to ${a.label}`;
    const c = a.calls[0];
    const t = c.test;
    // the call with the most time, then up to two more whose difference per call or per case stands
    const said = a.calls.filter((x, i) => x.meanDur.green && x.meanDur.red && (i === 0 || (x.perCall?.test.q ?? 1) < ALPHA || x.test?.separated)).slice(0, 3);
    said.forEach((x, i) => {
      const g = x.meanDur.green!;
      const r = x.meanDur.red!;
      const pc = x.perCall?.test;
      const k = g >= r ? `${num(g / r)}× longer per call in green` : `${num(r / g)}× longer per call in red`;
      text += `${i === 0 ? '; there' : ';'} ${x.call} takes ${k} (mean ${durationSlot(g)} vs ${durationSlot(r)}${pc?.q != null ? `, per call ${qText(pc.q)}` : ''})`;
      if (x.time.green !== null && x.time.red !== null) text += `, ${durationSlot(x.time.green)} vs ${durationSlot(x.time.red)} per case`;
      const dom = x.test ? dominance(x.test) : '';
      if (x.test) text += `${dom ? `, ${dom}${separationText(x.test, nG, nR)}` : ''}, ${qText(x.test.q)}`;
    });
    a.text = text;
    return { kind: 'align', ref: c.green, refs: a.calls.flatMap((x) => [x.green, x.red]), metric: 'time', effect: t?.effect ?? null, q: t?.q ?? null, ...(t?.separated ? { separated: true } : {}), text };
  });
}

export function topDifferences(res: CompareResult, limit: number): TopDifference[] {
  const first = [...structuralSentences(res), ...alignSentences(res)];
  /** Activities a structural sentence names: their own rows and the edges that touch them say nothing more. */
  const said = new Set(first.flatMap((t) => t.refs ?? []));
  const out = caseSentences(res);
  const cands: { row: CompareRow; m: ElementMetric; t: TestResult }[] = [];
  for (const row of [...res.activities, ...res.edges]) {
    if (said.has(row.id) || (row.kind === 'edge' && (said.has(row.source!) || said.has(row.target!)))) continue;
    let best: { m: ElementMetric; t: TestResult } | null = null;
    for (const [m, t] of Object.entries(row.tests) as [ElementMetric, TestResult][]) {
      // significant, or completely separated (the most 3–4 cases a side can show), whatever q
      if (res.testable ? (t.q === null || t.q >= ALPHA) && !t.separated : false) continue;
      const score = (x: TestResult): number => Math.abs(x.effect ?? 0) - (x.q ?? 1) * 1e-3;
      if (best === null || score(t) > score(best.t) || (score(t) === score(best.t) && m === 'time')) best = { m, t };
    }
    if (best) cands.push({ row, ...best });
  }
  const logRatio = (c: { row: CompareRow; m: ElementMetric }): number => {
    const mean = c.row.mean[c.m]!;
    if (mean.green === 0 || mean.red === 0) return Infinity;
    return Math.abs(Math.log(mean.red / mean.green));
  };
  cands.sort(
    (x, y) =>
      Math.abs(y.t.effect ?? 0) - Math.abs(x.t.effect ?? 0) ||
      (x.row.kind === y.row.kind ? 0 : x.row.kind === 'activity' ? -1 : 1) ||
      (x.t.q ?? 1) - (y.t.q ?? 1) ||
      logRatio(y) - logRatio(x),
  );
  for (const c of cands) {
    if (out.length >= limit) break;
    if (!res.testable && c.row.side === 'both' && logRatio(c) < Math.log(2)) continue;
    const sep = c.t.separated ? { separated: true } : {};
    out.push({ kind: c.row.kind as 'activity' | 'edge', ref: c.row.id, metric: c.m, effect: c.t.effect, q: c.t.q, ...sep, text: elementSentence(c.row, c.m, res.green.ids.length, res.red.ids.length) });
  }
  return [...first, ...out];
}
