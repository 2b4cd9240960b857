/**
 * The per-activity timeline's bars by layer (docs/METHOD.md "Layers"; strace -k stacks or a layer column):
 * one colour per layer, the run timeline's, the graph's lanes' and the flame graph's (layers/layerColors.ts).
 * Only when the activity's events came through more than one layer; else the bars are drawn as before.
 */
import type { TimelineData } from '../../analysis/types';
import type { Marks } from '../../lib/binning';
import { buildGeometry, type AxisMap } from './geometry';
import { layerColor } from '../layers/layerColors';

export interface LayerKey {
  /** Per layer index (of `layerNames`) its group, −1 for a layer none of the events has. */
  group: Int32Array;
  /** Per group, most events first: the layer's name, colour and events. */
  labels: string[];
  colors: string[];
  events: number[];
}

/** The layers of the timeline's events, most events first; null when it has fewer than two. */
export function layerKey(d: TimelineData): LayerKey | null {
  if (!d.layer || !d.layerNames) return null;
  const count = new Float64Array(d.layerNames.length);
  for (let i = 0; i < d.layer.length; i++) count[d.layer[i]]++;
  const present = Array.from(count.keys()).filter((l) => count[l] > 0).sort((a, b) => count[b] - count[a] || a - b);
  if (present.length < 2) return null;
  const group = new Int32Array(d.layerNames.length).fill(-1);
  present.forEach((l, g) => (group[l] = g));
  const labels = present.map((l) => d.layerNames![l]);
  return { group, labels, colors: labels.map(layerColor), events: present.map((l) => count[l]) };
}

/**
 * The bar segments of each layer group (NaN-separated triples, as buildGeometry's): a binned bar takes the
 * layer of the event that stands for its cell. Bars of one row and layer closer than a pixel merge.
 */
export function layerSegments(d: TimelineData, m: Marks, key: LayerKey, axis: AxisMap, minWidth: number): { x: Float64Array; y: Float64Array }[] {
  const G = key.labels.length;
  const n = new Uint32Array(G);
  for (const i of m.bars) n[key.group[d.layer![i]]]++;
  const bars = Array.from(n, (c) => new Uint32Array(c));
  const w = new Uint32Array(G);
  for (const i of m.bars) {
    const g = key.group[d.layer![i]];
    bars[g][w[g]++] = i;
  }
  const none = new Uint32Array(0);
  return bars.map((b) => {
    const g = buildGeometry(d, { ...m, bars: b, points: none }, axis, minWidth);
    return { x: g.segX, y: g.segY };
  });
}
