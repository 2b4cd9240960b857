/**
 * The sortable table of the Files views (the events' FilesTable and Darshan's CounterFilesTable): one
 * component, each view giving its column set, its cells and its rows (already filtered, sorted and cut),
 * and its toolbar. Cell text is text, never HTML.
 */
import type { HTMLAttributes, ReactNode } from 'react';
import type { ColumnDef } from './columns';
import { SortHeader } from './SortHeader';
import './tables.css';

export type { ColumnDef } from './columns';

export interface ColumnTableProps<R, K extends string> {
  /** The panel's class (beside `tbl-panel`), label and test id; the sort buttons' test ids are `{sortIds}-sort-{column}`. */
  className: string;
  label: string;
  testId: string;
  sortIds: string;
  toolbar: ReactNode;
  columns: readonly ColumnDef<K>[];
  sort: { column: K; dir: 'asc' | 'desc' };
  onSort(column: K): void;
  rows: readonly R[];
  /** A row's React key and attributes (class, click, test id, data-*). */
  row(r: R, i: number): { key: string } & HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  cell(r: R, column: K): string;
  /** A cell's class (`missing` is added where the text is '–'). */
  cellClass(r: R, column: K): string | undefined;
  cellTitle?(r: R, column: K): string | undefined;
  /** What the table says when there is no row (null: nothing). */
  empty: string | null;
}

export function ColumnTable<R, K extends string>(p: ColumnTableProps<R, K>) {
  return (
    <section className={`tbl-panel ${p.className}`} aria-label={p.label} data-testid={p.testId}>
      <div className="tbl-toolbar">{p.toolbar}</div>
      <div className="tbl-scroll fill">
        <table className="tbl">
          <thead>
            <tr>
              {p.columns.map((c) => (
                <SortHeader key={c.key} label={c.label} help={c.help} numeric={c.numeric} active={p.sort.column === c.key ? p.sort.dir : null}
                  onSort={() => p.onSort(c.key)} testId={`${p.sortIds}-sort-${c.key}`} />
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r, i) => {
              const { key, ...attrs } = p.row(r, i);
              return (
                <tr key={key} {...attrs}>
                  {p.columns.map((c) => {
                    const text = p.cell(r, c.key);
                    return (
                      <td key={c.key} className={`${p.cellClass(r, c.key) ?? ''}${text === '–' ? ' missing' : ''}`} title={p.cellTitle?.(r, c.key)} data-col={c.key}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
        {p.rows.length === 0 && p.empty !== null && <p className="tbl-empty">{p.empty}</p>}
      </div>
    </section>
  );
}
