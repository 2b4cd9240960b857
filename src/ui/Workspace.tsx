/**
 * The workspace once traces are loaded: the side column (summary, mapping, partition, insights) and the
 * main column: the time overview, then the graph, the details (a timeline or an edge's cases) and the
 * tables, with drag handles between them (Panes.tsx). The graph gets exactly the height that is left,
 * never less than half of what is below the overview.
 */
import { Suspense, useMemo, useRef, useState } from 'react';
import { useApp } from './appContext';
import { ErrorBoundary } from './ErrorBoundary';
import { alignAtCaseStart, differenceMap } from './compare/compareModel';
import { EdgeCasesPanel, GraphPanel, TimelinePanel } from './panels';
import { LOWER_MAX, Splitter, lowerSizes, useHeight } from './Panes';
import { OverviewArea } from './time/OverviewArea';
import { EmptyGraph } from './darshan/EmptyGraph';
import { orderRowsBySide } from './timeline/rowOrder';
import { TabButton, TABS, type TabDef } from './tabs';
import { useLayers } from './layers/useLayers';

const SIDE_TABS = TABS.filter((t) => t.area === 'side');
const BOTTOM_TABS = TABS.filter((t) => t.area === 'bottom');

/** A row of tab buttons and the chosen tab's content. `open` === false (the tables below the graph until
 * used): only the buttons; a click on one opens the pane with that tab, ▾ folds it again. */
function Tabs({ tabs, open = true, onOpen }: { tabs: readonly TabDef[]; open?: boolean; onOpen?(open: boolean): void }) {
  const [current, setCurrent] = useState(tabs[0].id);
  const tab = tabs.find((t) => t.id === current) ?? tabs[0];
  const resetKey = useApp((s) => s.result ?? s.summary);
  return (
    <>
      <nav className="tabs">
        {tabs.map((t) => (
          <TabButton key={t.id} tab={t} on={open && t.id === tab.id} onClick={() => {
            setCurrent(t.id);
            onOpen?.(true);
          }} />
        ))}
        {onOpen && (
          <button className="small tabs-fold" onClick={() => onOpen(!open)} aria-expanded={open} data-testid="tables-fold"
            title={open ? 'Fold the tables: the graph gets the room' : 'Open the tables'}>
            {open ? '▾ fold' : '▴ open'}
          </button>
        )}
      </nav>
      {!open ? null : <ErrorBoundary name={tab.id.charAt(0).toUpperCase() + tab.id.slice(1)} key={tab.id} resetKey={resetKey}>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <tab.Content />
        </Suspense>
      </ErrorBoundary>}
    </>
  );
}

