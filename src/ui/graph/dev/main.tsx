/**
 * Dev harness (not part of the production build): `npx vite --port 5180`, then open
 * /src/ui/graph/dev/graph-dev.html?n=300&cases=16&len=150&partition=1&mode=partition&dir=LR&label=count
 * `fixture=paper` shows a hand-built version of the paper's Figure 3 (ls vs ls -l) with an XSS-looking path.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { END, START, type AnalysisResult } from '../../../analysis/types';
import type { ColorMode, EdgeLabelKind, Metric } from '../../contracts';
import { readGraph } from '../../testHook';
import { GraphPanel } from '../GraphPanel';
import { syntheticResult } from '../../../testing/syntheticResult';
import depth4 from '../__fixtures__/python-imports-depth4.json';

const q = new URLSearchParams(location.search);

function paper(): AnalysisResult {
  const st = (id: string, count: number, rd: number, bytes: number | null) => ({ id, count, dur: rd, rd, bytes, dr: bytes && rd ? bytes / rd : null, mc: 1, DR: bytes && rd ? bytes / rd : null, cases: 3 });
  const nodes = [
    st('read:/usr/lib', 30, 0.3, 30000), st('read:/proc/filesystems', 3, 0.05, 1200), st('read:/etc/locale.alias', 6, 0.1, 8000),
    st('write:/dev/pts', 9, 0.4, 900), st('read:/etc/nsswitch.conf', 3, 0.05, 1500), st('read:/etc/passwd', 3, 0.05, 3000),
    st('read:/etc/group', 3, 0.05, 2000), st('read:<img src=x onerror=alert(1)>', 1, 0.0, 10),
  ];
  const e = (source: string, target: string, count: number) => ({ source, target, count, cases: Math.min(count, 3), meanGap: 1e-5 * count });
  const edges = [
    e(START, 'read:/usr/lib', 6), e('read:/usr/lib', 'read:/usr/lib', 18), e('read:/usr/lib', 'read:/proc/filesystems', 6),
    e('read:/proc/filesystems', 'read:/etc/locale.alias', 6), e('read:/etc/locale.alias', 'write:/dev/pts', 3),
    e('read:/etc/locale.alias', 'read:/etc/nsswitch.conf', 3), e('read:/etc/nsswitch.conf', 'read:/etc/passwd', 3),
    e('read:/etc/passwd', 'read:/etc/group', 3), e('read:/etc/group', 'write:/dev/pts', 3), e('write:/dev/pts', 'write:/dev/pts', 3),
    e('write:/dev/pts', END, 6), e('read:/etc/group', 'read:<img src=x onerror=alert(1)>', 1), e('read:<img src=x onerror=alert(1)>', 'write:/dev/pts', 1),
  ];
  const side = (s: 'green' | 'red' | 'both' | 'neither') => ({ side: s, green: s === 'red' ? 0 : 1, red: s === 'green' ? 0 : 1 });
  const pn: Record<string, ReturnType<typeof side>> = {};
  for (const n of nodes) pn[n.id] = side(/nsswitch|passwd|group|img/.test(n.id) ? 'red' : 'both');
  pn[START] = pn[END] = side('both');
  const pe: Record<string, ReturnType<typeof side>> = {};
  for (const x of edges) pe[`${x.source} -> ${x.target}`] = side(/nsswitch|passwd|group|img/.test(x.source + x.target) ? 'red' : x.source === 'read:/etc/locale.alias' && x.target === 'write:/dev/pts' ? 'green' : 'both');
  return { cases: 6, events: 60, unmapped: 0, nodes, edges, variants: [], partition: { greenCases: 3, redCases: 3, nodes: pn, edges: pe }, hasDurations: true, hasTimestamps: true, hosts: 1 };
}

const result: AnalysisResult = q.get('fixture') === 'paper' ? paper() : q.get('fixture') === 'depth4' ? (depth4 as AnalysisResult) : syntheticResult({
  activities: Number(q.get('n') ?? 300), cases: Number(q.get('cases') ?? 16), traceLength: Number(q.get('len') ?? 150),
  seed: Number(q.get('seed') ?? 42), partition: q.get('partition') === '1',
});

function Harness() {
  const [mode, setMode] = useState<ColorMode>(q.get('mode') === 'partition' ? { kind: 'partition' } : { kind: 'metric', metric: (q.get('metric') as Metric) ?? 'rd' });
  const [label, setLabel] = useState<EdgeLabelKind>((q.get('label') as EdgeLabelKind) ?? 'count');
  const [dir, setDir] = useState<'LR' | 'TB'>(q.get('dir') === 'TB' ? 'TB' : 'LR');
  const [selected, setSelected] = useState<string | null>(null);
  const [log, setLog] = useState('');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ fontSize: 12, padding: 4, display: 'flex', gap: 10 }}>
        <select data-testid="dev-mode" value={mode.kind === 'partition' ? 'partition' : mode.metric} onChange={(e) => setMode(e.target.value === 'partition' ? { kind: 'partition' } : { kind: 'metric', metric: e.target.value as Metric })}>
          {['rd', 'bytes', 'count', 'dr', 'mc', 'DR', 'partition'].map((m) => <option key={m}>{m}</option>)}
        </select>
        <select data-testid="dev-label" value={label} onChange={(e) => setLabel(e.target.value as EdgeLabelKind)}>
          {['count', 'cases', 'gap'].map((m) => <option key={m}>{m}</option>)}
        </select>
        <button data-testid="dev-dir" onClick={() => setDir(dir === 'LR' ? 'TB' : 'LR')}>{dir}</button>
        <span data-testid="dev-log">{log}</span>
      </div>
      <div style={{ flex: 1 }}>
        <GraphPanel result={result} colorMode={mode} edgeLabel={label} direction={dir} selected={selected}
          onSelectNode={(id) => { setSelected(id); setLog(`node ${id}`); }}
          onSelectEdge={(s, t) => setLog(`edge ${s} → ${t}`)}
          onKeepCases={(a, k) => setLog(`keep ${k} ${a}`)} />
      </div>
    </div>
  );
}

(window as unknown as { __graph: typeof readGraph }).__graph = readGraph;
createRoot(document.getElementById('root')!).render(<StrictMode><Harness /></StrictMode>);
