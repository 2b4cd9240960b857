/**
 * The Call sites table (docs/METHOD.md "Layers", GUIDE "Layers"): per call site of the analysed events (the
 * first frame in the program's own binary, strace -k) its calls, bytes, time, layers, library entries and
 * files; sortable and filterable; the per-layer totals above it. Sites, files and frames are text, never HTML.
 */
import { useMemo, useState } from 'react';
import type { LayerReport } from '../../analysis/layers/report';
import { formatBytes, formatCount, formatSeconds } from '../../lib/format';
import { SortHeader } from '../tables/SortHeader';
import { SITE_COLUMNS, filterSites, nextSitesSort, siteCell, siteTitle, sortSites, type SitesSort } from './sitesModel';
import '../tables/tables.css';

/** Rows rendered at most (filter to narrow). */
export const MAX_SITE_ROWS = 500;

export function LayerTotals({ report }: { report: LayerReport }) {
  return (
    <span className="tbl-count" data-testid="layer-totals">
      {report.layers.map((l, i) => {
        const t = report.totals[l];
        return (
          <span key={l} className="layer-total" title={`${l}: ${formatCount(t.calls)} calls, ${formatBytes(t.bytes)}, ${formatSeconds(t.time)}`}>
            {i > 0 ? ' · ' : ''}{l} {formatCount(t.calls)}
          </span>
        );
      })}
    </span>
  );
}

export function CallSitesTable({ report }: { report: LayerReport }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SitesSort>({ column: 'calls', dir: 'desc' });
  const rows = useMemo(() => sortSites(filterSites(report.sites, query), sort), [report, query, sort]);
  const shown = rows.slice(0, MAX_SITE_ROWS);
  return (
    <section className="tbl-panel sites-table" aria-label="Call sites" data-testid="sites-table">
      <div className="tbl-toolbar">
        <input type="search" placeholder="Filter sites, layers, files…" aria-label="Filter call sites" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="sites-filter" />
        <span className="tbl-count" data-testid="sites-count">
          {formatCount(report.sites.length)} call sites
          {rows.length !== report.sites.length && ` · ${formatCount(rows.length)} match`}
          {rows.length > shown.length && ` · first ${formatCount(shown.length)} shown`}
        </span>
        <LayerTotals report={report} />
      </div>
      <div className="tbl-scroll fill">
        <table className="tbl">
          <thead>
            <tr>
              {SITE_COLUMNS.map((c) => (
                <SortHeader key={c.key} label={c.label} help={c.help} numeric={c.numeric} active={sort.column === c.key ? sort.dir : null}
                  onSort={() => setSort((s) => nextSitesSort(s, c.key))} testId={`sites-sort-${c.key}`} />
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.site} data-testid="sites-row" data-site={r.site}>
                {SITE_COLUMNS.map((c) => {
                  const text = siteCell(r, c.key);
                  return (
                    <td key={c.key} className={`${c.key === 'site' ? 'act' : c.numeric ? 'num' : ''}${text === '–' ? ' missing' : ''}`} title={siteTitle(r, c.key)} data-col={c.key}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="tbl-empty">{report.sites.length === 0 ? 'No call site: the events have layers but no stacks (strace -k).' : `No call site matches “${query}”.`}</p>}
      </div>
    </section>
  );
}
