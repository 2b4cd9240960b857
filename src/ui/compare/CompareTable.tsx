/** The comparison table: one row per activity or edge, per-side columns, the test of the chosen metric. */
import { useMemo, useState } from 'react';
import type { CompareResult, ElementMetric } from '../../analysis/compare/types';
import { formatBytes, formatDuration, formatPercent, formatRate } from '../../lib/format';
import { sortRows, tableRows, type SortKey, type TableRow } from './compareModel';

const SHOWN = 400;

const fmtMetric = (m: ElementMetric, kind: TableRow['kind'], x: number | null): string => {
  if (x === null) return '–';
  if (m === 'bytes' && kind === 'activity') return formatBytes(x);
  if (m === 'time' && kind === 'activity') return formatDuration(x);
  return x >= 100 ? Math.round(x).toLocaleString('en-US') : Number(x.toPrecision(3)).toString();
};

function ratioText(r: TableRow): string {
  if (r.green === 0 && r.red !== null && r.red > 0) return 'red only';
  if (r.red === 0 && r.green !== null && r.green > 0) return 'green only';
  if (r.ratio === null) return '–';
  return r.ratio >= 1 ? `${Number(r.ratio.toPrecision(3))}×` : `1/${Number((1 / r.ratio).toPrecision(3))}`;
}

export function CompareTable({ result, metric, onMetric, selected, onPick }: { result: CompareResult; metric: ElementMetric; onMetric(m: ElementMetric): void; selected: string | null; onPick(kind: string, ref: string): void }) {
  const [kind, setKind] = useState<'activity' | 'edge'>('activity');
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
        <select value={kind} onChange={(e) => setKind(e.target.value as 'activity' | 'edge')} data-testid="compare-kind" aria-label="Rows">
          <option value="activity">activities ({result.activities.length})</option>
          <option value="edge">edges ({result.edges.length})</option>
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
        <span className="tbl-note">effect = Cliff&apos;s delta (+ red larger); q = Benjamini–Hochberg over all tests</span>
      </div>
      <div className="tbl-scroll cmp-scroll">
        <table className="tbl stats-table cmp-table">
          <thead>
            <tr>
              {head('id', kind === 'edge' ? 'edge' : 'activity')}
              <th className="num" title="cases of green / red that contain it">cases G / R</th>
              {head('green', `G mean${m === 'count' ? '' : ''}`, 'mean per green case (a case without it counts 0)')}
              {head('red', 'R mean', 'mean per red case')}
              {head('ratio', 'R / G')}
              {head('effect', '|effect|')}
              {head('q', 'q')}
              {kind === 'activity' && (
                <>
                  <th className="num">mean dur G / R</th>
                  <th className="num">dr G / R</th>
                  <th className="num">mc G / R</th>
                  <th className="num">failed G / R</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((r) => {
              const t = r.test;
              const sig = t?.q !== null && t?.q !== undefined && t.q < 0.05;
              return (
                <tr key={r.id} className={`${r.id === selected ? 'selected' : ''} ${sig ? 'sig' : ''}`} onClick={() => onPick(r.kind, r.id)} data-testid="compare-row" data-id={r.id}>
                  <td className="act" title={r.id}>
                    <span className={`cmp-dot ${r.side}`} />
                    {r.kind === 'edge' ? `${r.source} → ${r.target}` : r.id}
                  </td>
                  <td className="num">
                    {r.greenCases} / {r.redCases}
                  </td>
                  <td className="num">{fmtMetric(m, r.kind, r.green)}</td>
                  <td className="num">{fmtMetric(m, r.kind, r.red)}</td>
                  <td className="num">{ratioText(r)}</td>
                  <td className={`num ${t?.effect != null ? (t.effect > 0 ? 'red-text' : t.effect < 0 ? 'green-text' : '') : ''}`}>{t?.effect == null ? (result.testable ? '–' : 'no test') : t.effect.toFixed(2)}</td>
                  <td className="num">{t?.q == null ? '–' : t.q < 0.001 ? t.q.toExponential(1) : t.q.toFixed(3)}</td>
                  {kind === 'activity' && (
                    <>
                      <td className="num">
                        {formatDuration(r.greenMeanDur)} / {formatDuration(r.redMeanDur)}
                      </td>
                      <td className="num">
                        {formatRate(r.greenDr)} / {formatRate(r.redDr)}
                      </td>
                      <td className="num">
                        {r.greenMc ?? '–'} / {r.redMc ?? '–'}
                      </td>
                      <td className="num">
                        {formatPercent(r.greenFail, 0)} / {formatPercent(r.redFail, 0)}
                      </td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
