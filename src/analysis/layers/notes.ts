/** A log whose stack table carries each stack's layer, call site and entry (StackTable.notes), for export. */
import type { EventLog } from '../../model';
import { layerInfo } from './classify';

/** `log` with `stacks.notes` (the rule table and the user's rules): what the native HDF5 export writes beside the stacks. */
export function withStackNotes(log: EventLog, rules?: readonly string[]): EventLog {
  const info = log.stacks && log.stack ? layerInfo(log, rules) : null;
  if (!info || !info.ofStack || !log.stacks) return log;
  const ofStack = info.ofStack;
  const notes = { layer: info.site.map((_, s) => (s === 0 ? '' : info.names[ofStack[s]])), site: info.site.slice(), entry: info.entry.slice() };
  return { ...log, stacks: { ...log.stacks, notes } };
}
