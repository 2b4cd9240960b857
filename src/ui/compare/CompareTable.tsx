/** The comparison table: one row per activity or edge, per-side columns, the test of the chosen metric. */
import { useMemo, useState } from 'react';
import type { CompareResult, ElementMetric } from '../../analysis/compare/types';
import { sortRows, tableRows, type SortKey, type TableRow } from './compareModel';
import { CompareTableRow } from './CompareTableRow';

const SHOWN = 400;

export function CompareTable({ result, metric, onMetric, selected, onPick }: { result: CompareResult; metric: ElementMetric; onMetric(m: ElementMetric): void; selected: string | null; onPick(kind: string, ref: string): void }) {
  const [kind, setKind] = useState<TableRow['kind']>('activity');
  const [sort, setSort] = useState<{ key: SortKey; reverse: boolean }>({ key: 'effect', reverse: false });
  const [query, setQuery] = useState('');
  const all = useMemo(() => tableRows(result, kind, metric), [result, kind, metric]);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return sortRows(q ? all.filter((r) => r.id.toLowerCase().includes(q)) : all, sort.key, sort.reverse);
  }, [all, query, sort]);
  const m: ElementMetric = kind === 'edge' ? 'count' : metric;
  const head = (key: SortKey, label: string, title?: string) => (
    <th className={key === 'id' ? '' : 'num'} aria-sort={sort.key === key ? (sort.reverse ? 'ascending' : 'descending') : 'none'} title={title}>
      <button onClick={() => setSort((s) => ({ key, reverse: s.key === key ? !s.reverse : false }))} data-testid={`compare-sort-${key}`}>
        {label}
        {sort.key === key ? (sort.reverse ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
  return (
    <div data-testid="compare-table">
      <div className="tbl-toolbar">
        <select value={kind} onChange={(e) => setKind(e.target.value as TableRow['kind'])} data-testid="compare-kind" aria-label="Rows">
          <option value="activity">activities ({result.activities.length})</option>
          <option value="edge">edges ({result.edges.length})</option>
          {/* traces with stacks (strace -k) or layers: per layer and per call site (docs/METHOD.md "Layers") */}
          {result.layers?.length ? <option value="layer">layers ({result.layers.length})</option> : null}
          {result.sites?.length ? <option value="site">call sites ({result.sites.length})</option> : null}
        </select>
        <label>
          per case{' '}
          <select value={metric} onChange={(e) => onMetric(e.target.value as ElementMetric)} disabled={kind === 'edge'} data-testid="compare-metric">
            <option value="count">events</option>
            <option value="bytes">bytes</option>
            <option value="time">time in calls (Σ dur)</option>
          </select>
        </label>
        <input type="search" placeholder="Filter…" aria-label="Filter rows" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="compare-filter" />
        <span className="tbl-count">{rows.length > SHOWN ? `first ${SHOWN} of ${rows.length}` : `${rows.length} rows`}</span>
        <span className="tbl-note">effect = Cliff&apos;s delta over cases (+ red larger); q = Benjamini–Hochberg over all tests; per call: every call, green vs red</span>
      </div>
      <div className="tbl-scroll cmp-scroll">
        <table className="tbl stats-table cmp-table">
          <thead>
            <tr>
              {head('id', kind === 'edge' ? 'edge' : kind === 'site' ? 'call site' : kind)}
              <th className="num" title="cases of green / red that contain it">cases G / R</th>
              {head('green', `G mean${m === 'count' ? '' : ''}`, 'mean per green case (a case without it counts 0)')}
              {head('red', 'R mean', 'mean per red case')}
              {head('ratio', 'R / G')}
              {head('effect', '|effect|')}
              {head('q', 'q')}
              {kind === 'activity' && (
                <>
                  <th className="num">mean dur G / R</th>
                  <th className="num" title="per call: the median duration of one call on each side (every call of the side's cases)">per call: median G / R</th>
                  <th className="num" title="per call: U test of every green call's duration against every red call's — calls of one run are not independent, so this says whether a call is slower, not whether a run is">q per call</th>
                  <th className="num">dr G / R</th>
                  <th className="num">mc G / R</th>
                  <th className="num">failed G / R</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((r) => (
              <CompareTableRow key={r.id} r={r} m={m} testable={result.testable} cases={`n = ${result.green.ids.length} vs ${result.red.ids.length}`} selected={r.id === selected} onPick={onPick} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
