/**
 * What the sortable tables share (the events' Files view, Darshan's counter Files view, the Call sites table):
 * a column's definition, the sort state, the sort itself and what a click on a header does. Pure, no React.
 */

export interface ColumnDef<K extends string> {
  key: K;
  label: string;
  help: string;
  numeric: boolean;
}

export interface ColumnSort<K extends string> {
  column: K;
  dir: 'asc' | 'desc';
}

/**
 * Sorted copy by `key` in the direction of `dir`; NaN (a share without data) last whatever the direction;
 * equal keys, and two NaN, by `tie` (always ascending).
 */
export function sortRows<R>(rows: readonly R[], key: (r: R) => number | string, dir: 'asc' | 'desc', tie: (a: R, b: R) => number): R[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows.slice().sort((a, b) => {
    const va = key(a);
    const vb = key(b);
    const na = typeof va === 'number' && Number.isNaN(va);
    const nb = typeof vb === 'number' && Number.isNaN(vb);
    if (na || nb) return na && nb ? tie(a, b) : na ? 1 : -1;
    if (va === vb) return tie(a, b);
    return sign * (va < vb ? -1 : 1);
  });
}

/** A click on a header: the same column flips the direction; another starts ascending when `ascending` says so, else descending. */
export function nextSort<K extends string>(cur: ColumnSort<K>, column: K, ascending: boolean): ColumnSort<K> {
  if (cur.column === column) return { column, dir: cur.dir === 'asc' ? 'desc' : 'asc' };
  return { column, dir: ascending ? 'asc' : 'desc' };
}

/** Ascending order of two strings (for ties). */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
