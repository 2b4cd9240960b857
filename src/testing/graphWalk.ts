/** Reachability in a drawn graph, for the graph tests' "every node is connected" checks. */

/** The nodes reachable from `root` along `edges` (fwd), or from which `root` is reachable (!fwd); `root` included. */
export function reachable(edges: readonly { source: string; target: string }[], root: string, fwd: boolean): Set<string> {
  const seen = new Set([root]);
  const todo = [root];
  while (todo.length) {
    const u = todo.pop()!;
    for (const e of edges) {
      const [a, b] = fwd ? [e.source, e.target] : [e.target, e.source];
      if (a === u && !seen.has(b)) {
        seen.add(b);
        todo.push(b);
      }
    }
  }
  return seen;
}
