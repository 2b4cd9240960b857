/** A sortable column header of the tables (Statistics, Files): a button that sorts, the arrow of the active sort. */

export interface SortHeaderProps {
  label: string;
  help?: string;
  numeric?: boolean;
  /** The direction when this column is the sort column, else null. */
  active: 'asc' | 'desc' | null;
  onSort(): void;
  testId: string;
}

export function SortHeader(p: SortHeaderProps) {
  return (
    <th scope="col" className={p.numeric ? 'num' : undefined} aria-sort={p.active === null ? 'none' : p.active === 'asc' ? 'ascending' : 'descending'} title={p.help}>
      <button type="button" onClick={p.onSort} data-testid={p.testId}>
        {p.label}
        <span className="tbl-sort" aria-hidden="true">
          {p.active === null ? '' : p.active === 'asc' ? ' ▲' : ' ▼'}
        </span>
      </button>
    </th>
  );
}
