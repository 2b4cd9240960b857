/** The text reports of `strace-dfg replay`: what a replay folder holds, and a replay's fidelity. */
import { timeLine, type FidelityReport } from '../../analysis/replay/index';
import type { ReplayReply } from '../../session/replay';
import { formatBytes, formatCount } from '../../lib/format';
import { safe } from '../text';

/** Differences listed per case in the text report (--json has all). */
const SHOWN = 20;

/** stderr after --out: what was written and what the README says is not replayed. */
export function replaySummary(r: ReplayReply, dir: string, seconds: number): string {
  const out = [`strace-dfg: wrote ${dir}: ${r.cases} cases, ${formatCount(r.requests)} requests (${formatBytes(r.bytes)}), ${formatCount(r.metadata)} metadata calls, ${r.files.length} files in ${seconds.toFixed(2)} s; run it with: sh ${dir}/run.sh`];
  for (const w of r.whatIfs) out.push(`  what-if ${w}`);
  for (const u of r.unseen) out.push(`  case ${safe(u.id)}: ${safe(u.why)} (README.md)`);
  return out.join('\n') + '\n';
}

export function checkReport(r: FidelityReport): string {
  const out = [`Replay fidelity: ${r.score.toFixed(1)} % (${formatCount(r.checks)} checks, ${formatCount(r.failed)} differ) over ${r.cases.length} cases${r.root ? `; replayed under ${safe(r.root)}` : '; no path of the traces is a file of the replay'}`];
  out.push('(per case, file and direction: requests, bytes, the (offset, size) multiset and order; syncs, opens and closes of data files; metadata calls per kind)');
  for (const c of r.cases) {
    out.push('', `case ${c.index} ${safe(c.id)}${c.trace ? ` ← ${safe(c.trace)}` : ' ← no trace'}: ${c.score.toFixed(1)} % of ${c.checks} checks`);
    out.push(`  ${timeLine(c)}`);
    for (const d of c.differences.slice(0, SHOWN)) out.push(`  - ${safe(d)}`);
    if (c.differences.length > SHOWN) out.push(`  … ${c.differences.length - SHOWN} more (--json lists all)`);
  }
  for (const e of r.extra) out.push('', `trace ${safe(e)}: no case of the replay has this name`);
  return out.join('\n') + '\n';
}