function CaseFilters() {
  const caseFilters = useApp((s) => s.view.caseFilters);
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
  const colorMode = useApp((s) => s.view.colorMode);
  const edgeLabel = useApp((s) => s.view.edgeLabel);
  const direction = useApp((s) => s.view.direction);
  const groupBy = useApp((s) => s.view.groupBy);
  const { report: layers } = useLayers();
  const selected = useApp((s) => s.selected);
  const marked = useApp((s) => s.marked);
  const selectNode = useApp((s) => s.selectNode);
  const selectEdge = useApp((s) => s.selectEdge);
  const keepCases = useApp((s) => s.keepCases);
  const cancel = useApp((s) => s.cancel);
  const activities = useApp((s) => s.view.activities);
  const paths = useApp((s) => s.view.paths);
  const rankBy = useApp((s) => s.view.rankBy);
  const setGraphFilter = useApp((s) => s.setGraphFilter);
  const graphFilter = useMemo(() => ({ activities, paths, rankBy }), [activities, paths, rankBy]);
  const compare = useApp((s) => s.compare);
  const difference = useMemo(() => (compare && colorMode.kind === 'difference' ? differenceMap(compare, colorMode.metric) : null), [compare, colorMode]);
  const emptyGraph = useApp((s) => s.summary?.emptyGraph);
  return (
    <section className="graph-area">
      {result && result.nodes.length === 0 && emptyGraph ? (
        <EmptyGraph text={emptyGraph} />
      ) : result ? (
        <ErrorBoundary name="Graph" resetKey={result}>
          <Suspense fallback={<p className="muted">Loading the graph view…</p>}>
            <GraphPanel
              result={result}
              colorMode={colorMode}
              edgeLabel={edgeLabel}
              direction={direction}
              layers={layers}
              groupBy={groupBy}
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

function Detail({ size }: { size: string }) {
  const raw = useApp((s) => s.timeline);
  const compare = useApp((s) => s.compare);
  const partitionCases = useApp((s) => s.partitionCases);
  const [align, setAlign] = useState(false);
  // rows of green cases first, then red, then unassigned: the order of the time overview
  const ordered = useMemo(() => (raw ? orderRowsBySide(raw, partitionCases) : null), [raw, partitionCases]);
  const rowSides = ordered?.rowSides ?? null;
  const timeline = useMemo(() => (ordered && align && compare ? alignAtCaseStart(ordered.data, compare) : (ordered?.data ?? null)), [align, ordered, compare]);
  const edge = useApp((s) => s.edge);
  const closeTimeline = useApp((s) => s.closeTimeline);
  const closeEdge = useApp((s) => s.closeEdge);
  if (!timeline && !edge) return null;
  return (
    <section className="detail" id="pane-detail" data-testid="detail" style={{ flexBasis: size }}>
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


/** The height of the tables until used: their tabs, the table's header and about two rows. */
const SMALL_TABLES = 104;

/** Splitters are 6 px high: the panes below the graph get their share of what remains. */
const px = (pct: number, h: number): string => (h > 0 ? `${Math.round((pct * h) / 100)}px` : `${pct}%`);

export function Workspace() {
  const hasResult = useApp((s) => s.result !== null);
  const detailOpen = useApp((s) => s.timeline !== null || s.edge !== null);
  const rootRef = useRef<HTMLElement>(null);
  const panesRef = useRef<HTMLDivElement>(null);
  const panesH = useHeight(panesRef);
  const [sidePct, setSidePct] = useState(22);
  const [tablesPct, setTablesPct] = useState(30);
  // the tables are small (their tabs and a few rows) until used — a click, a key or the wheel in them
  // grows them to their size (the graph gets the room); ▾ folds them to their tabs
  const [tablesState, setTablesState] = useState<'small' | 'open' | 'folded'>('small');
  const tablesOpen = tablesState === 'open';
  const used = (): void => setTablesState((t) => (t === 'small' ? 'open' : t));
  const [detailPct, setDetailPct] = useState(30);
  const { detail, tables } = lowerSizes(detailOpen ? detailPct : null, hasResult && tablesOpen ? tablesPct : null);
  return (
    <main className="workspace" ref={rootRef} style={{ gridTemplateColumns: `minmax(220px, ${sidePct}%) 6px 1fr` }}>
      <aside className="side" id="pane-side">
        <Tabs tabs={SIDE_TABS} />
        <CaseFilters />
      </aside>
      <Splitter label="Resize the side panel" controls="pane-side" orientation="vertical" value={sidePct} min={15} max={45} container={rootRef} onChange={setSidePct} testId="split-side" />
      <div className="main-col">
        {hasResult && <OverviewArea />}
        <div className="panes" ref={panesRef} data-testid="panes">
          <GraphArea />
          {detailOpen && (
            <Splitter label="Resize the details (timeline, edge cases)" controls="pane-detail" orientation="horizontal" value={detail} min={10} max={LOWER_MAX - tables}
              container={panesRef} testId="split-detail"
              onChange={(v) => {
                setDetailPct(v);
                setTablesPct(tables);
              }} />
          )}
          {detailOpen && <Detail size={px(detail, panesH)} />}
          {hasResult && tablesOpen && (
            <Splitter label="Resize the tables" controls="pane-tables" orientation="horizontal" value={tables} min={8} max={LOWER_MAX - detail}
              container={panesRef} testId="split-tables"
              onChange={(v) => {
                setTablesPct(v);
                if (detailOpen) setDetailPct(detail);
              }} />
          )}
          {hasResult && (
            <section className={`bottom ${tablesState}`} id="pane-tables" data-testid="tables-pane" data-state={tablesState}
              style={{ flexBasis: tablesOpen ? px(tables, panesH) : tablesState === 'small' ? `${SMALL_TABLES}px` : 'auto' }}
              onClickCapture={used} onKeyDown={used} onWheel={used}>
              <Tabs tabs={BOTTOM_TABS} open={tablesState !== 'folded'} onOpen={(o) => setTablesState(o ? 'open' : 'folded')} />
            </section>
          )}
        </div>
      </div>
    </main>
  );
}
