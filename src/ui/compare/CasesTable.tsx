/** The compared cases: side, host, rank (or pid: compareModel.ridColumn), wall/traced time, coverage, events, bytes, failures; sortable, searchable. */
import { useMemo, useState } from 'react';
import type { CompareResult } from '../../analysis/compare/types';
import { formatBytes, formatCount, formatSeconds, formatPercent } from '../../lib/format';
import { caseRows, ridColumn, type CaseSortKey } from './compareModel';

const COLS: { key: CaseSortKey; label: string; num: boolean }[] = [
  { key: 'id', label: 'case', num: false },
  { key: 'side', label: 'side', num: false },
  { key: 'host', label: 'host', num: false },
  { key: 'rid', label: 'rid', num: false },
  { key: 'wall', label: 'wall', num: true },
  { key: 'traced', label: 'traced', num: true },
  { key: 'coverage', label: 'coverage', num: true },
  { key: 'events', label: 'events', num: true },
  { key: 'bytes', label: 'bytes read / written', num: true },
  { key: 'failures', label: 'failed', num: true },
];

export function CasesTable({ result }: { result: CompareResult }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ key: CaseSortKey; reverse: boolean }>({ key: 'side', reverse: false });
  const rows = useMemo(() => caseRows(result, query, sort.key, sort.reverse), [result, query, sort]);
  const rid = useMemo(() => ridColumn(result.cases), [result]);
  return (
    <div data-testid="cases-table">
      <div className="tbl-toolbar">
        <input type="search" placeholder={`Filter cases, hosts, ${rid === 'rank' ? 'ranks' : 'ids'}…`} aria-label="Filter cases" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="cases-filter" />
        <span className="tbl-count">{rows.length} cases</span>
        <span className="tbl-note">coverage = traced / wall: the rest is computation or calls not traced</span>
      </div>
      <div className="tbl-scroll cmp-scroll">
        <table className="tbl cmp-table">
          <thead>
            <tr>
              {COLS.map((c) => (
                <th key={c.key} className={c.num ? 'num' : ''} aria-sort={sort.key === c.key ? (sort.reverse ? 'ascending' : 'descending') : 'none'}>
                  <button onClick={() => setSort((s) => ({ key: c.key, reverse: s.key === c.key ? !s.reverse : false }))} data-testid={`cases-sort-${c.key}`}>
                    {c.key === 'rid' ? rid : c.label}
                    {sort.key === c.key ? (sort.reverse ? ' ▲' : ' ▼') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-testid="case-row">
                <td className="act" title={c.id}>
                  {c.id}
                </td>
                <td>
                  <span className={`cmp-dot ${c.side ?? ''}`} />
                  {c.side}
                </td>
                <td>{c.host || '–'}</td>
                <td title={c.rid === '' ? undefined : c.rank ? `MPI rank ${c.rid}` : `${c.rid}: the file name's last part, not an MPI rank`}>{c.rid || '–'}</td>
                <td className="num">{formatSeconds(c.wall)}</td>
                <td className="num">{formatSeconds(c.traced)}</td>
                <td className="num">{formatPercent(c.coverage, 0)}</td>
                <td className="num">{formatCount(c.events)}</td>
                <td className="num">
                  {formatBytes(c.bytesRead)} / {formatBytes(c.bytesWritten)}
                </td>
                <td className="num">{formatCount(c.failures)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
