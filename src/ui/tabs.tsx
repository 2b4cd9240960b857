/**
 * The tabs of the workspace, one entry each: adding a tab (e.g. Compare, Insights, Time) = one entry in
 * TABS with its title and its content component (which reads the store itself, with selectors).
 */
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { sumPatterns } from '../lib/accessText';
import type { AppState } from '../store/appStore';
import { useApp } from './appContext';
import { edgeKey } from '../analysis/types';
import { ComparePanel } from './compare/ComparePanel';
import { FilesTable } from './tables/FilesTable';
import { CounterFilesTable } from './darshan/CounterFilesTable';
import { JobsSummary } from './darshan/JobsSummary';
import { MappingEditor } from './MappingEditor';
import { PatternTab, StatsTable, VariantsList } from './panels';
import { InsightsPanel } from './insights/InsightsPanel';
import { PartitionPicker } from './PartitionPicker';
import { SummaryPanel } from './SummaryPanel';
import { PhasesTable } from './time/PhasesTable';
import { TimeTab } from './time/TimeTab';
import { UntracedSummary } from './time/UntracedSummary';
import { CallSitesTable, LayerTotals } from './layers/CallSitesTable';
import { LayerLinksTable } from './layers/LayerLinksTable';
import { FlamePanel } from './layers/FlamePanel';
import { useLayers } from './layers/useLayers';

export interface TabDef {
  /** Stable id; the button's test id is `tab-<id>`. */
  id: string;
  /** `side`: the panel left of the graph; `bottom`: below it (shown once there is an analysis). */
  area: 'side' | 'bottom';
  /** The button text (a selector: it may show counts). */
  title(s: AppState): string;
  /** The button's tooltip, when it has one (a selector). */
  hint?(s: AppState): string | undefined;
  /** The content; rendered inside an error boundary and Suspense (lazy panels may suspend). */
  Content: ComponentType;
}

function SummaryTab() {
  const summary = useApp((s) => s.summary);
  const hasResult = useApp((s) => s.result !== null);
  const keptCases = useApp((s) => s.keptCases);
  const unmapped = useApp((s) => s.result?.unmapped ?? null);
  const leftOut = useApp((s) => s.result?.leftOut);
  const system = useApp((s) => s.result?.system);
  if (!summary) return null;
  return (
    <>
      <SummaryPanel summary={summary} keptCases={hasResult ? keptCases : summary.cases} unmapped={unmapped} leftOut={leftOut} system={system} />
      {summary.jobs && <JobsSummary jobs={summary.jobs} />}
      {hasResult && summary.events > 0 && <UntracedSummary />}
    </>
  );
}

/** The access patterns of the current result (null while not asked for or loading). */
const currentAccess = (s: AppState) => (s.accessFor !== null && s.accessFor === s.result ? s.access : null);

function StatsTab() {
  const result = useApp((s) => s.result);
  const selected = useApp((s) => s.selected);
  const selectNode = useApp((s) => s.selectNode);
  const report = useApp(currentAccess);
  const loadAccess = useApp((s) => s.loadAccess);
  const accessLoading = useApp((s) => s.accessLoading);
  const onWantAccess = useMemo(() => (accessLoading ? undefined : () => void loadAccess()), [accessLoading, loadAccess]);
  // activity → its reads and writes together
  const access = useMemo(() => (report ? new Map(report.activities.map((a) => [a.id, { ...sumPatterns(a.read, a.write), requests: a.read.requests + a.write.requests }])) : undefined), [report]);
  if (!result) return null;
  return (
    <StatsTable
      nodes={result.nodes}
      selected={selected}
      onSelect={(id) => void selectNode(id)}
      hasDurations={result.hasDurations}
      hasTimestamps={result.hasTimestamps}
      access={access}
      onWantAccess={onWantAccess}
    />
  );
}

/** The Files view: of the events, or (Darshan logs) of Darshan's counters — the counters first when there are no events. */
function FilesTab() {
  const darshan = useApp((s) => (s.summary?.jobs?.length ?? 0) > 0);
  const events = useApp((s) => (s.summary?.events ?? 0) > 0);
  const [counters, setCounters] = useState(!events);
  if (!darshan) return <EventFiles />;
  return (
    <>
      <div className="files-source" role="group" aria-label="Files from">
        <span className="muted">files from</span>
        <button className={counters ? 'small' : 'small on'} aria-pressed={!counters} disabled={!events} onClick={() => setCounters(false)} data-testid="files-from-events"
          title={events ? 'the traced operations (DXT, strace): the Files view of the events' : 'no events: the logs have no DXT trace'}>
          events
        </button>
        <button className={counters ? 'small on' : 'small'} aria-pressed={counters} onClick={() => setCounters(true)} data-testid="files-from-counters" title="Darshan's counters per file and rank">
          Darshan counters
        </button>
      </div>
      {counters ? <CounterFilesTable /> : <EventFiles />}
    </>
  );
}

