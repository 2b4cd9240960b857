/**
 * A seeded synthetic AnalysisResult for the dev harness and the layout/filter performance tests: random
 * walks over `n` activities (a Zipf-popular set plus local "next file" steps, like ranks walking through
 * files), then the DFG and statistics of those walks computed the way docs/METHOD.md defines them. Every
 * activity is therefore reachable from ● and reaches ■, as in a real DFG.
 */
import { END, START, edgeKey, type ActivityStats, type AnalysisResult, type DfgEdge, type Side } from '../analysis/types';

export interface SyntheticOptions {
  activities: number;
  cases: number;
  traceLength: number;
  seed?: number;
  /** Assign the first half of the cases to green, the second to red (and leave every 5th unassigned). */
  partition?: boolean;
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const CALLS = ['read', 'write', 'openat', 'close', 'pread64', 'pwrite64', 'lseek', 'fstat'];
const SIZED = new Set(['read', 'write', 'pread64', 'pwrite64']);

export function syntheticResult(o: SyntheticOptions): AnalysisResult {
  const rand = rng(o.seed ?? 42);
  const n = o.activities;
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const call = CALLS[i % CALLS.length];
    names.push(`${call}:/scratch/run${String(Math.floor(i / 8)).padStart(3, '0')}/part_${i % 8}.h5`);
  }
  const count = new Float64Array(n);
  const dur = new Float64Array(n);
  const bytes = new Float64Array(n);
  const caseSeen = new Uint32Array(n);
  const edgeCount = new Map<string, { s: string; t: string; count: number; cases: Set<number>; side: number }>();
  const nodeSide = new Map<string, number>(); // bit 1 = green, bit 2 = red, 4 = unassigned
  const sideOf = (c: number): number => (!o.partition || c % 5 === 4 ? 4 : c < o.cases / 2 ? 1 : 2);
  const addEdge = (s: string, t: string, c: number): void => {
    const k = edgeKey(s, t);
    let e = edgeCount.get(k);
    if (!e) edgeCount.set(k, (e = { s, t, count: 0, cases: new Set(), side: 0 }));
    e.count++;
    e.cases.add(c);
    e.side |= sideOf(c);
  };
  const zipf = (): number => Math.min(n - 1, Math.floor(n * Math.pow(rand(), 2.2)));
  for (let c = 0; c < o.cases; c++) {
    let prev = START;
    let cur = zipf();
    const seen = new Set<number>();
    for (let step = 0; step < o.traceLength; step++) {
      const a = names[cur];
      count[cur]++;
      const d = 1e-5 * (1 + 20 * rand()) * (cur % 7 === 0 ? 30 : 1);
      dur[cur] += d;
      if (SIZED.has(a.slice(0, a.indexOf(':')))) bytes[cur] += Math.floor(4096 * (1 + 64 * rand()));
      seen.add(cur);
      nodeSide.set(a, (nodeSide.get(a) ?? 0) | sideOf(c));
      addEdge(prev, a, c);
      prev = a;
      const r = rand();
      cur = r < 0.55 ? Math.min(n - 1, cur + 1 + Math.floor(rand() * 3)) : r < 0.65 ? cur : zipf();
    }
    for (const i of seen) caseSeen[i]++;
    addEdge(prev, END, c);
  }
  let totalDur = 0;
  for (let i = 0; i < n; i++) totalDur += dur[i];
  const nodes: ActivityStats[] = [];
  for (let i = 0; i < n; i++) {
    if (count[i] === 0) continue;
    const sized = bytes[i] > 0;
    const dr = sized ? bytes[i] / dur[i] : null;
    const mc = 1 + (i % 4);
    nodes.push({
      id: names[i], count: count[i], dur: dur[i], rd: dur[i] / totalDur, bytes: sized ? bytes[i] : null,
      dr, mc, DR: dr === null ? null : dr * mc, cases: caseSeen[i],
    });
  }
  nodes.sort((a, b) => b.count - a.count);
  const edges: DfgEdge[] = [...edgeCount.values()].map((e) => ({
    source: e.s, target: e.t, count: e.count, cases: e.cases.size,
    meanGap: e.s === START || e.t === END ? null : 1e-6 * (1 + (e.count % 50)),
  }));
  const side = (bits: number): Side => ((bits & 3) === 3 ? 'both' : bits & 1 ? 'green' : bits & 2 ? 'red' : 'neither');
  let partition: AnalysisResult['partition'] = null;
  if (o.partition) {
    partition = { greenCases: 0, redCases: 0, nodes: {}, edges: {} };
    for (let c = 0; c < o.cases; c++) {
      if (sideOf(c) === 1) partition.greenCases++;
      else if (sideOf(c) === 2) partition.redCases++;
    }
    for (const [id, bits] of nodeSide) partition.nodes[id] = { side: side(bits), green: bits & 1 ? 1 : 0, red: bits & 2 ? 1 : 0 };
    partition.nodes[START] = { side: 'both', green: partition.greenCases, red: partition.redCases };
    partition.nodes[END] = { side: 'both', green: partition.greenCases, red: partition.redCases };
    for (const [k, e] of edgeCount) partition.edges[k] = { side: side(e.side), green: e.side & 1 ? 1 : 0, red: e.side & 2 ? 1 : 0 };
  }
  return {
    cases: o.cases, events: o.cases * o.traceLength, unmapped: 0, nodes, edges, variants: [], partition,
    hasDurations: true, hasTimestamps: true, hosts: 1,
  };
}
