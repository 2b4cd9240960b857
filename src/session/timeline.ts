/** TimelineData of one activity: one row per case, or per (case, pid) when a case has several pids; a
 * case whose rid is an MPI rank reads `ssf · rank 3` (analysis/ranks.ts). */
import type { TimelineData } from '../analysis/types';
import { caseLabel, rankCids, type ActivityEvents } from '../analysis/index';
import type { EventLog } from '../model/eventlog';
import type { LayerInfo } from '../analysis/layers/classify';

/**
 * `ev` comes case by case (activityEvents walks the cases in order), so rows are found per run of one
 * case with a short list of its pids; labels are looked up per pair in a typed array. No Map or object
 * per event: 2 M events take a few tens of ms. `layers`: the LayerInfo `ev.layer` was computed with (its names).
 */
export function buildTimeline(log: EventLog, _compiled: unknown, activity: string, ev: ActivityEvents, layers: LayerInfo | null = null): TimelineData {
  const n = ev.caseIdx.length;
  const rowLabels: string[] = [];
  const rowCase: string[] = [];
  const row = new Uint32Array(n);
  const label = new Uint32Array(n);
  const labels: string[] = [];
  const labelOfPair = new Int32Array(log.pairCall.length).fill(-1);
  const pids: number[] = [];
  const ranked = rankCids(log.cases);
  for (let a = 0; a < n; ) {
    const c = ev.caseIdx[a];
    let b = a;
    while (b < n && ev.caseIdx[b] === c) b++;
    // the case's pids among these events, in order of first appearance
    pids.length = 0;
    let last = NaN;
    for (let i = a; i < b; i++) {
      const p = ev.pid[i];
      if (p !== last && !pids.includes(p)) pids.push(p);
      last = p;
    }
    const first = rowLabels.length;
    const id = log.cases[c].id;
    const name = caseLabel(log.cases[c], ranked);
    for (const p of pids) {
      rowLabels.push(pids.length > 1 ? `${name} · pid ${p}` : name);
      rowCase.push(id);
    }
    if (pids.length === 1) row.fill(first, a, b);
    else {
      let lastPid = NaN;
      let lastRow = first;
      for (let i = a; i < b; i++) {
        const p = ev.pid[i];
        if (p !== lastPid) {
          lastPid = p;
          lastRow = first + pids.indexOf(p);
        }
        row[i] = lastRow;
      }
    }
    a = b;
  }
  for (let i = 0; i < n; i++) {
    const p = ev.pair[i];
    let l = labelOfPair[p];
    if (l < 0) {
      l = labels.length;
      const fp = log.paths[log.pairFp[p]];
      labels.push(fp ? `${log.calls[log.pairCall[p]]} ${fp}` : log.calls[log.pairCall[p]]);
      labelOfPair[p] = l;
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
    errno: ev.errno,
    errnos: log.errnos.slice(),
    offset: ev.offset,
    ...(layers && ev.layer ? { layer: ev.layer, layerNames: layers.names.slice() } : {}),
  };
}
