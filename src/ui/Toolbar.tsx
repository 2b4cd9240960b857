/** Colouring, edge labels, direction; the exports in one menu (the header stays on one row). */
import type { EdgeLabelKind } from './contracts';
import { useApp } from './appContext';
import { ColourSelect } from './ColourSelect';
import { download, statsCsv } from './exportFiles';
import { LayersControl } from './layers/LayersControl';
import { Menu } from './Menu';

export function Toolbar({ onError }: { onError(msg: string): void }) {
  const edgeLabel = useApp((s) => s.view.edgeLabel);
  const direction = useApp((s) => s.view.direction);
  const result = useApp((s) => s.result);
  const setEdgeLabel = useApp((s) => s.setEdgeLabel);
  const setDirection = useApp((s) => s.setDirection);
  const exportJson = useApp((s) => s.exportJson);
  const exportH5 = useApp((s) => s.exportH5);
  const exportChrome = useApp((s) => s.exportChrome);
  const openReplay = useApp((s) => s.openReplay);
  const fail = (what: string) => (e: unknown) => onError(`${what}: ${(e as Error).message ?? String(e)}`);
  return (
    <div className="toolbar" data-testid="toolbar">
      <ColourSelect />
      <label>
        Edges{' '}
        <select value={edgeLabel} data-testid="edge-label" onChange={(e) => setEdgeLabel(e.target.value as EdgeLabelKind)}>
          <option value="count">event count</option>
          <option value="cases">cases</option>
          <option value="gap">mean gap</option>
        </select>
      </label>
      <label>
        {/* (the options name the direction: at a laptop's width the word is for screen readers only, app.css) */}
        <span className="toolbar-word">Direction </span>
        <select value={direction} data-testid="direction" title="Direction of the graph" onChange={(e) => setDirection(e.target.value as 'LR' | 'TB')}>
          <option value="LR">→ left to right</option>
          <option value="TB">↓ top to bottom</option>
        </select>
      </label>
      <LayersControl />
      <span className="spacer" />
      <Menu label="Export" testId="export-menu" align="right" title="The statistics as CSV, the analysis as JSON, the event log as HDF5, a Chrome trace (the graph's PNG/SVG: the graph's ⋯ menu)">
      <button disabled={!result} onClick={() => result && download('strace-dfg-statistics.csv', statsCsv(result.nodes), 'text/csv')} data-testid="export-csv">
        Statistics CSV
      </button>
      <button disabled={!result} onClick={() => exportJson().then((parts) => download('strace-dfg-analysis.json', new Blob(parts, { type: 'application/json' }), 'application/json'), fail('JSON export'))} data-testid="export-json">
        Analysis JSON
      </button>
      <button disabled={!result} onClick={() => exportH5().then((b) => download('strace-dfg-events.h5', b, 'application/x-hdf5'), fail('HDF5 export'))} data-testid="export-h5">
        Event log .h5
      </button>
      <button
        disabled={!result}
        title="The analysed events (case filters and time window applied) for Perfetto / chrome://tracing: a process per case, a thread per pid"
        onClick={() => exportChrome().then((parts) => download('strace-dfg-trace.json', new Blob(parts as BlobPart[], { type: 'application/json' }), 'application/json'), fail('Chrome trace export'))}
        data-testid="export-chrome"
      >
        Chrome trace
      </button>
      <button disabled={!result} title="The program's I/O as a replay folder for fio (docs/GUIDE.md 'Replay a run'), with what-ifs and a fidelity check" onClick={() => openReplay()} data-testid="replay-open">
        Replay…
      </button>
      </Menu>
    </div>
  );
}
