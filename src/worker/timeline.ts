/** TimelineData of one activity: one row per case, or per (case, pid) when a case has several pids. */
import type { TimelineData } from '../analysis/types';
import type { ActivityEvents } from '../analysis/index';
import type { EventLog } from '../model/eventlog';

export function buildTimeline(log: EventLog, _compiled: unknown, activity: string, ev: ActivityEvents): TimelineData {
  const n = ev.caseIdx.length;
  // Pids per case (among this activity's events), in order of first appearance.
  const pidsOfCase = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const c = ev.caseIdx[i];
    let list = pidsOfCase.get(c);
    if (!list) pidsOfCase.set(c, (list = []));
    if (!list.includes(ev.pid[i])) list.push(ev.pid[i]);
  }
  const rowLabels: string[] = [];
  const rowCase: string[] = [];
  const rowOf = new Map<number, number>(); // key: case * 2^22 + pid index
  const cases = [...pidsOfCase.keys()].sort((a, b) => a - b);
  for (const c of cases) {
    const id = log.cases[c].id;
    const pids = pidsOfCase.get(c)!;
    pids.forEach((p, k) => {
      rowOf.set(c * 4194304 + k, rowLabels.length);
      rowLabels.push(pids.length > 1 ? `${id} · pid ${p}` : id);
      rowCase.push(id);
    });
  }
  const row = new Uint32Array(n);
  const label = new Uint32Array(n);
  const labels: string[] = [];
  const labelOfPair = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = ev.caseIdx[i];
    const pids = pidsOfCase.get(c)!;
    row[i] = rowOf.get(c * 4194304 + (pids.length > 1 ? pids.indexOf(ev.pid[i]) : 0))!;
    const p = ev.pair[i];
    let l = labelOfPair.get(p);
    if (l === undefined) {
      l = labels.length;
      const fp = log.paths[log.pairFp[p]];
      labels.push(fp ? `${log.calls[log.pairCall[p]]} ${fp}` : log.calls[log.pairCall[p]]);
      labelOfPair.set(p, l);
    }
    label[i] = l;
  }
  return {
    activity,
    timeBase: log.timeBase,
    rowLabels,
    row,
    start: ev.start,
    dur: ev.dur,
    size: ev.size,
    pid: ev.pid,
    label,
    labels,
    rowCase,
  };
}
