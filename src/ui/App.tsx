/** The app shell: empty state, drop zone, progress, summary, editors, and the panels. */
import { Suspense, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { AddFiles, dropAdds, DropOverlay } from './AddFiles';
import { useApp } from './appContext';
import { Banner, CustomConfirm, LoadConfirm } from './Banner';
import { EmptyState } from './EmptyState';
import { ErrorBoundary } from './ErrorBoundary';
import { alignAtCaseStart, differenceMap } from './compare/compareModel';
import { collectDrop, collectInput, fetchExample } from './files';
import { trackUi } from './idle';
import { EdgeCasesPanel, GraphPanel, TimelinePanel } from './panels';
import { OverviewArea } from './time/OverviewArea';
import { ProgressBar } from './ProgressBar';
import { SummaryPanel } from './SummaryPanel';
import { TabButton, TABS, type TabDef } from './tabs';
import { Toolbar } from './Toolbar';
import { preloadTimeline } from './timeline/preload';

const SIDE_TABS = TABS.filter((t) => t.area === 'side');
const BOTTOM_TABS = TABS.filter((t) => t.area === 'bottom');

/** A row of tab buttons and the chosen tab's content. */
function Tabs({ tabs }: { tabs: readonly TabDef[] }) {
  const [current, setCurrent] = useState(tabs[0].id);
  const tab = tabs.find((t) => t.id === current) ?? tabs[0];
  const resetKey = useApp((s) => s.result ?? s.summary);
  return (
    <>
      <nav className="tabs">
        {tabs.map((t) => (
          <TabButton key={t.id} tab={t} on={t.id === tab.id} onClick={() => setCurrent(t.id)} />
        ))}
      </nav>
      <ErrorBoundary name={tab.id.charAt(0).toUpperCase() + tab.id.slice(1)} key={tab.id} resetKey={resetKey}>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <tab.Content />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}

function CaseFilters() {
  const caseFilters = useApp((s) => s.caseFilters);
  const removeCaseFilter = useApp((s) => s.removeCaseFilter);
  if (caseFilters.length === 0) return null;
  return (
    <div className="case-filters" data-testid="case-filters">
      <strong>Case filters</strong>
      {caseFilters.map((f, i) => (
        <span key={i} className="chip">
          {f.keep === 'cases' ? (
            <span title={f.ids.join(', ')}>only {f.ids.length === 1 ? <code>{f.ids[0]}</code> : `${f.ids.length} cases`}</span>
          ) : (
            <>
              {f.keep} <code>{f.activity}</code>
            </>
          )}
          <button className="small" onClick={() => void removeCaseFilter(i)} aria-label="Remove filter">
            ×
          </button>
        </span>
      ))}
    </div>
  );
}

function GraphArea() {
  const result = useApp((s) => s.result);
  const status = useApp((s) => s.status);
  const colorMode = useApp((s) => s.colorMode);
  const edgeLabel = useApp((s) => s.edgeLabel);
  const direction = useApp((s) => s.direction);
  const selected = useApp((s) => s.selected);
  const marked = useApp((s) => s.marked);
  const selectNode = useApp((s) => s.selectNode);
  const selectEdge = useApp((s) => s.selectEdge);
  const keepCases = useApp((s) => s.keepCases);
  const cancel = useApp((s) => s.cancel);
  const activities = useApp((s) => s.activities);
  const paths = useApp((s) => s.paths);
  const rankBy = useApp((s) => s.rankBy);
  const setGraphFilter = useApp((s) => s.setGraphFilter);
  const graphFilter = useMemo(() => ({ activities, paths, rankBy }), [activities, paths, rankBy]);
  const compare = useApp((s) => s.compare);
  const difference = useMemo(() => (compare && colorMode.kind === 'difference' ? differenceMap(compare, colorMode.metric) : null), [compare, colorMode]);
  return (
    <section className="graph-area">
      {result ? (
        <ErrorBoundary name="Graph" resetKey={result}>
          <Suspense fallback={<p className="muted">Loading the graph view…</p>}>
            <GraphPanel
              result={result}
              colorMode={colorMode}
              edgeLabel={edgeLabel}
              direction={direction}
              selected={selected}
              marked={marked}
              onSelectNode={(id) => void selectNode(id)}
              onSelectEdge={(a, b) => void selectEdge(a, b)}
              onKeepCases={(a, k) => void keepCases(a, k)}
              filter={graphFilter}
              onFilter={setGraphFilter}
              difference={difference}
            />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <p className="muted">
          {status === 'analyzing' ? 'Analysing…' : 'No graph.'}{' '}
          {status === 'analyzing' && (
            <button className="small" onClick={cancel} data-testid="cancel-analysis">
              Cancel
            </button>
          )}
        </p>
      )}
      {status === 'analyzing' && result && (
        <div className="busy-badge">
          Analysing…{' '}
          <button className="small" onClick={cancel} data-testid="cancel-analysis">
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}

function Detail() {
  const raw = useApp((s) => s.timeline);
  const compare = useApp((s) => s.compare);
  const partitionCases = useApp((s) => s.partitionCases);
  const [align, setAlign] = useState(false);
  const rowSides = useMemo(() => {
    if (!raw || !partitionCases) return null;
    const g = new Set(partitionCases.green);
    const r = new Set(partitionCases.red);
    return raw.rowCase.map((id) => (g.has(id) ? 'green' : r.has(id) ? 'red' : null));
  }, [raw, partitionCases]);
  const timeline = useMemo(() => (align && raw && compare ? alignAtCaseStart(raw, compare) : raw), [align, raw, compare]);
  const edge = useApp((s) => s.edge);
  const closeTimeline = useApp((s) => s.closeTimeline);
  const closeEdge = useApp((s) => s.closeEdge);
  if (!timeline && !edge) return null;
  return (
    <section className="detail" data-testid="detail">
      <ErrorBoundary name="Detail" resetKey={timeline ?? edge}>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          {timeline && compare && raw!.timeBase !== 'none' && (
            <label className="align-toggle" title="Each case's events shifted so that its first event (of any activity) is at 0: green and red runs side by side on one scale">
              <input type="checkbox" checked={align} onChange={(e) => setAlign(e.target.checked)} data-testid="timeline-align" /> align each case at its start
            </label>
          )}
          {timeline && <TimelinePanel data={timeline} onClose={closeTimeline} rowSides={rowSides} />}
          {edge && <EdgeCasesPanel data={edge} onClose={closeEdge} />}
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

export function App() {
  const status = useApp((st) => st.status);
  const summary = useApp((st) => st.summary);
  const progress = useApp((st) => st.progress);
  const result = useApp((st) => st.result);
  const hasResult = result !== null;
  const banner = useApp((st) => st.banner);
  const splitByPid = useApp((st) => st.splitByPid);
  const loadFiles = useApp((st) => st.loadFiles);
  const addFiles = useApp((st) => st.addFiles);
  const notify = useApp((st) => st.notify);
  const cancel = useApp((st) => st.cancel);
  const setSplitByPid = useApp((st) => st.setSplitByPid);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // Once a graph is shown, fetch the (large) plotly chunk when the browser is idle, so that the first
  // timeline does not wait for it.
  useEffect(() => {
    if (hasResult) {
      preloadTimeline();
      void TimelinePanel.preload();
      void EdgeCasesPanel.preload();
    }
  }, [hasResult]);

  const mapping = useApp((s) => s.mapping);
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
      {!busy && (!summary || summary.cases === 0) && (
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
      {summary && summary.cases > 0 && (
        <main className="workspace">
          <aside className="side">
            <Tabs tabs={SIDE_TABS} />
            <CaseFilters />
          </aside>
          <div className="main-col">
            {hasResult && <OverviewArea />}
            <GraphArea />
            <Detail />
            {hasResult && (
              <section className="bottom">
                <Tabs tabs={BOTTOM_TABS} />
              </section>
            )}
          </div>
        </main>
      )}
      {dragging && <DropOverlay loadedFiles={summary?.files.length ?? 0} />}
    </div>
  );
}
