/** Case selection of an EventLog (the case filters, hidden unassigned cases, the replay's sides). */
import { allocColumns, type EventLog } from '../model/eventlog';

/** A new log with only the cases whose flag is set (string and pair tables shared, columns copied). */
export function selectCases(log: EventLog, keep: Uint8Array): EventLog {
  let n = 0;
  let k = 0;
  for (let c = 0; c < log.cases.length; c++) {
    if (keep[c]) {
      n += log.caseOffsets[c + 1] - log.caseOffsets[c];
      k++;
    }
  }
  const out: EventLog = {
    ...log,
    n,
    ...allocColumns(n),
    ...(log.stack ? { stack: new (log.stack.constructor as Uint16ArrayConstructor)(n) } : {}),
    cases: [],
    caseOffsets: new Uint32Array(k + 1),
    ...(log.layer ? { layer: new Uint8Array(n) } : {}),
    ...(log.parent ? { parent: new Int32Array(n) } : {}),
  };
  let w = 0;
  let j = 0;
  for (let c = 0; c < log.cases.length; c++) {
    if (!keep[c]) continue;
    const a = log.caseOffsets[c];
    const b = log.caseOffsets[c + 1];
    out.pid.set(log.pid.subarray(a, b), w);
    out.pair.set(log.pair.subarray(a, b), w);
    out.errno.set(log.errno.subarray(a, b), w);
    out.start.set(log.start.subarray(a, b), w);
    out.dur.set(log.dur.subarray(a, b), w);
    out.size.set(log.size.subarray(a, b), w);
    out.line.set(log.line.subarray(a, b), w);
    out.offset.set(log.offset.subarray(a, b), w);
    if (log.layer) out.layer!.set(log.layer.subarray(a, b), w);
    if (log.parent) out.parent!.set(log.parent.subarray(a, b), w);
    if (out.stack && log.stack) out.stack.set(log.stack.subarray(a, b), w);
    w += b - a;
    out.cases.push(log.cases[c]);
    out.caseOffsets[++j] = w;
  }
  return out;
}

/**
 * Per case: 1 if it contains an event whose pair maps to activity id `act` (via pairAct), else 0.
 */
export function casesWithActivity(log: EventLog, pairAct: Int32Array, act: number): Uint8Array {
  const has = new Uint8Array(log.cases.length);
  for (let c = 0; c < log.cases.length; c++) {
    const b = log.caseOffsets[c + 1];
    for (let i = log.caseOffsets[c]; i < b; i++) {
      if (pairAct[log.pair[i]] === act) {
        has[c] = 1;
        break;
      }
    }
  }
  return has;
}
