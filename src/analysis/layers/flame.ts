/**
 * The flame graph of the I/O stacks (docs/METHOD.md "Layers"): the analysed calls' stacks merged into one
 * tree, from the outermost frame (the root's children) to the innermost and the system call (the leaves),
 * each node weighted by the time, bytes or calls of the calls under it. With a partition, each node has
 * the green and the red weight, as means per case of each side (the differential flame graph: width =
 * both, colour = which side has more).
 */
import type { EventLog } from '../../model';
import type { CompiledMapping } from '../mapping';
import { caseSides } from '../partition';
import type { PartitionSpec } from '../types';
import { layerInfo } from './classify';
import { parseFrame, type Frame } from './frame';
import { layerRules, type LayerRule } from './rules';
import { bareCall } from './layered';

export type FlameWeight = 'time' | 'bytes' | 'calls';

export interface FlameNode {
  /** `write_stdio`, `_IO_fwrite`, `libc.so.6+0xf8350` (no symbol), or the system call (a leaf: `write`). */
  name: string;
  /** The frame's binary's base name ('' for a system call). */
  bin: string;
  /** The layer the frame belongs to (the rule table's, `app` for the program's own, '' for none). */
  layer: string;
  /** Weight under the node: [green, red] per case (no partition: [all, 0], not per case). */
  value: [number, number];
  children: FlameNode[];
}

export interface FlameGraph {
  root: FlameNode;
  weight: FlameWeight;
  /** Cases per side ([all, 0] without a partition) and whether `value` is per case. */
  cases: [number, number];
  perCase: boolean;
  /** Calls of the analysed events without a stack (left out of the tree). */
  noStack: number;
}

export interface FlameOptions {
  weight?: FlameWeight;
  /** Only the events of this activity (null: every mapped event). */
  activity?: string | null;
  partition?: PartitionSpec | null;
  layerRules?: readonly string[];
}

/** The layer of a frame: the first rule that claims it (not a transparent one), `app` for the program's own. */
function frameLayer(f: Frame, rules: readonly LayerRule[]): string {
  if (f.error) return '';
  const r = rules.find((x) => x.match.some((m) => (m.bin || m.sym) && (!m.bin || m.bin.test(f.base)) && (!m.sym || m.sym.test(f.sym))));
  if (r) return r.transparent ? '' : r.layer;
  return f.program ? 'app' : 'other';
}

/** Per (stack, call) of the mapped events (of activity `act`; -1: of all): the weight of each side; the per-event pass. */
function weights(log: EventLog, compiled: CompiledMapping, act: number, side: Uint8Array | null, w: FlameWeight): { map: Map<number, [number, number]>; noStack: number } {
  const map = new Map<number, [number, number]>();
  const stack = log.stack!;
  const C = log.calls.length;
  let noStack = 0;
  for (let k = 0; k < log.cases.length; k++) {
    const s = side === null ? 1 : side[k];
    if (s === 0) continue;
    for (let i = log.caseOffsets[k]; i < log.caseOffsets[k + 1]; i++) {
      const a = compiled.pairAct[log.pair[i]];
      if (a < 0 || (act !== -1 && a !== act)) continue;
      const st = stack[i];
      if (st === 0) {
        noStack++;
        continue;
      }
      const x = w === 'calls' ? 1 : w === 'bytes' ? log.size[i] : log.dur[i];
      if (!(x === x) || x === 0) continue;
      const key = st * C + log.pairCall[log.pair[i]];
      let v = map.get(key);
      if (!v) map.set(key, (v = [0, 0]));
      v[s - 1] += x;
    }
  }
  return { map, noStack };
}

/** The flame graph of the analysed events (null when they have no stacks). */
export function flameGraph(log: EventLog, compiled: CompiledMapping, opts: FlameOptions = {}): FlameGraph | null {
  const t = log.stacks;
  if (!t || !log.stack || !layerInfo(log, opts.layerRules)) return null;
  const weight = opts.weight ?? 'time';
  const act = opts.activity ? compiled.activities.indexOf(opts.activity) : -1;
  const side = opts.partition ? caseSides(log, opts.partition) : null;
  const cases: [number, number] = [0, 0];
  if (side) {
    for (const s of side) if (s) cases[s - 1]++;
  } else cases[0] = log.cases.length;
  const { map, noStack } = weights(log, compiled, opts.activity && act < 0 ? -2 : act, side, weight);
  const rules = layerRules(opts.layerRules);
  const frames = t.frames.map(parseFrame);
  const label = frames.map((f) => (f.error ? f.error : f.sym || `${f.base}+0x${f.addr}`));
  const layer = frames.map((f) => frameLayer(f, rules));
  const root: FlameNode = { name: 'all', bin: '', layer: '', value: [0, 0], children: [] };
  const index = new Map<FlameNode, Map<string, FlameNode>>();
  const child = (n: FlameNode, name: string, bin: string, lay: string): FlameNode => {
    let m = index.get(n);
    if (!m) index.set(n, (m = new Map()));
    const key = `${name}\u0000${bin}`;
    let c = m.get(key);
    if (!c) {
      c = { name, bin, layer: lay, value: [0, 0], children: [] };
      m.set(key, c);
      n.children.push(c);
    }
    return c;
  };
  const C = log.calls.length;
  const scale: [number, number] = side ? [1 / Math.max(1, cases[0]), 1 / Math.max(1, cases[1])] : [1, 1];
  for (const [key, v] of map) {
    const s = Math.floor(key / C);
    const g = v[0] * scale[0];
    const r = v[1] * scale[1];
    let n = root;
    n.value[0] += g;
    n.value[1] += r;
    for (let k = t.start[s + 1] - 1; k >= t.start[s]; k--) {
      const f = t.frame[k];
      n = child(n, label[f], frames[f].base, layer[f]);
      n.value[0] += g;
      n.value[1] += r;
    }
    n = child(n, bareCall(log.calls[key % C]), '', '');
    n.value[0] += g;
    n.value[1] += r;
  }
  const sort = (n: FlameNode): void => {
    n.children.sort((a, b) => b.value[0] + b.value[1] - (a.value[0] + a.value[1]) || (a.name < b.name ? -1 : 1));
    n.children.forEach(sort);
  };
  sort(root);
  return { root, weight, cases, perCase: side !== null, noStack };
}

/**
 * The graph in the folded form of flame graph tools (Brendan Gregg's `stackcollapse` output: frames from the
 * root joined by `;`, a space, the weight; with a partition two weights, green then red, as `difffolded.pl`
 * writes them). Weights are rounded to integers of the unit given (`scale`: e.g. 1e6 for µs).
 */
export function foldedStacks(g: FlameGraph, scale = 1): string[] {
  const out: string[] = [];
  const walk = (n: FlameNode, path: string[]): void => {
    const p = n === g.root ? path : [...path, n.name.replace(/;/g, ':')];
    const below = n.children.reduce((a, c) => [a[0] + c.value[0], a[1] + c.value[1]], [0, 0]);
    const self = [n.value[0] - below[0], n.value[1] - below[1]].map((x) => Math.round(x * scale));
    if (n !== g.root && (self[0] > 0 || self[1] > 0)) out.push(`${p.join(';')} ${g.perCase ? `${self[0]} ${self[1]}` : self[0]}`);
    for (const c of n.children) walk(c, p);
  };
  walk(g.root, []);
  return out;
}
