/** The app shell: empty state, drop zone, progress, summary, editors, and the workspace. */
import { Suspense, useRef, useState, type DragEvent } from 'react';
import { dropAdds, DropOverlay } from './AddFiles';
import { useApp } from './appContext';
import { Banner, CustomConfirm, LoadConfirm } from './Banner';
import { EmptyState } from './EmptyState';
import { ErrorBoundary } from './ErrorBoundary';
import { collectDrop, fetchExample } from './files';
import { trackUi } from './idle';
import { ReplayDialog } from './panels';
import { ProgressBar } from './ProgressBar';
import { SummaryPanel } from './SummaryPanel';
import { Header } from './Header';
import { usePreloadChunks, useEscapeClosesDrillDown } from './useShellEffects';
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
  usePreloadChunks();
  useEscapeClosesDrillDown();

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
