/**
 * Pure geometry of the flame graph view (docs/METHOD.md "Layers"; the tree is Session.flame's): an icicle,
 * the outermost frames on top and the system calls at the bottom, each node as wide as its weight (time,
 * bytes or calls; with a partition green + red, per case). Colour: the frame's layer; with a partition the
 * difference — green where the green cases spend more, red where the red ones do, grey when equal.
 */
import type { FlameGraph, FlameNode } from '../../analysis/layers/flame';
import { formatBytes, formatCount, formatSeconds } from '../../lib/format';
import { layerColor } from './layerColors';

export interface FlameRect {
  x: number;
  w: number;
  depth: number;
  node: FlameNode;
  fill: string;
  /** The hover text: name, binary, layer, weight (each side's with a partition). */
  title: string;
}

/** Nodes narrower than this (px) are not drawn (their weight stays in their parent's). */
export const MIN_W = 0.5;

export function formatWeight(g: FlameGraph, v: number): string {
  return g.weight === 'time' ? formatSeconds(v) : g.weight === 'bytes' ? formatBytes(v) : formatCount(Math.round(v * 100) / 100);
}

/** Green (−1) … grey (0) … red (+1): the share of the difference, (red − green) / (red + green). */
export function diffColor(green: number, red: number): string {
  const t = green + red > 0 ? (red - green) / (green + red) : 0;
  const a = Math.min(1, Math.abs(t) * 1.5);
  const [r, g, b] = t < 0 ? [46, 125, 50] : [229, 57, 53];
  const mix = (c: number): number => Math.round(189 + (c - 189) * a);
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
}

function titleOf(g: FlameGraph, n: FlameNode, total: number): string {
  const head = n.bin ? `${n.name} (${n.bin})` : n.name;
  const sum = n.value[0] + n.value[1];
  const share = total > 0 ? ` · ${((100 * sum) / total).toFixed(1)} %` : '';
  const layer = n.layer ? ` · ${n.layer}` : '';
  if (!g.perCase) return `${head}${layer}\n${formatWeight(g, n.value[0])}${share}`;
  return `${head}${layer}\ngreen ${formatWeight(g, n.value[0])} · red ${formatWeight(g, n.value[1])} per case${share}`;
}

/** The rectangles of the graph in `width` px (the root, `all`, is depth 0), at most `maxDepth` rows. */
export function flameRects(g: FlameGraph, width: number, maxDepth = 64): FlameRect[] {
  const out: FlameRect[] = [];
  const total = g.root.value[0] + g.root.value[1];
  if (!(total > 0)) return out;
  const scale = width / total;
  const walk = (n: FlameNode, x: number, depth: number): void => {
    const w = (n.value[0] + n.value[1]) * scale;
    if (w < MIN_W || depth > maxDepth) return;
    const fill = g.perCase ? diffColor(n.value[0], n.value[1]) : n === g.root ? '#bdbdbd' : layerColor(n.layer || (n.bin ? 'other' : 'syscall'));
    out.push({ x, w, depth, node: n, fill, title: titleOf(g, n, total) });
    let cx = x;
    for (const c of n.children) {
      walk(c, cx, depth + 1);
      cx += (c.value[0] + c.value[1]) * scale;
    }
  };
  walk(g.root, 0, 0);
  return out;
}

/** The layers drawn (the legend without a partition), in order of first appearance. */
export function flameLayers(rects: readonly FlameRect[]): string[] {
  const seen = new Set<string>();
  for (const r of rects) if (r.node.layer) seen.add(r.node.layer);
  return [...seen];
}
