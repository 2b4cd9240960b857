/** The app shell: empty state, drop zone, progress, summary, editors, and the panels. */
import { Suspense, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useApp } from './appContext';
import { Banner, CustomConfirm, LoadConfirm } from './Banner';
import { EmptyState } from './EmptyState';
import { ErrorBoundary } from './ErrorBoundary';
import { collectDrop, collectInput, fetchExample } from './files';
import { trackUi } from './idle';
import { MappingEditor } from './MappingEditor';
import { EdgeCasesPanel, GraphPanel, StatsTable, TimelinePanel, VariantsList } from './panels';
import { PartitionPicker } from './PartitionPicker';
import { ProgressBar } from './ProgressBar';
import { SummaryPanel } from './SummaryPanel';
import { Toolbar } from './Toolbar';
import { preloadTimeline } from './timeline/preload';

type SideTab = 'summary' | 'mapping' | 'partition';
type BottomTab = 'stats' | 'variants';

export function App() {
  const s = useApp((st) => st);
  const graphFilter = useMemo(() => ({ activities: s.activities, paths: s.paths, rankBy: s.rankBy }), [s.activities, s.paths, s.rankBy]);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [side, setSide] = useState<SideTab>('summary');
  const [bottom, setBottom] = useState<BottomTab>('stats');
  const hasResult = s.result !== null;
  // Once a graph is shown, fetch the (large) plotly chunk when the browser is idle, so that the first
  // timeline does not wait for it.
  useEffect(() => {
    if (hasResult) {
      preloadTimeline();
      void TimelinePanel.preload();
      void EdgeCasesPanel.preload();
    }
  }, [hasResult]);

  const loadExample = () => {
    trackUi(fetchExample()).then(
      (inputs) => void s.loadFiles(inputs),
      (e: Error) => s.notify(`Could not load the example: ${e.message}`),
    );
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    trackUi(collectDrop(e.dataTransfer)).then(
      (inputs) => (inputs.length ? void s.loadFiles(inputs) : s.notify('Nothing to load in what was dropped.')),
      (err: Error) => s.notify(`Could not read the dropped files: ${err.message}`),
    );
  };
  const busy = s.status === 'loading';
  return (
    <div
      className={`app ${dragging ? 'dragging' : ''}`}
      data-testid="app"
      data-status={s.status}
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
            if (inputs.length) void s.loadFiles(inputs);
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
            if (inputs.length) void s.loadFiles(inputs);
          }}
        />
        <button onClick={() => fileInput.current?.click()}>Open files…</button>
        <button onClick={() => folderInput.current?.click()}>Open folder…</button>
        <button onClick={loadExample} data-testid="load-example-header">
          Load example
        </button>
        <label title="One case per (file, pid) instead of one per file">
          <input type="checkbox" checked={s.splitByPid} onChange={(e) => void s.setSplitByPid(e.target.checked)} data-testid="split-pid" /> case per pid
        </label>
        {s.result && (
          <ErrorBoundary name="Toolbar" resetKey={s.result}>
            <Toolbar onError={s.notify} />
          </ErrorBoundary>
        )}
      </header>
      <ErrorBoundary name="Messages" resetKey={s.banner}>
        <Banner />
        <CustomConfirm />
        <LoadConfirm />
      </ErrorBoundary>
      {busy && (
        <ErrorBoundary name="Progress">
          <ProgressBar progress={s.progress} onCancel={s.cancel} />
        </ErrorBoundary>
      )}
      {!busy && (!s.summary || s.summary.cases === 0) && (
        <>
          {s.summary && (
            <div className="empty">
              <ErrorBoundary name="Summary" resetKey={s.summary}>
                <SummaryPanel summary={s.summary} keptCases={0} unmapped={null} />
              </ErrorBoundary>
            </div>
          )}
          <EmptyState onExample={loadExample} onPick={() => fileInput.current?.click()} onPickFolder={() => folderInput.current?.click()} />
        </>
      )}
      {s.summary && s.summary.cases > 0 && (
        <main className="workspace">
          <aside className="side">
            <nav className="tabs">
              {(['summary', 'mapping', 'partition'] as SideTab[]).map((t) => (
                <button key={t} className={side === t ? 'on' : ''} onClick={() => setSide(t)} data-testid={`tab-${t}`}>
                  {t === 'summary' ? 'Summary' : t === 'mapping' ? 'Mapping' : 'Partition'}
                </button>
              ))}
            </nav>
            <ErrorBoundary name={side === 'summary' ? 'Summary' : side === 'mapping' ? 'Mapping' : 'Partition'} key={side} resetKey={s.result ?? s.summary}>
              {side === 'summary' && <SummaryPanel summary={s.summary} keptCases={s.result ? s.keptCases : s.summary.cases} unmapped={s.result?.unmapped ?? null} />}
              {side === 'mapping' && <MappingEditor />}
              {side === 'partition' && <PartitionPicker />}
            </ErrorBoundary>
            {s.caseFilters.length > 0 && (
              <div className="case-filters" data-testid="case-filters">
                <strong>Case filters</strong>
                {s.caseFilters.map((f, i) => (
                  <span key={i} className="chip">
                    {f.keep === 'with' ? 'with' : 'without'} <code>{f.activity}</code>
                    <button className="small" onClick={() => void s.removeCaseFilter(i)} aria-label="Remove filter">
                      ×
                    </button>
                  </span>
                ))}
              </div>
            )}
          </aside>
          <div className="main-col">
          <section className="graph-area">
            {s.result ? (
              <ErrorBoundary name="Graph" resetKey={s.result}>
                <Suspense fallback={<p className="muted">Loading the graph view…</p>}>
                  <GraphPanel
                    result={s.result}
                    colorMode={s.colorMode}
                    edgeLabel={s.edgeLabel}
                    direction={s.direction}
                    selected={s.selected}
                    onSelectNode={(id) => void s.selectNode(id)}
                    onSelectEdge={(a, b) => void s.selectEdge(a, b)}
                    onKeepCases={(a, k) => void s.keepCases(a, k)}
                    filter={graphFilter}
                    onFilter={s.setGraphFilter}
                  />
                </Suspense>
              </ErrorBoundary>
            ) : (
              <p className="muted">
                {s.status === 'analyzing' ? 'Analysing…' : 'No graph.'}{' '}
                {s.status === 'analyzing' && (
                  <button className="small" onClick={s.cancel} data-testid="cancel-analysis">
                    Cancel
                  </button>
                )}
              </p>
            )}
            {s.status === 'analyzing' && s.result && (
              <div className="busy-badge">
                Analysing…{' '}
                <button className="small" onClick={s.cancel} data-testid="cancel-analysis">
                  Cancel
                </button>
              </div>
            )}
          </section>
          {(s.timeline || s.edge) && (
            <section className="detail" data-testid="detail">
              <ErrorBoundary name="Detail" resetKey={s.timeline ?? s.edge}>
                <Suspense fallback={<p className="muted">Loading…</p>}>
                  {s.timeline && <TimelinePanel data={s.timeline} onClose={s.closeTimeline} />}
                  {s.edge && <EdgeCasesPanel data={s.edge} onClose={s.closeEdge} />}
                </Suspense>
              </ErrorBoundary>
            </section>
          )}
          {s.result && (
            <section className="bottom">
              <nav className="tabs">
                <button className={bottom === 'stats' ? 'on' : ''} onClick={() => setBottom('stats')} data-testid="tab-stats">
                  Statistics ({s.result.nodes.length})
                </button>
                <button className={bottom === 'variants' ? 'on' : ''} onClick={() => setBottom('variants')} data-testid="tab-variants">
                  Variants ({s.result.variants.length})
                </button>
              </nav>
              <ErrorBoundary name="Table" resetKey={s.result}>
                <Suspense fallback={<p className="muted">Loading…</p>}>
                  {bottom === 'stats' ? <StatsTable nodes={s.result.nodes} selected={s.selected} onSelect={(id) => void s.selectNode(id)} hasDurations={s.result.hasDurations} hasTimestamps={s.result.hasTimestamps} height={220} /> : <VariantsList variants={s.result.variants} />}
                </Suspense>
              </ErrorBoundary>
            </section>
          )}
          </div>
        </main>
      )}
      {dragging && <div className="drop-overlay">Drop traces or a folder to load them</div>}
    </div>
  );
}
