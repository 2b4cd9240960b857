/**
 * Whether a case's rid is an MPI rank (strace.sh names files by the rank the launcher sets): for a cid
 * whose cases' rids are exactly 0 … k−1 (k cases, any hosts), the rid is a rank and a case reads
 * `ssf · rank 3`; rids that are pids (`$$`) or anything else keep the case id.
 */
import type { CaseInfo } from '../model';

export function rankCids(cases: readonly CaseInfo[]): Set<string> {
  const byCid = new Map<string, string[]>();
  for (const c of cases) {
    if (c.cid === '') continue;
    let l = byCid.get(c.cid);
    if (!l) byCid.set(c.cid, (l = []));
    l.push(c.rid);
  }
  const out = new Set<string>();
  for (const [cid, rids] of byCid) {
    if (!rids.every((r) => /^(0|[1-9]\d{0,6})$/.test(r))) continue;
    const seen = new Set(rids.map(Number));
    if (seen.size !== rids.length) continue;
    let ok = true;
    for (let k = 0; k < rids.length; k++) if (!seen.has(k)) ok = false;
    if (ok) out.add(cid);
  }
  return out;
}

/** The label of a case: `cid · rank N` where the rid is a rank, else the case id. */
export function caseLabel(c: CaseInfo, ranked: ReadonlySet<string>): string {
  return ranked.has(c.cid) ? `${c.cid} · rank ${c.rid}` : c.id;
}
