/**
 * The Compare tab (there whenever green and red have cases): the top differences as sentences (a click
 * selects the node or edge), per side the median and spread of the case measures, the table of every
 * activity and edge with per-side columns and its tests, the cases table, JSON and CSV exports.
 * Method: docs/METHOD.md "Comparing green and red".
 */
import { useMemo, useState } from 'react';
import type { CaseMetric, CompareResult, ElementMetric, Spread } from '../../analysis/compare/types';
import { appText, formatBytes, formatCount, formatSeconds, formatPercent } from '../../lib/format';
import { download } from '../exportFiles';
import type { RewriteRule } from '../../analysis/types';
import { AlignBar } from './AlignBar';
import { CasesTable } from './CasesTable';
import { CompareTable } from './CompareTable';
import { compareCsv } from './compareModel';
import './compare.css';

export interface ComparePanelProps {
  result: CompareResult;
  selected: string | null;
  onSelectNode(id: string): void;
  onSelectEdge(source: string, target: string): void;
  exportJson(): Promise<string>;
  onError(message: string): void;
  /** The mapping's rewrites, and how to set them (like-for-like alignments: Apply / Undo). */
  rewrites: readonly RewriteRule[];
  onRewrites(r: RewriteRule[]): void;
}

type View = 'elements' | 'cases';

const CASE_ROWS: { m: CaseMetric; label: string; fmt: (x: number) => string }[] = [
  { m: 'wall', label: 'wall time', fmt: formatSeconds },
  { m: 'traced', label: 'traced time', fmt: formatSeconds },
  { m: 'untraced', label: 'untraced time (in no traced call)', fmt: formatSeconds },
  { m: 'coverage', label: 'coverage (traced / wall)', fmt: (x) => formatPercent(x, 0) },
  { m: 'events', label: 'events', fmt: formatCount },
  { m: 'bytesRead', label: 'bytes read', fmt: formatBytes },
  { m: 'bytesWritten', label: 'bytes written', fmt: formatBytes },
  { m: 'failures', label: 'failed calls', fmt: formatCount },
];

function spreadText(s: Spread, fmt: (x: number) => string): string {
  if (s.median === null) return '–';
  if (s.min === s.max) return fmt(s.median);
  return `${fmt(s.median)} (${fmt(s.q1!)} – ${fmt(s.q3!)})`;
}

function qText(q: number | null): string {
  if (q === null) return '–';
  return q < 0.001 ? q.toExponential(1) : q.toFixed(3);
}

export function ComparePanel({ result, selected, onSelectNode, onSelectEdge, exportJson, onError, rewrites, onRewrites }: ComparePanelProps) {
  const [view, setView] = useState<View>('elements');
  const [metric, setMetric] = useState<ElementMetric>('time');
  const edgeEnds = useMemo(() => new Map(result.edges.map((e) => [e.id, [e.source!, e.target!] as const])), [result]);
  const pick = (kind: string, ref: string | null) => {
    if (ref === null) return;
    const ends = edgeEnds.get(ref);
    if (ends) onSelectEdge(ends[0], ends[1]);
    else if (kind !== 'edge' && kind !== 'layer' && kind !== 'site') onSelectNode(ref); // a layer or a call site is no node
  };
  return (
    <section className="tbl-panel compare-panel" data-testid="compare-panel" aria-label="Compare green and red">
      <div className="cmp-head">
        <span className="cmp-sides">
          <span className="cmp-chip green">green {result.green.ids.length} cases</span>
          <span className="cmp-chip red">red {result.red.ids.length} cases</span>
        </span>
        <span className="spacer" />
        <button onClick={() => exportJson().then((j) => download('strace-dfg-compare.json', j, 'application/json'), (e: Error) => onError(`Compare JSON: ${e.message}`))} data-testid="compare-export-json">
          Compare JSON
        </button>
        <button onClick={() => download('strace-dfg-compare.csv', compareCsv(result), 'text/csv')} data-testid="compare-export-csv">
          Compare CSV
        </button>
      </div>
      {result.note && (
        <p className="cmp-note" data-testid="compare-note">
          {result.note}
        </p>
      )}
      <ol className="cmp-top" data-testid="top-differences">
        {result.top.map((t, i) => (
          <li key={i}>
            {t.ref === null ? (
              <span className={`cmp-sentence case`} data-testid="top-diff">
                {appText(t.text)}
              </span>
            ) : (
              <button className={`cmp-sentence ${t.kind === 'structure' ? 'structure' : ''} ${t.ref === selected ? 'on' : ''}`} onClick={() => pick(t.kind, t.ref)} title={`select ${t.kind} ${t.ref}`} data-testid="top-diff" data-ref={t.ref} data-kind={t.kind}>
                {appText(t.text)}
              </button>
            )}
          </li>
        ))}
        {result.top.length === 0 && <li className="muted">No difference to state: nothing in every case of one side only, no test with q &lt; 0.05, no complete separation.</li>}
      </ol>
      <AlignBar result={result} rewrites={rewrites} onRewrites={onRewrites} />
      <table className="tbl cmp-summary" data-testid="compare-summary">
        <thead>
          <tr>
            <th>per case: median (quartiles)</th>
            <th className="num">green</th>
            <th className="num">red</th>
            <th className="num" title="Cliff's delta: −1 every green case above every red case, +1 every red case above">effect</th>
            <th className="num" title="Benjamini–Hochberg q of the Mann–Whitney U test across cases">q</th>
          </tr>
        </thead>
        <tbody>
          {CASE_ROWS.map(({ m, label, fmt }) => {
            const t = result.caseTests[m];
            return (
              <tr key={m} data-testid={`summary-${m}`}>
                <td>{label}</td>
                <td className="num">{spreadText(result.green.stats[m], fmt)}</td>
                <td className="num">{spreadText(result.red.stats[m], fmt)}</td>
                <td className="num">{t.effect === null ? '–' : t.effect.toFixed(2)}</td>
                <td className="num">{qText(t.q)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <nav className="tabs cmp-views">
        <button className={view === 'elements' ? 'on' : ''} onClick={() => setView('elements')} data-testid="compare-view-elements">
          Activities and edges ({result.activities.length + result.edges.length})
        </button>
        <button className={view === 'cases' ? 'on' : ''} onClick={() => setView('cases')} data-testid="compare-view-cases">
          Cases ({result.green.ids.length + result.red.ids.length})
        </button>
      </nav>
      {view === 'elements' ? (
        <CompareTable result={result} metric={metric} onMetric={setMetric} selected={selected} onPick={pick} />
      ) : (
        <CasesTable result={result} />
      )}
    </section>
  );
}
