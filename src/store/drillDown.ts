/**
 * The drill-down slice: the selected activity (its timeline is a follow-up the loop asks for, driver.ts),
 * the cases of a selected edge, the marked activities, and a link's selection opened after the first graph.
 */
import type { AnalysisResult } from '../analysis/types';
import type { StoreBase, StoreContext } from './context';
import type { AppState } from './state';

type DrillDownActions = Pick<AppState, 'selectNode' | 'selectEdge' | 'closeTimeline' | 'closeEdge' | 'markNodes'>;

export function drillDownActions({ set, client, driver, guarded }: StoreContext): DrillDownActions {
  return {
    selectNode: (id) => {
      set({ selected: id, edge: null });
      if (!id || id === '●' || id === '■') set({ timeline: null });
      driver.reselect();
      // (the timeline of the selection, and the overview of it alone when so drawn: one round trip)
      return guarded('Timeline', () => driver.request());
    },
    selectEdge: (source, target) =>
      guarded('Edge cases', async () => {
        const edge = await client.call('edgeCases', [source, target]).promise;
        set({ edge });
      }),
    closeTimeline: () => {
      set({ timeline: null, selected: null });
      driver.reselect();
    },
    closeEdge: () => set({ edge: null }),
    markNodes: (marked) => set({ marked }),
  };
}

/** The selection of a link, once (after the first analysis of the dropped files), when it is in the graph. */
export async function openLinkSelection({ set, get, client, refs }: StoreBase, result: AnalysisResult): Promise<void> {
  const s = refs.linkSelection!;
  refs.linkSelection = null;
  if (get().selected !== null || get().edge !== null) return; // the user has chosen meanwhile
  if (s.kind === 'node' && result.nodes.some((n) => n.id === s.id)) set({ selected: s.id, edge: null }); // (its timeline: the loop's next round)
  else if (s.kind === 'edge' && result.edges.some((e) => e.source === s.source && e.target === s.target)) set({ edge: await client.call('edgeCases', [s.source, s.target]).promise });
  else set({ view: { ...get().view, selection: null } }); // not in this analysis: the link's selection is gone from the URL
}
