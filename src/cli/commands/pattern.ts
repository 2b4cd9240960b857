/** `strace-dfg replay --pattern`: each case's I/O as nested loops, grouped across ranks (docs/METHOD.md "Pattern compression"). */
import type { PatternReport } from '../../analysis/replay/index';
import { formatCount } from '../../lib/format';
import type { CliIO } from '../errors';
import { openView, type OpenViewArgs } from '../openView';
import { safe } from '../text';

export function patternLines(r: PatternReport): string {
  const out: string[] = [];
  r.groups.forEach((g, i) => {
    const who = g.cases.length > 1 ? `${g.cases.length} cases, ranks ${g.ranks.join(', ')}: ${g.cases.slice(0, 4).map(safe).join(', ')}${g.cases.length > 4 ? ', …' : ''}` : `case ${safe(g.cases[0])}`;
    out.push(`${i ? '\n' : ''}${who} — ${formatCount(g.calls)} calls each in ${g.terms} terms`);
    g.files.forEach((f, k) => out.push(`  f${k} = ${f === null ? '(a different path per rank)' : safe(f)}`));
    out.push(`  ${safe(g.text)}`);
    if (g.cases.length > 1) {
      const fits = g.fits.filter((f) => f !== null);
      out.push(`  offsets across ranks: ${fits.length ? (g.fits.every((f) => f === null || f.exact) ? 'every start is a·rank + b exactly' : `${fits.filter((f) => !f.exact).length} of ${fits.length} starts do not fit a·rank + b`) : 'no data'}`);
    }
    if (g.ior) {
      out.push(`  IOR: ${safe(g.ior.command)}`);
      for (const n of g.ior.notes) out.push(`    (${safe(n)})`);
    } else out.push(`  no IOR command: ${safe(g.noIor)}`);
  });
  return out.join('\n') + '\n';
}

export async function runPattern(a: OpenViewArgs & { json: boolean }, io: CliIO): Promise<number> {
  const { session, ctx } = await openView(io, a);
  const r = await session.replayPattern(ctx);
  io.stdout.write(a.json ? JSON.stringify(r, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v), 2) + '\n' : patternLines(r));
  return 0;
}
