/**
 * `replay --pattern` and the app's Pattern view (docs/METHOD.md "Pattern compression"): each case's replayed
 * calls compressed into nested loops, the cases of one shape grouped across their ranks (offsets as a·rank + b,
 * files as templates of the rank), and an IOR command line where the group is IOR's pattern exactly.
 */
import type { EventLog } from '../../model/eventlog';
import { isAppPath } from '../systemFiles';
import { bareCalls, caseOps, pairKinds } from './ops';
import { callCount, compress, patternOps, patternText } from './pattern';
import { inheritedFiles } from './plan';
import { rankGroups, type PatternGroup } from './ranks';

export interface CasePattern {
  id: string;
  /** Index into PatternReport.groups. */
  group: number;
  /** The pattern with this case's own offsets. */
  text: string;
  files: string[];
  calls: number;
  terms: number;
}

export interface PatternReport {
  cases: CasePattern[];
  groups: PatternGroup[];
}

export function patternReport(log: EventLog, keepPair: ((p: number) => boolean) | null = null): PatternReport {
  const appFp = log.paths.map(isAppPath);
  const kinds = pairKinds(log, { keepPair: (p) => appFp[log.pairFp[p]] && (keepPair === null || keepPair(p)) });
  const bare = bareCalls(log);
  const per = log.cases.map((info, c) => {
    const all = caseOps(log, c, kinds, bare);
    const skip = inheritedFiles(all);
    const { terms, files } = patternOps(skip.size ? all.filter((o) => !skip.has(o.path)) : all);
    return { id: info.id, rid: info.rid, cid: info.cid, terms: compress(terms), files };
  });
  const groups = rankGroups(per);
  const groupOf = new Map<string, number>();
  groups.forEach((g, i) => g.cases.forEach((id) => groupOf.set(id, i)));
  return {
    groups,
    cases: per.map((c) => ({ id: c.id, group: groupOf.get(c.id)!, text: patternText(c.terms, c.files.length), files: c.files, calls: c.terms.reduce((s, t) => s + callCount(t), 0), terms: c.terms.length })),
  };
}
