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
import { ColumnTable } from './ColumnTable';

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
    <ColumnTable className="files-table" label="Files" testId="files-table" sortIds="files" columns={FILE_COLUMNS} sort={sort}
      onSort={(k) => setSort((s) => nextFilesSort(s, k))} rows={shown} cell={fileCell}
      cellClass={(r, k) => (k === 'fp' ? 'act' : k === 'shared' ? (r.shared ? 'shared' : 'private') : FILE_COLUMNS.find((c) => c.key === k)!.numeric ? 'num' : undefined)}
      cellTitle={(r, k) => fileTitle(r, k, report.noLseekCases > 0)}
      row={(r) => ({
        key: r.fp, className: r.fp === selected ? 'selected' : undefined, 'aria-selected': r.fp === selected, tabIndex: 0, onClick: () => onSelect(r.fp),
        onKeyDown: (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onSelect(r.fp);
          }
        },
        'data-testid': 'files-row', 'data-fp': r.fp,
      })}
      empty={rows.length ? null : all.length === 0 ? 'No file is read or written in these events.' : `No file matches “${query}”.`}
      toolbar={<FilesToolbar {...{ query, setQuery, all: all.length, shared, match: rows.length, shown: shown.length, sharedOnly, setSharedOnly, report }} />}
    />
  );
}

interface ToolbarProps {
  query: string;
  setQuery(q: string): void;
  all: number;
  shared: number;
  match: number;
  shown: number;
  sharedOnly: boolean;
  setSharedOnly(v: boolean): void;
  report: AccessReport;
}

function FilesToolbar({ query, setQuery, all, shared, match, shown, sharedOnly, setSharedOnly, report }: ToolbarProps) {
  return (
    <>
      <input type="search" placeholder="Filter files…" aria-label="Filter files" value={query} onChange={(e) => setQuery(e.target.value)} data-testid="files-filter" />
      <span className="tbl-count" data-testid="files-count" title="files read or written in the analysed events; shared: touched by more than one case">
        {formatCount(all)} files · {formatCount(shared)} shared · {formatCount(all - shared)} private
        {match !== all && ` · ${formatCount(match)} match`}
        {match > shown && ` · first ${formatCount(shown)} shown`}
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
    </>
  );
}
