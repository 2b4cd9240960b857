/** Test helper: loads a `*.timeline.json` fixture (plain arrays) into a TimelineData (typed arrays). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TimelineData } from '../analysis/types';

interface Plain {
  activity: string;
  timeBase: TimelineData['timeBase'];
  rowLabels: string[];
  rowCase: string[];
  row: number[];
  pid: number[];
  start: number[];
  dur: number[];
  size: number[];
  label: number[];
  labels: string[];
}

export function loadTimelineFixture(name: string): TimelineData {
  const p = JSON.parse(readFileSync(fileURLToPath(new URL(`../ui/timeline/__fixtures__/${name}`, import.meta.url)), 'utf8')) as Plain;
  return {
    activity: p.activity,
    timeBase: p.timeBase,
    rowLabels: p.rowLabels,
    rowCase: p.rowCase,
    row: Uint32Array.from(p.row),
    pid: Int32Array.from(p.pid),
    start: Float64Array.from(p.start),
    dur: Float64Array.from(p.dur),
    size: Float64Array.from(p.size),
    label: Uint32Array.from(p.label),
    labels: p.labels,
  };
}
