/**
 * The Files view: every file read or written in the analysed events with its cases, shared or private,
 * Darshan's access pattern (consecutive / sequential / random shares of the requests with a known offset)
 * and the most frequent request size: the columns of the CLI's Files table, sortable and filterable.
 * A click on a row makes it the file of the offsets view (Run timeline tab). Paths are text, never HTML.
 */
import { useMemo, useState } from 'react';
import type { AccessReport } from '../../analysis/accessReport';
import { formatCount } from '../../lib/format';
import { FILE_COLUMNS, fileCell, fileRows, fileTitle, filterFiles, nextFilesSort, sortFiles, type FilesSort } from './filesTable';
import { SortHeader } from './SortHeader';
import './tables.css';

/** Rows rendered at most (filter to narrow a run with more files). */
export const MAX_FILE_ROWS = 500;

export interface FilesTableProps {
  report: AccessReport;
  selected: string | null;
  onSelect(path: string): void;
}

export function FilesTable({ report, selected, onSelect }: FilesTableProps) {
  const [query, setQuery] = useState('');
  const [sharedOnly, setSharedOnly] = useState(false);
  const [sort, setSort] = useState<FilesSort>({ column: 'bytes', dir: 'desc' });
  const all = useMemo(() => fileRows(report.files), [report]);
  const rows = useMemo(() => sortFiles(filterFiles(all, query, sharedOnly), sort), [all, query, sharedOnly, sort]);
  const shown = rows.slice(0, MAX_FILE_ROWS);
  const shared = useMemo(() => all.filter((r) => r.shared).length, [all]);
  return (
    <section className="tbl-panel files-table" aria-label="Files" data-testid="files-table">
      <div className="tbl-toolbar">
        <input type="search" placeholder="Filter files…" aria-label="Filter files" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="files-filter" />
        <span className="tbl-count" data-testid="files-count" title="files read or written in the analysed events; shared: touched by more than one case">
          {formatCount(all.length)} files · {formatCount(shared)} shared · {formatCount(all.length - shared)} private
          {rows.length !== all.length && ` · ${formatCount(rows.length)} match`}
          {rows.length > shown.length && ` · first ${formatCount(shown.length)} shown`}
        </span>
        <label className="tbl-count">
          <input type="checkbox" checked={sharedOnly} onChange={(e) => setSharedOnly(e.target.checked)} data-testid="files-shared-only" /> shared only
        </label>
        <span className="tbl-note" title="Darshan's counters of the reads and writes with a known offset: per process, file and direction, a request is consecutive when it starts right after the previous one, sequential when after it with a gap, random otherwise (a first request at offset 0 too)">
          {report.hasOffsets ? "Darshan's access pattern" : 'no known offsets: sizes only'}
        </span>
        {report.noLseekCases > 0 && (
          <span className="tbl-note warn" data-testid="files-nolseek" title="These cases were traced with -e trace=… without lseek: a program may move its file positions with lseeks the trace does not show, so the positions of read and write are unknown (pread/pwrite keep theirs). Add lseek (or %desc) to the filter.">
            offsets unknown in {formatCount(report.noLseekCases)} case{report.noLseekCases === 1 ? '' : 's'} — trace lseek
          </span>
        )}
      </div>
      <div className="tbl-scroll fill">
        <table className="tbl">
          <thead>
            <tr>
              {FILE_COLUMNS.map((c) => (
                <SortHeader key={c.key} label={c.label} help={c.help} numeric={c.numeric} active={sort.column === c.key ? sort.dir : null}
                  onSort={() => setSort((s) => nextFilesSort(s, c.key))} testId={`files-sort-${c.key}`} />
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.fp}
                className={r.fp === selected ? 'selected' : undefined}
                aria-selected={r.fp === selected}
                tabIndex={0}
                onClick={() => onSelect(r.fp)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onSelect(r.fp);
                  }
                }}
                data-testid="files-row"
                data-fp={r.fp}
              >
                {FILE_COLUMNS.map((c) => {
                  const text = fileCell(r, c.key);
                  const cls = c.key === 'fp' ? 'act' : c.key === 'shared' ? (r.shared ? 'shared' : 'private') : c.numeric ? 'num' : undefined;
                  return (
                    <td key={c.key} className={`${cls ?? ''}${text === '–' ? ' missing' : ''}`} title={fileTitle(r, c.key, report.noLseekCases > 0)} data-col={c.key}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className="tbl-empty">{all.length === 0 ? 'No file is read or written in these events.' : `No file matches “${query}”.`}</p>}
      </div>
    </section>
  );
}
