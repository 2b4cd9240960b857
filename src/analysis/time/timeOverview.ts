/** The overview heatmap and the I/O phases of a log in one reply (what the app's overview shows). */
import type { EventLog } from '../../model';
import type { CompiledMapping } from '../mapping';
import { overview } from './overview';
import { untracedTime, type UntracedTime } from './gaps';
import { phases } from './phases';
import { runSpan, type RunSpan } from './span';
import type { OverviewOptions, PhaseOptions, TimeOverview } from './types';

/** `run`: the log's run span (its LogIndex's), `untraced`: its untraced time (at the overview's t0); computed here without them. */
export function timeOverview(log: EventLog, compiled: CompiledMapping, options: OverviewOptions & { phases?: PhaseOptions }, run: RunSpan = runSpan(log), untraced?: UntracedTime): TimeOverview {
  const ov = overview(log, compiled, options, run);
  const rowLabels: string[] = [];
  const rowRank: string[] = [];
  for (let r = 0; r < ov.rows; r++) {
    const c = log.cases[ov.rowCase[r]];
    rowLabels.push(ov.rowPid[r] >= 0 ? `${c.id} · pid ${ov.rowPid[r]}` : c.id);
    rowRank.push(c.rid);
  }
  const ph = phases(log, compiled, { activities: options.activities, t0: options.t0, ...options.phases }, run);
  return { overview: ov, rowLabels, rowRank, phases: ph, timeBase: log.timeBase, untraced: untraced ?? untracedTime(log, { t0: ov.t0 }) };
}
