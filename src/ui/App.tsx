/** The app shell: empty state, drop zone, progress, summary, editors, and the workspace. */
import { Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { dropAdds, DropOverlay } from './AddFiles';
import { useApp } from './appContext';
import { Banner, CustomConfirm, LoadConfirm } from './Banner';
import { EmptyState } from './EmptyState';
import { ErrorBoundary } from './ErrorBoundary';
import { collectDrop, fetchExample } from './files';
import { trackUi } from './idle';
import { EdgeCasesPanel, GraphPanel, ReplayDialog, StatsTable, TimelinePanel, VariantsList } from './panels';
import { ProgressBar } from './ProgressBar';
import { SummaryPanel } from './SummaryPanel';
import { Header } from './Header';
import { preloadTimeline } from './timeline/preload';
import { Workspace } from './Workspace';

export function App() {
  const status = useApp((st) => st.status);
  const summary = useApp((st) => st.summary);
  const progress = useApp((st) => st.progress);
  const result = useApp((st) => st.result);
  const hasResult = result !== null;
  // cases, or Darshan logs without a DXT trace (no cases; their counters, heatmaps and job header)
  const workspace = !!summary && (summary.cases > 0 || (summary.jobs?.length ?? 0) > 0);
  const banner = useApp((st) => st.banner);
  const replayOpen = useApp((st) => st.replayDialog !== null);
  const loadFiles = useApp((st) => st.loadFiles);
  const addFiles = useApp((st) => st.addFiles);
  const notify = useApp((st) => st.notify);
  const cancel = useApp((st) => st.cancel);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // While files load, fetch the chunks of the first view (Cytoscape's graph panel, the tables): their first
  // render would otherwise wait for them after the analysis.
  const loading = status === 'loading';
  useEffect(() => {
    if (loading) {
      void trackUi(GraphPanel.preload());
      void trackUi(StatsTable.preload());
      void trackUi(VariantsList.preload());
    }
  }, [loading]);
  // Once a graph is shown and its deferred statistics are in, fetch the (large) plotly chunk when the
  // browser is idle, so that the first timeline does not wait for it. (Not sooner: compiling ~1.6 MB of
  // JavaScript on the page's thread held the first view's fitting back by ~0.4 s on 1 GB of traces.)
  const completing = useApp((st) => st.completing);
  const statusRef = useRef(status);
  useEffect(() => {
    statusRef.current = status;
  }, [status]);
  const settled = hasResult && status === 'ready' && !completing;
  // (tracked: the page is idle once the chunk is in, so a load started right after the first graph does not
  // have the page's thread held by its evaluation)
  useEffect(() => {
    if (!settled) return;
    let live = true;
    void trackUi(
      new Promise<void>((r) => setTimeout(r, 300)).then(async () => {
        if (!live) return;
        preloadTimeline(() => statusRef.current !== 'loading');
        await Promise.all([TimelinePanel.preload(), EdgeCasesPanel.preload()]);
      }),
    );
    return () => {
      live = false;
    };
  }, [settled]);

  const mapping = useApp((s) => s.view.mapping);
  const setMapping = useApp((s) => s.setMapping);
  const loadExample = () => {
    trackUi(fetchExample()).then(
      // the example is the paper's Figure 3: its plain mapping (system files shown, raw paths)
      (inputs) => void setMapping({ ...mapping, system: 'show', pids: 'raw' }).then(() => loadFiles(inputs)),
      (e: Error) => notify(`Could not load the example: ${e.message}`),
    );
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    // once something is loaded, the right half of the page adds to it (the overlay says so)
    const add = dropAdds(!!summary?.files.length, e.clientX, window.innerWidth);
    trackUi(collectDrop(e.dataTransfer)).then(
      (inputs) => (inputs.length ? void (add ? addFiles(inputs) : loadFiles(inputs)) : notify('Nothing to load in what was dropped.')),
      (err: Error) => notify(`Could not read the dropped files: ${err.message}`),
    );
  };
  // Escape closes the drill-down panels (the timeline first, then the edge's cases)
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

  const busy = status === 'loading';
  return (
    <div
      className={`app ${dragging ? 'dragging' : ''}`}
      data-testid="app"
      data-status={status}
      onDragOver={(e) => {
        e.preventDefault();
        if (!dragging) setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <Header fileInput={fileInput} folderInput={folderInput} onExample={loadExample} />
      <ErrorBoundary name="Messages" resetKey={banner}>
        <Banner />
        <CustomConfirm />
        <LoadConfirm />
      </ErrorBoundary>
      {busy && (
        <ErrorBoundary name="Progress">
          <ProgressBar progress={progress} onCancel={cancel} />
        </ErrorBoundary>
      )}
      {!busy && !workspace && (
        <>
          {summary && (
            <div className="empty">
              <ErrorBoundary name="Summary" resetKey={summary}>
                <SummaryPanel summary={summary} keptCases={0} unmapped={null} />
              </ErrorBoundary>
            </div>
          )}
          <EmptyState onExample={loadExample} onPick={() => fileInput.current?.click()} onPickFolder={() => folderInput.current?.click()} />
        </>
      )}
      {workspace && <Workspace />}
      {hasResult && replayOpen && (
        <ErrorBoundary name="Replay">
          <Suspense fallback={null}>
            <ReplayDialog />
          </Suspense>
        </ErrorBoundary>
      )}
      {dragging && <DropOverlay loadedFiles={summary?.files.length ?? 0} />}
    </div>
  );
}
