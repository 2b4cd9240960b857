/** Why events were left out of the graph, in the words of the app's Summary and the CLI report. */
import { formatCount } from './format';

/** Left-out events by reason (AnalysisResult.leftOut; docs/FORMATS.md "Left-out events"). */
export interface LeftOut {
  noFile: number;
  filtered: number;
  system: number;
  custom: number;
}

/** Why events were left out of the graph, e.g. `480 without a file · 20,000 filtered out` ('' when none
 * was; a result without the breakdown says how many were not mapped). */
export function leftOutText(unmapped: number | null, leftOut?: LeftOut, system?: { mode: string; events: number }): string {
  const parts: string[] = [];
  if (leftOut) {
    if (leftOut.noFile) parts.push(`${formatCount(leftOut.noFile)} without a file`);
    if (leftOut.filtered) parts.push(`${formatCount(leftOut.filtered)} filtered out`);
    if (leftOut.system) parts.push(`${formatCount(leftOut.system)} system files hidden`);
    if (leftOut.custom) parts.push(`${formatCount(leftOut.custom)} left out by the custom mapping`);
  } else if (unmapped) {
    parts.push(`${formatCount(unmapped)} not mapped`);
  }
  if (system?.mode === 'collapse' && system.events) parts.push(`${formatCount(system.events)} system files collapsed`);
  return parts.join(' · ');
}
