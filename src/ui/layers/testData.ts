/** The layers views' test data (__fixtures__/README.md): the CLI's JSON of the real -k fixtures, as the UI gets it. */
import { readFileSync } from 'node:fs';
import type { FlameGraph } from '../../analysis/layers/flame';
import type { CallSiteRow, LayerReport, LayerTotals } from '../../analysis/layers/report';

const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

/** The C program's layer report (Session.layers' shape, from the analysis JSON's fields). */
export function cReport(): { report: LayerReport; counts: Record<string, number> } {
  const j = read('c_all.layers.json') as { layers: Record<string, LayerTotals>; call_sites: CallSiteRow[]; nodes: Record<string, { count: number; layers: Record<string, number>; sites: Record<string, number> }> };
  const activities: LayerReport['activities'] = {};
  const counts: Record<string, number> = {};
  for (const [k, v] of Object.entries(j.nodes)) {
    activities[k] = { layers: v.layers, sites: v.sites };
    counts[k] = v.count;
  }
  return { report: { layers: Object.keys(j.layers), activities, sites: j.call_sites, totals: j.layers, stacks: true, links: null }, counts };
}

export const flame = (name: 'c_all' | 'mpi'): FlameGraph => read(`${name}.flame.json`) as FlameGraph;

/** What the C program says it did (c_all_prog.txt): function, file, calls, bytes. */
export function cProgram(): [string, string, number, number][] {
  const t = readFileSync(new URL('../../analysis/layers/__fixtures__/c/c_all_prog.txt', import.meta.url), 'utf8');
  return t.trim().split('\n').map((l) => {
    const [f, file, n, b] = l.split(/\s+/);
    return [f, file, Number(n), Number(b)];
  });
}