function EventFiles() {
  const hasResult = useApp((s) => s.result !== null);
  const report = useApp(currentAccess);
  const loading = useApp((s) => s.accessLoading);
  const loadAccess = useApp((s) => s.loadAccess);
  const offsetFile = useApp((s) => s.offsetFile);
  const setOffsetFile = useApp((s) => s.setOffsetFile);
  useEffect(() => {
    if (hasResult && !report && !loading) void loadAccess();
  }, [hasResult, report, loading, loadAccess]);
  if (!report) return <p className="muted">Computing the access patterns…</p>;
  return <FilesTable report={report} selected={offsetFile} onSelect={setOffsetFile} />;
}

function VariantsTab() {
  const variants = useApp((s) => s.result?.variants);
  const keepCaseIds = useApp((s) => s.keepCaseIds);
  return variants ? <VariantsList variants={variants} onKeepCases={(ids) => void keepCaseIds(ids)} /> : null;
}

/** The overview's I/O phases (whole run): a click analyses exactly that phase; the table stays. */
function PhasesTab() {
  const phases = useApp((s) => s.overview?.phases ?? null);
  const window = useApp((s) => s.view.time);
  const setTime = useApp((s) => s.setTime);
  if (!phases) return <p className="muted">Computing the overview…</p>;
  return <PhasesTable phases={phases} window={window} onPick={(w) => void setTime(w)} />;
}

function CompareTab() {
  const compare = useApp((s) => s.compare);
  const selected = useApp((s) => s.selected);
  const edge = useApp((s) => s.edge);
  const selectNode = useApp((s) => s.selectNode);
  const selectEdge = useApp((s) => s.selectEdge);
  const exportCompareJson = useApp((s) => s.exportCompareJson);
  const notify = useApp((s) => s.notify);
  const mapping = useApp((s) => s.view.mapping);
  const setMapping = useApp((s) => s.setMapping);
  if (!compare) return <p className="muted">Choose green and red cases (Partition tab) to compare them.</p>;
  // a selected edge (its cases open) is the selection the table and the sentences mark, else the node
  const mark = edge ? edgeKey(edge.source, edge.target) : selected;
  return <ComparePanel result={compare} selected={mark} onSelectNode={(id) => void selectNode(id)} onSelectEdge={(a, b) => void selectEdge(a, b)} exportJson={exportCompareJson} onError={notify} rewrites={mapping.rewrites} onRewrites={(r) => void setMapping({ ...mapping, rewrites: r })} />;
}

/** The Call sites table (strace -k; docs/METHOD.md "Layers"), under the Layer links table when the log links its layers (OTF2, Darshan DXT). */
function SitesTab() {
  const { report, loading } = useLayers();
  if (loading) return <p className="muted">Classifying the stacks…</p>;
  if (!report) return <p className="muted" data-testid="sites-none">No stacks: record with strace -k (GUIDE “Layers”) to see which library and which line issued each call.</p>;
  if (!report.links) return <CallSitesTable report={report} />;
  // without stacks there is no call site: the links alone, with the layers' totals
  return (
    <div className="sites-tab">
      <LayerLinksTable links={report.links} totals={report.sites.length ? null : <LayerTotals report={report} />} />
      {report.sites.length > 0 && <CallSitesTable report={report} />}
    </div>
  );
}

export const TABS: readonly TabDef[] = [
  { id: 'summary', area: 'side', title: () => 'Summary', Content: SummaryTab },
  { id: 'mapping', area: 'side', title: () => 'Mapping', Content: MappingEditor },
  { id: 'partition', area: 'side', title: () => 'Partition', Content: PartitionPicker },
  { id: 'insights', area: 'side', title: () => 'Insights', Content: InsightsPanel },
  { id: 'stats', area: 'bottom', title: (s) => `Statistics (${s.result?.nodes.length ?? 0})`, Content: StatsTab },
  { id: 'variants', area: 'bottom', title: (s) => `Variants (${s.result?.variants.length ?? 0})`, Content: VariantsTab },
  { id: 'pattern', area: 'bottom', title: () => 'Pattern', Content: PatternTab },
  { id: 'files', area: 'bottom', title: (s) => (currentAccess(s) && s.summary?.events ? `Files (${currentAccess(s)!.files.length})` : 'Files'), Content: FilesTab },
  { id: 'phases', area: 'bottom', title: (s) => `Phases (${s.overview?.phases.phases.length ?? 0})`, Content: PhasesTab },
  { id: 'time', area: 'bottom', title: () => 'Run timeline', Content: TimeTab },
  { id: 'sites', area: 'bottom', title: () => 'Call sites', Content: SitesTab },
  { id: 'flame', area: 'bottom', title: () => 'Flame graph', Content: FlamePanel },
  // (one word: "Compare (set green and red)" pushed the tab row past the pane at 1280×720, the last tab cut
  // and the fold button out of sight; what it needs is its tooltip and its content)
  { id: 'compare', area: 'bottom', title: () => 'Compare', hint: (s) => (s.compare ? undefined : 'Set green and red (Partition tab) to compare them'), Content: CompareTab },
];

/** A tab's button: re-renders only when its own title changes. */
export function TabButton({ tab, on, onClick }: { tab: TabDef; on: boolean; onClick(): void }) {
  const title = useApp(tab.title);
  const hint = useApp((s) => tab.hint?.(s));
  return (
    <button className={on ? 'on' : ''} onClick={onClick} data-testid={`tab-${tab.id}`} title={hint}>
      {title}
    </button>
  );
}
