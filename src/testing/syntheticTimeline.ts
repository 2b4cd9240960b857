/** Seeded synthetic timeline data for the dev harness (not used by the app). */
import type { TimelineData } from '../analysis/types';
import { prng as rng } from '../lib/prng';

export interface SyntheticOptions {
  events: number;
  rows: number;
  timeBase: TimelineData['timeBase'];
  /** Every 50th event has an unknown duration. */
  someUnknownDur?: boolean;
  /** The first event's path is an HTML injection attempt. */
  hostilePath?: boolean;
  seed?: number;
}

export function syntheticTimeline(o: SyntheticOptions): TimelineData {
  const r = rng(o.seed ?? 42);
  const n = o.events;
  const rows = Math.max(1, o.rows);
  const row = new Uint32Array(n);
  const start = new Float64Array(n);
  const dur = new Float64Array(n);
  const size = new Float64Array(n);
  const pid = new Int32Array(n);
  const label = new Uint32Array(n);
  const t0 = o.timeBase === 'epoch' ? 1_753_944_587.7538 : o.timeBase === 'clock' ? 15 * 3600 + 21 * 60 + 55.458466 : 0;
  const perRow = Math.ceil(n / rows);
  const labels = ['read /scratch/ior/testfile', 'write /scratch/ior/testfile', 'read /scratch/ior/data with space'];
  if (o.hostilePath) labels.unshift('read <img src=x onerror=alert(1)>');
  let i = 0;
  for (let rw = 0; rw < rows && i < n; rw++) {
    let t = t0 + r() * 0.01;
    for (let k = 0; k < perRow && i < n; k++, i++) {
      // bursts: mostly short calls, a few long ones, gaps between phases
      const long = r() < 0.01;
      const d = long ? 0.002 + r() * 0.02 : 2e-6 + r() * 4e-5;
      row[i] = rw;
      start[i] = t;
      dur[i] = o.someUnknownDur && i % 50 === 7 ? NaN : d;
      size[i] = r() < 0.8 ? 4096 * (1 + Math.floor(r() * 256)) : NaN;
      pid[i] = 1000 + rw;
      label[i] = o.hostilePath && i === 0 ? 0 : (o.hostilePath ? 1 : 0) + Math.floor(r() * 3);
      t += d + (r() < 0.001 ? 0.05 : r() * 2e-5);
    }
  }
  const rowLabels = Array.from({ length: rows }, (_, k) => `ior_jrc${String(k % 4).padStart(2, '0')}_${1000 + k}`);
  return { activity: o.hostilePath ? 'read:<img src=x onerror=alert(1)>' : 'read:/scratch/ior', timeBase: o.timeBase, rowLabels, row, start, dur, size, pid, label, labels, rowCase: rowLabels.slice() };
}
