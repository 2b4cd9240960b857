/** The app shell's effects that are not drawing: the lazy chunks fetched ahead, and Escape on the drill-down. */
import { useEffect, useRef } from 'react';
import { useApp } from './appContext';
import { trackUi } from './idle';
import { EdgeCasesPanel, GraphPanel, StatsTable, TimelinePanel, VariantsList } from './panels';
import { preloadTimeline } from './timeline/preload';
import { preloadOnce, warmUpNow } from './timeline/preloadOnce';

/**
 * While files load, fetch the chunks of the first view (Cytoscape's graph panel, the tables): their first render
 * would otherwise wait for them after the analysis. Once a graph is drawn and its overview is in (its deferred
 * statistics may still be computed in the worker), fetch the (large) plotly chunk when the browser is idle, so
 * that the first timeline does not wait for it (preloadOnce.ts). (Not sooner: compiling ~1.6 MB of JavaScript on
 * the page's thread held the first view's fitting back by ~0.4 s on 1 GB of traces.)
 */
export function usePreloadChunks(): void {
  const status = useApp((st) => st.status);
  const warm = useApp(warmUpNow);
  const loading = status === 'loading';
  useEffect(() => {
    if (loading) {
      void trackUi(GraphPanel.preload());
      void trackUi(StatsTable.preload());
      void trackUi(VariantsList.preload());
    }
  }, [loading]);
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);
  // (tracked: the page is idle once the chunk is in, so a load started right after the first graph does not
  // have the page's thread held by its evaluation; once per page, as soon as the browser is idle: preloadOnce.ts)
  useEffect(() => {
    if (!warm) return;
    const p = preloadOnce(async () => {
      preloadTimeline(() => statusRef.current !== 'loading');
      await Promise.all([TimelinePanel.preload(), EdgeCasesPanel.preload()]);
    });
    if (!p) return;
    void trackUi(p.promise);
    return p.cancel;
  }, [warm]);
}

/** Escape closes the drill-down panels (the timeline first, then the edge's cases). */
export function useEscapeClosesDrillDown(): void {
  const closeTimeline = useApp((st) => st.closeTimeline);
  const closeEdge = useApp((st) => st.closeEdge);
  const drillOpen = useApp((st) => st.timeline !== null || st.edge !== null);
  useEffect(() => {
    if (!drillOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      closeTimeline();
      closeEdge();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drillOpen, closeTimeline, closeEdge]);
}
