/**
 * Links the operations of two I/O layers of one rank by time containment (docs/FORMATS.md "Darshan logs"):
 * an upper-layer operation (MPI-IO) and the lower-layer operations (POSIX) that start and end inside it, in
 * the same case. Needs the layer column (EventLog.layer); events of a case are sorted by start.
 */
import type { EventLog } from '../model/eventlog';

export interface LayerPairs {
  /** The upper-layer events (indices into the log), in log order. */
  upper: Uint32Array;
  /** CSR offsets: the lower events of upper[k] are lower[from[k] .. from[k + 1]). */
  from: Uint32Array;
  lower: Uint32Array;
}

export function pairLayers(log: EventLog, upperName = 'MPIIO', lowerName = 'POSIX'): LayerPairs {
  const names = log.layerNames ?? [];
  const up = names.indexOf(upperName);
  const lo = names.indexOf(lowerName);
  const layer = log.layer;
  const upper: number[] = [];
  const from: number[] = [0];
  const lower: number[] = [];
  if (!layer || up < 0 || lo < 0) return { upper: new Uint32Array(0), from: new Uint32Array(1), lower: new Uint32Array(0) };
  const { start, dur, caseOffsets } = log;
  for (let k = 0; k < log.cases.length; k++) {
    const b = caseOffsets[k + 1];
    for (let i = caseOffsets[k]; i < b; i++) {
      if (layer[i] !== up) continue;
      const end = start[i] + (dur[i] === dur[i] ? dur[i] : 0);
      // the lower operations start at or after it (ties: before it in the sort), so look a few back too
      let j = i;
      while (j > caseOffsets[k] && start[j - 1] >= start[i]) j--;
      for (; j < b && start[j] <= end; j++) {
        if (j === i || layer[j] !== lo) continue;
        const e = start[j] + (dur[j] === dur[j] ? dur[j] : 0);
        if (start[j] >= start[i] && e <= end) lower.push(j);
      }
      upper.push(i);
      from.push(lower.length);
    }
  }
  return { upper: Uint32Array.from(upper), from: Uint32Array.from(from), lower: Uint32Array.from(lower) };
}
