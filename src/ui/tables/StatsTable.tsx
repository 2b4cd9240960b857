/**
 * Statistics of all activities: sortable by every column, searchable, virtualised (only the rows in view
 * are in the DOM, so 5,000+ activities stay fast). Clicking a row (or Enter on it) selects the node; the
 * arrow keys (Page Up/Down, Home/End) move between rows. Without a `height` it fills its pane.
 * One column per statistic of the metric registry; *Columns* shows or hides them (the defaults fit 1024 px).
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties, type SyntheticEvent } from 'react';
import type { StatsTableProps } from '../contracts';
import { cellText, cellTitle, COLUMNS, DEFAULT_COLUMNS, filterStats, nextSort, sortStats, visibleWindow, type SortSpec, type StatsColumn } from './statsTable';
import { SortHeader } from './SortHeader';
import { useBodyHeight, useRowNavigation } from './useRowNavigation';
import './tables.css';

const ROW_HEIGHT = 26;

export function StatsTable({ nodes, selected, onSelect, hasDurations, hasTimestamps, height: fixed, access, onWantAccess }: StatsTableProps) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortSpec>({ column: 'count', dir: 'desc' });
  const [scrollTop, setScrollTop] = useState(0);
  const [shown, setShown] = useState<ReadonlySet<StatsColumn>>(() => new Set(DEFAULT_COLUMNS));
  const columns = useMemo(() => COLUMNS.filter((c) => c.key === 'id' || shown.has(c.key)), [shown]);
  const toggle = (key: StatsColumn) =>
    setShown((cur) => {
      const next = new Set(cur);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const bodyRef = useRef<HTMLDivElement>(null);
  // Without a fixed height the body fills the pane: its height is measured for the virtual window.
  const height = useBodyHeight(bodyRef, fixed, ROW_HEIGHT);
  const rows = useMemo(() => sortStats(filterStats(nodes, query), sort, access), [nodes, query, sort, access]);
  // the access column asks for the access patterns (computed on request, once per analysis)
  const wantAccess = shown.has('access');
  useEffect(() => {
    if (wantAccess && !access) onWantAccess?.();
  }, [wantAccess, access, onWantAccess]);
  const info = useMemo(() => ({ hasDurations, hasTimestamps }), [hasDurations, hasTimestamps]);
  const viewport = height - ROW_HEIGHT;
  const { first, last } = visibleWindow(rows.length, scrollTop, viewport, ROW_HEIGHT);
  const onKey = useRowNavigation({ bodyRef, rows, viewport, rowHeight: ROW_HEIGHT, selected, onSelect, onScrolled: setScrollTop });

  return (
    <section className="tbl-panel stats-table" aria-label="Activity statistics" data-testid="stats-table">
      <div className="tbl-toolbar">
        <input
          type="search"
          placeholder="Filter activities…"
          aria-label="Filter activities"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setScrollTop(0);
            if (bodyRef.current) bodyRef.current.scrollTop = 0;
          }}
          data-testid="stats-filter"
        />
        <span className="tbl-count" data-testid="stats-count">
          {rows.length === nodes.length ? `${nodes.length} activities` : `${rows.length} of ${nodes.length} activities`}
        </span>
        <ColumnsMenu shown={shown} onToggle={toggle} />
        <span className="tbl-note">binary units (1 KiB = 1024 B)</span>
      </div>
      <div className={fixed === undefined ? 'tbl-scroll fill' : 'tbl-scroll'} ref={bodyRef} style={fixed === undefined ? undefined : { height: fixed }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <table className="tbl" role="grid" aria-rowcount={rows.length + 1}>
          <thead>
            <tr style={{ height: ROW_HEIGHT }}>
              {columns.map((c) => (
                <SortHeader key={c.key} label={c.label} help={c.help} numeric={c.numeric} active={sort.column === c.key ? sort.dir : null}
                  onSort={() => setSort((s) => nextSort(s, c.key))} testId={`stats-sort-${c.key}`} />
              ))}
            </tr>
          </thead>
          <tbody>
            {first > 0 && <tr style={{ height: first * ROW_HEIGHT }} aria-hidden="true" />}
            {rows.slice(first, last).map((r, k) => (
              <tr
                key={r.id}
                style={{ height: ROW_HEIGHT }}
                className={r.id === selected ? 'selected' : undefined}
                aria-selected={r.id === selected}
                aria-rowindex={first + k + 2}
                tabIndex={0}
                onClick={() => onSelect(r.id)}
                onKeyDown={(e) => onKey(e, r.id)}
                data-idx={first + k}
                data-testid="stats-row"
                data-id={r.id}
              >
                {columns.map((c) => {
                  const text = cellText(r, c.key, access);
                  return (
                    <td key={c.key} className={`${c.numeric ? 'num' : c.key === 'access' ? 'pattern' : 'act'}${text === '–' ? ' missing' : ''}`} title={cellTitle(r, c.key, info, access)}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            ))}
            {last < rows.length && <tr style={{ height: (rows.length - last) * ROW_HEIGHT }} aria-hidden="true" />}
          </tbody>
        </table>
        {rows.length === 0 && <p className="tbl-empty">{nodes.length === 0 ? 'No activities.' : `No activity matches “${query}”.`}</p>}
      </div>
    </section>
  );
}

/** *Columns*: which statistics the table shows. Its menu is fixed to the window, below the button or, where the
 * window has no room below (the tables pane at a laptop's height), above it: in the pane it was cut at the window's
 * bottom edge (14 rows in ~170 px). */
function ColumnsMenu({ shown, onToggle }: { shown: ReadonlySet<StatsColumn>; onToggle: (key: StatsColumn) => void }) {
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const menu = useRef<HTMLDivElement>(null);
  const onOpen = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const d = e.currentTarget;
    if (!d.open || !menu.current) return setPlace(undefined);
    const r = d.querySelector('summary')!.getBoundingClientRect();
    const need = menu.current.scrollHeight;
    const below = innerHeight - r.bottom - 8;
    const above = r.top - 8;
    setPlace(need <= below || below >= above
      ? { position: 'fixed', left: r.left, top: r.bottom + 2, maxHeight: below, overflowY: 'auto' }
      : { position: 'fixed', left: r.left, top: 'auto', bottom: innerHeight - r.top + 2, maxHeight: above, overflowY: 'auto' });
  };
  return (
    <details className="tbl-columns" data-testid="stats-columns" onToggle={onOpen}>
      <summary>Columns</summary>
      <div className="tbl-columns-menu" ref={menu} style={place} data-testid="stats-columns-menu">
        {COLUMNS.filter((c) => c.key !== 'id').map((c) => (
          <label key={c.key} title={c.help}>
            <input type="checkbox" checked={shown.has(c.key)} onChange={() => onToggle(c.key)} data-testid={`stats-col-${c.key}`} /> {c.name}
          </label>
        ))}
      </div>
    </details>
  );
}
