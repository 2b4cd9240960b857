/**
 * Widest-path trees over a DFG (maximise the smallest edge count on the path; ties: fewer hops):
 * Dijkstra with max-min instead of sum, O(m log m). Used by the slider filter to keep ● and ■ connected
 * and by the layout to pick a tree backbone. Nodes and edges are plain indexes (no per-edge objects).
 */

export interface IndexedGraph {
  nodeCount: number;
  edgeSource: Int32Array;
  edgeTarget: Int32Array;
  edgeCount: Float64Array;
}

/** For every node, the edge index by which the widest path from `root` enters it (−1: root/unreachable).
 * `reverse`: paths from every node TO root, following edges backwards (the edge leaves the node). */
export function widestTree(g: IndexedGraph, root: number, reverse = false): Int32Array {
  const n = g.nodeCount;
  const m = g.edgeSource.length;
  // adjacency in CSR form
  const deg = new Int32Array(n + 1);
  const from = reverse ? g.edgeTarget : g.edgeSource;
  const to = reverse ? g.edgeSource : g.edgeTarget;
  for (let e = 0; e < m; e++) deg[from[e] + 1]++;
  for (let i = 0; i < n; i++) deg[i + 1] += deg[i];
  const adj = new Int32Array(m);
  const fill = deg.slice(0, n);
  for (let e = 0; e < m; e++) adj[fill[from[e]]++] = e;

  const width = new Float64Array(n).fill(-1);
  const hops = new Int32Array(n).fill(0x7fffffff);
  const parent = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  width[root] = Infinity;
  hops[root] = 0;
  // binary max-heap of (width, -hops, node) with lazy deletion
  const heapW: number[] = [Infinity];
  const heapH: number[] = [0];
  const heapN: number[] = [root];
  const better = (i: number, j: number): boolean => heapW[i] > heapW[j] || (heapW[i] === heapW[j] && heapH[i] < heapH[j]);
  const swap = (i: number, j: number): void => {
    [heapW[i], heapW[j]] = [heapW[j], heapW[i]];
    [heapH[i], heapH[j]] = [heapH[j], heapH[i]];
    [heapN[i], heapN[j]] = [heapN[j], heapN[i]];
  };
  const push = (w: number, h: number, v: number): void => {
    heapW.push(w);
    heapH.push(h);
    heapN.push(v);
    for (let i = heapW.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!better(i, p)) break;
      swap(i, p);
      i = p;
    }
  };
  const pop = (): number => {
    const top = heapN[0];
    const last = heapW.length - 1;
    swap(0, last);
    heapW.pop();
    heapH.pop();
    heapN.pop();
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let b = i;
      if (l < heapW.length && better(l, b)) b = l;
      if (r < heapW.length && better(r, b)) b = r;
      if (b === i) break;
      swap(i, b);
      i = b;
    }
    return top;
  };
  while (heapN.length) {
    const u = pop();
    if (done[u]) continue;
    done[u] = 1;
    for (let k = deg[u]; k < deg[u + 1]; k++) {
      const e = adj[k];
      const v = to[e];
      if (done[v]) continue;
      const w = Math.min(width[u], g.edgeCount[e]);
      const h = hops[u] + 1;
      if (w > width[v] || (w === width[v] && h < hops[v])) {
        width[v] = w;
        hops[v] = h;
        parent[v] = e;
        push(w, h, v);
      }
    }
  }
  return parent;
}

/** The edge indexes of the tree path root → v (or v → root when reverse), in path order; null if none. */
export function treePath(g: IndexedGraph, parent: Int32Array, root: number, v: number, reverse = false): number[] | null {
  const path: number[] = [];
  let cur = v;
  while (cur !== root) {
    const e = parent[cur];
    if (e < 0) return null;
    path.push(e);
    cur = reverse ? g.edgeTarget[e] : g.edgeSource[e];
  }
  if (!reverse) path.reverse();
  return path;
}
