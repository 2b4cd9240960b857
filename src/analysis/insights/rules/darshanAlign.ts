/**
 * Drishti's alignment rules on Darshan's counters (docs/METHOD.md "Insights from Darshan counters"):
 * misaligned memory requests (P07: POSIX_MEM_NOT_ALIGNED, which no trace of events can give) and, for logs
 * without a DXT trace, misaligned file requests (P08: POSIX_FILE_NOT_ALIGNED, against Darshan's own file
 * alignment, the Lustre stripe size on Lustre) with Drishti's Lustre recommendation and the stripe settings
 * of the files where the LUSTRE module has records. Same threshold (misaligned_requests) and texts as Drishti.
 */
import { column, tableOf, type Profile } from '../../../model/profile';
import { formatBytes, pct } from '../report';
import { ALIGN, LUSTRE_STRIPING } from '../snippets';
import type { Recommendation, Rule } from '../types';
import { byFile, finding, hasModule, noDxt, profilesIn, total } from './darshan';

const OPS = ['POSIX_READS', 'POSIX_WRITES'];

/** The stripe settings of the Lustre files: `N file(s): S stripes over C OST(s)`, most files first. */
function stripeLines(ps: readonly Profile[]): string[] {
  const by = new Map<string, number>();
  for (const p of ps) {
    const t = tableOf(p, 'LUSTRE');
    const size = t && column(t, 'LUSTRE_STRIPE_SIZE');
    const count = t && column(t, 'LUSTRE_STRIPE_COUNT');
    if (!t || !size || !count) continue;
    for (let r = 0; r < t.rank.length; r++) {
      if (size(r) < 0) continue;
      const k = `${formatBytes(size(r))} stripes over ${count(r)} OST${count(r) === 1 ? '' : 's'}`;
      by.set(k, (by.get(k) ?? 0) + 1);
    }
  }
  return [...by].sort((a, b) => b[1] - a[1]).map(([k, n]) => `Lustre: ${n} file${n === 1 ? '' : 's'} with ${k}`);
}

const P07: Rule = {
  code: 'P07', title: 'Misaligned memory requests (Darshan counters)', target: 'developer', levels: 'HIGH when POSIX_MEM_NOT_ALIGNED > misaligned_requests of the POSIX reads and writes',
  run(ctx, scope, t) {
    const ps = profilesIn(ctx, scope);
    const ops = total(ps, 'POSIX', OPS);
    const mis = total(ps, 'POSIX', ['POSIX_MEM_NOT_ALIGNED']);
    if (!(ops > 0 && mis / ops > t.misaligned_requests)) return [];
    return [finding('P07', 'HIGH', `Application has a high number (${pct(mis / ops)}) of misaligned memory requests`, ps, { misaligned: mis, requests: ops, fraction: mis / ops })];
  },
};

const P08: Rule = {
  code: 'P08', title: 'Misaligned file requests (Darshan counters, logs without DXT)', target: 'developer',
  levels: "HIGH when POSIX_FILE_NOT_ALIGNED > misaligned_requests of the POSIX reads and writes (Darshan's file alignment: the Lustre stripe size on Lustre)",
  run(ctx, scope, t) {
    const ps = noDxt(ctx, scope);
    const ops = total(ps, 'POSIX', OPS);
    const mis = total(ps, 'POSIX', ['POSIX_FILE_NOT_ALIGNED']);
    if (!(ops > 0 && mis / ops > t.misaligned_requests)) return [];
    const recs: Recommendation[] = [ALIGN];
    if (hasModule(ps, 'H5F')) recs.push({ text: 'Since the application uses HDF5, consider using H5Pset_alignment() in a file access property list' });
    const lustre = hasModule(ps, 'LUSTRE');
    if (lustre) recs.push({ ...LUSTRE_STRIPING, text: 'Consider using a Lustre alignment that matches the file system stripe configuration' });
    const files = byFile(ps, 'POSIX', (tab, r) => Math.max(0, column(tab, 'POSIX_FILE_NOT_ALIGNED')?.(r) ?? 0), t);
    return [finding('P08', 'HIGH', `Application issues a high number (${pct(mis / ops)}) of misaligned file requests`, ps, { misaligned: mis, requests: ops, fraction: mis / ops },
      { files, recommendations: recs, details: [...files.map((f) => `${f.value} misaligned requests to "${f.name}"`), ...(lustre ? stripeLines(ps) : [])] })];
  },
};

export const DARSHAN_ALIGN_RULES: Rule[] = [P07, P08];
