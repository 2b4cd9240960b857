import type { GraphModel } from './contracts';

/** The graph panel registers a reader of what it currently draws; window.__app.graph() calls it. */
let graphReader: (() => GraphModel) | null = null;
export function setGraphReader(fn: (() => GraphModel) | null): void {
  graphReader = fn;
}
export function readGraph(): GraphModel {
  return graphReader ? graphReader() : { nodes: [], edges: [] };
}
