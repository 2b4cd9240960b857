/** The app shell: empty state, drop zone, progress, summary, editors, and the workspace. */
import { Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { AddFiles, dropAdds, DropOverlay } from './AddFiles';
import { useApp } from './appContext';
import { Banner, CustomConfirm, LoadConfirm } from './Banner';
import { EmptyState } from './EmptyState';
import { ErrorBoundary } from './ErrorBoundary';
import { collectDrop, collectInput, fetchExample } from './files';
import { trackUi } from './idle';
import { EdgeCasesPanel, GraphPanel, ReplayDialog, StatsTable, TimelinePanel, VariantsList } from './panels';
import { ProgressBar } from './ProgressBar';
import { SummaryPanel } from './SummaryPanel';
import { Toolbar } from './Toolbar';
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
  const splitByPid = useApp((st) => st.view.splitByPid);
  const loadFiles = useApp((st) => st.loadFiles);
  const addFiles = useApp((st) => st.addFiles);
  const notify = useApp((st) => st.notify);
  const cancel = useApp((st) => st.cancel);
  const setSplitByPid = useApp((st) => st.setSplitByPid);
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
  const settled = hasResult && status === 'ready' && !completing;
  useEffect(() => {
    if (!settled) return;
    const t = setTimeout(() => {
      preloadTimeline();
      void TimelinePanel.preload();
      void EdgeCasesPanel.preload();
    }, 300);
    return () => clearTimeout(t);
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
      <header>
        <h1>strace-dfg</h1>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            const inputs = collectInput(e.target.files);
            e.target.value = '';
            if (inputs.length) void loadFiles(inputs);
          }}
        />
        <input
          ref={folderInput}
          type="file"
          hidden
          data-testid="folder-input"
          {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
          onChange={(e) => {
            const inputs = collectInput(e.target.files);
            e.target.value = '';
            if (inputs.length) void loadFiles(inputs);
          }}
        />
        <button onClick={() => fileInput.current?.click()}>Open files…</button>
        <button onClick={() => folderInput.current?.click()}>Open folder…</button>
        <button onClick={loadExample} data-testid="load-example-header">
          Load example
        </button>
        {summary && summary.files.length > 0 && <AddFiles />}
        <label title="One case per (file, pid) instead of one per file">
          <input type="checkbox" checked={splitByPid} onChange={(e) => void setSplitByPid(e.target.checked)} data-testid="split-pid" /> case per pid
        </label>
        {hasResult && (
          <ErrorBoundary name="Toolbar" resetKey={result}>
            <Toolbar onError={notify} />
          </ErrorBoundary>
        )}
      </header>
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
