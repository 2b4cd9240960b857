/** The cases in which `target` directly follows `source`, with the number of such transitions. */
import { useMemo, useState } from 'react';
import type { EdgeCasesProps } from '../contracts';
import { formatCount } from '../../lib/format';
import { edgeCaseRows, edgeTotals } from './lists';
import './tables.css';

const PAGE = 200;

export function EdgeCasesPanel({ data, onClose }: EdgeCasesProps) {
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => edgeCaseRows(data, query), [data, query]);
  const totals = useMemo(() => edgeTotals(data), [data]);
  return (
    <section className="tbl-panel edge-cases" aria-label="Cases of a transition" data-testid="edge-cases">
      <header className="tbl-header">
        <h3>
          <span className="edge-act" title={data.source}>{data.source}</span>
          <span aria-label="directly followed by"> → </span>
          <span className="edge-act" title={data.target}>{data.target}</span>
        </h3>
        <button type="button" className="tbl-close" onClick={onClose} aria-label="Close" data-testid="edge-cases-close">
          ×
        </button>
      </header>
      <p className="tbl-count" data-testid="edge-cases-summary">
        {formatCount(totals.transitions)} transitions in {formatCount(totals.cases)} cases
      </p>
      {data.cases.length > 10 && (
        <div className="tbl-toolbar">
          <input type="search" placeholder="Filter cases…" aria-label="Filter cases" value={query} onChange={(e) => { setQuery(e.target.value); setLimit(PAGE); }} />
        </div>
      )}
      <div className="tbl-scroll" style={{ maxHeight: 320 }}>
        <table className="tbl">
          <thead>
            <tr>
              <th scope="col">case</th>
              <th scope="col" className="num">transitions</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, limit).map((c) => (
              <tr key={c.caseId} data-testid="edge-case-row">
                <td className="act" title={c.caseId}>{c.caseId}</td>
                <td className="num">{formatCount(c.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="tbl-empty">{data.cases.length === 0 ? 'No case has this transition.' : 'No case matches.'}</p>}
      </div>
      {limit < rows.length && (
        <button type="button" className="link" onClick={() => setLimit((l) => l + PAGE)}>
          show {formatCount(Math.min(PAGE, rows.length - limit))} more of {formatCount(rows.length - limit)}
        </button>
      )}
    </section>
  );
}
