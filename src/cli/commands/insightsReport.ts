/** The text output of `strace-dfg insights`: findings ranked by cost (docs/METHOD.md "Insights"), Drishti's layout (code, message, ↳ lines). */
import type { InsightsResult } from '../../analysis/insights/index';
import type { Finding, Unobservable } from '../../analysis/insights/types';
import { formatDuration, reportText } from '../../lib/format';
import { safe } from '../text';

const SIDE = { green: ' [only in green]', red: ' [only in red]', both: ' [green and red]' } as const;

export function insightsReport(r: InsightsResult, o: { cases: number; files: number; partitionLabel: string | null }): string {
  const out: string[] = [];
  const n = r.findings.length;
  out.push(`${n} insight${n === 1 ? '' : 's'} over ${o.cases} cases from ${o.files} files${o.partitionLabel ? ` (partition: ${o.partitionLabel})` : ''}`);
  if (r.countersOnly) out.push("(Darshan logs without a DXT trace: the rules read their counters; the rules of offsets and time need a DXT trace, DXT_ENABLE_IO_TRACE=1)");
  else if (r.events === 0) out.push('(no events in this time window or selection: nothing for the rules to judge)');
  else {
    if (!r.hasOffsets) out.push('(no file offsets in these traces: P08–P14 need them)');
    if (!r.hasDurations) out.push('(no durations: trace with -T for the time rules P17–P19, T07, T08)');
  }
  // the findings come ranked (docs/METHOD.md "Insights", "Cost"): those to act on by the time they account for
  const groups: [string, Finding[]][] = [
    ['HIGH and WARN, most time first', r.findings.filter((f) => f.level === 'HIGH' || f.level === 'WARN')],
    ['INFO', r.findings.filter((f) => f.level === 'INFO')],
    ['OK', r.findings.filter((f) => f.level === 'OK')],
  ];
  for (const [title, fs] of groups) {
    if (!fs.length) continue;
    out.push('', `${title} (${fs.length})`);
    for (const f of fs) {
      const tags = `${f.run ? ` [run ${safe(f.run)}]` : ''}${f.side ? SIDE[f.side] : ''}`;
      out.push(`  ▶ ${f.level} [${f.code}] ${safe(reportText(f.message))}${tags}  (${f.target}${f.cost ? `; ${costText(f.cost)}` : ''})`);
      for (const d of f.details.slice(0, 10)) out.push(`      ↪ ${safe(reportText(d))}`);
      if (f.cases.length) out.push(`      ↪ cases: ${f.cases.map((c) => `${safe(c.name)} (${(c.share * 100).toFixed(1)}%)`).join(', ')}`);
      for (const rec of f.recommendations) {
        out.push(`      ↪ Recommendation: ${safe(reportText(rec.text))}`);
        if (rec.snippet) for (const line of rec.snippet.code.split('\n')) out.push(`          ${safe(line)}`);
      }
    }
  }
  out.push('', `Not observable from ${r.unobservable.some((u) => u.code === 'M01') ? 'strace' : 'these Darshan logs'} (docs/METHOD.md "Insights"):`, ...unobservableLines(r.unobservable));
  return out.join('\n') + '\n';
}

/** "1.23 s, 45.6% of the wall time of its cases". */
export function costText(c: NonNullable<Finding['cost']>): string {
  return `${formatDuration(c.seconds)}, ${(c.share * 100).toFixed(1)}% of the wall time of its cases`;
}

/** One line per reason: the codes that share it (runs of numbers as ranges; a lone code with its title). */
export function unobservableLines(us: InsightsResult['unobservable']): string[] {
  const groups = new Map<string, Unobservable[]>();
  for (const u of us) {
    const g = groups.get(u.why);
    if (g) g.push(u);
    else groups.set(u.why, [u]);
  }
  return [...groups].map(([why, g]) => `  ${g.length === 1 ? `${g[0].code} ${g[0].title}` : codeRanges(g.map((u) => u.code))}: ${why}`);
}

/** ['M01', 'M02', 'M03', 'M05'] → 'M01–M03, M05'. */
function codeRanges(codes: string[]): string {
  const out: string[] = [];
  const num = (c: string): [string, number] => {
    const m = /^(\D*)(\d+)$/.exec(c);
    return m ? [m[1], Number(m[2])] : [c, NaN];
  };
  for (let i = 0; i < codes.length; ) {
    let j = i;
    const [p, n] = num(codes[i]);
    while (j + 1 < codes.length && num(codes[j + 1])[0] === p && num(codes[j + 1])[1] === n + (j + 1 - i)) j++;
    out.push(j - i >= 2 ? `${codes[i]}–${codes[j]}` : codes.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return out.join(', ');
}
