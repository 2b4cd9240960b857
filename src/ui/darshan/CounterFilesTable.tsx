/**
 * The Files view from Darshan's counters: per log, module, file and rank, the operations and bytes, Darshan's
 * access pattern and request sizes, its most common access sizes and the time spent (Session.counterFiles,
 * asked once per load). Sortable, filterable by file and module. Names are text, never HTML.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CounterFilesReport } from '../../analysis/darshan/counterFiles';
import { formatCount } from '../../lib/format';
import { useApp } from '../appContext';
import { ColumnTable } from '../tables/ColumnTable';
import './darshan.css';
import { COUNTER_COLUMNS, counterCell, counterTitle, filterCounterRows, nextCounterSort, sortCounterRows, SYSTEM_NOTE, type CounterSort } from './counterTable';

/** Rows rendered at most (filter to narrow a log with more records). */
const MAX_ROWS = 500;

export function CounterFilesTable() {
  const summary = useApp((s) => s.summary);
  const ask = useApp((s) => s.ask);
  const [report, setReport] = useState<CounterFilesReport | null>(null);
  const [query, setQuery] = useState('');
  const [module, setModule] = useState('');
  const [system, setSystem] = useState(true);
  const [sort, setSort] = useState<CounterSort>({ column: 'bytes', dir: 'desc' });
  useEffect(() => {
    let alive = true;
    ask('counterFiles', []).then((r) => alive && setReport(r), () => alive && setReport(null));
    return () => {
      alive = false;
    };
  }, [summary, ask]);
  const rows = useMemo(() => (report ? sortCounterRows(filterCounterRows(report.rows, query, module, system), sort) : []), [report, query, module, system, sort]);
  const systemRows = useMemo(() => report?.rows.filter((r) => r.system).length ?? 0, [report]);
  if (!report) return <p className="muted">Reading Darshan's counters…</p>;
  const shown = rows.slice(0, MAX_ROWS);
  return (
    <ColumnTable className="counter-files" label="Files (Darshan counters)" testId="counter-files" sortIds="counter-files" columns={COUNTER_COLUMNS} sort={sort}
      onSort={(k) => setSort((s) => nextCounterSort(s, k))} rows={shown} cell={counterCell}
      cellClass={(r, k) => (k === 'file' ? (r.system ? 'act system' : 'act') : COUNTER_COLUMNS.find((c) => c.key === k)!.numeric ? 'num' : k === 'common' ? 'counter-sizes' : '')}
      row={(r, i) => ({ key: `${r.log}\u0000${r.module}\u0000${r.file}\u0000${r.rank}\u0000${i}`, title: counterTitle(r), className: r.system ? 'system' : undefined, 'data-testid': 'counter-files-row', 'data-system': String(r.system) })}
      empty={rows.length ? null : report.rows.length === 0 ? 'These logs have no file records.' : !system && !query && !module ? 'Only system files: tick them above to list them.' : `No record matches “${query}”.`}
      toolbar={
        <>
          <input type="search" placeholder="Filter files…" aria-label="Filter files" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="counter-files-filter" />
          <select value={module} onChange={(e) => setModule(e.target.value)} aria-label="Module" data-testid="counter-files-module">
            <option value="">all modules</option>
            {report.modules.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <span className="tbl-count" data-testid="counter-files-count">
            {formatCount(report.rows.length)} records of {formatCount(new Set(report.rows.map((r) => r.file)).size)} files
            {rows.length !== report.rows.length && ` · ${formatCount(rows.length)} match`}
            {rows.length > shown.length && ` · first ${formatCount(shown.length)} shown`}
          </span>
          {systemRows > 0 && (
            <label className="tbl-count" title={`${SYSTEM_NOTE}. Listed last, greyed.`}>
              <input type="checkbox" checked={system} onChange={(e) => setSystem(e.target.checked)} data-testid="counter-files-system" /> {formatCount(systemRows)} of system files (MPI, OS)
            </label>
          )}
          <span className="tbl-note" title="Straight from the counters Darshan kept while the job ran: the whole job, whatever the view's filters and time window">
            Darshan's counters{report.partial.length ? ` (partial: ${report.partial.join(', ')})` : ''}
          </span>
        </>
      }
    />
  );
}
