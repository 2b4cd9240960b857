/**
 * The virtual table's body: its measured height (when it fills its pane) and moving between its rows — the
 * arrow keys, Page Up/Down, Home/End, Enter — with the selection made elsewhere scrolled into view. Rows outside
 * the window are not in the DOM, so a row moved to is focused after the render that draws it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/** The body's height: `fixed`, or measured from its pane (at least two rows). */
export function useBodyHeight(bodyRef: RefObject<HTMLElement | null>, fixed: number | undefined, rowHeight: number): number {
  const [measured, setMeasured] = useState(360);
  useEffect(() => {
    const el = bodyRef.current;
    if (fixed !== undefined || !el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setMeasured(Math.max(rowHeight * 2, el.clientHeight)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [bodyRef, fixed, rowHeight]);
  return fixed ?? measured;
}

interface Nav {
  bodyRef: RefObject<HTMLElement | null>;
  rows: readonly { id: string }[];
  /** The body's height below the sticky header. */
  viewport: number;
  rowHeight: number;
  selected: string | null;
  onSelect: (id: string) => void;
  /** The body was scrolled to this offset (the window of rows follows it). */
  onScrolled: (top: number) => void;
}

/** The key handler of a row (`tr[data-idx]`, `tr[data-id]`), and the effects that keep focus and selection in view. */
export function useRowNavigation({ bodyRef, rows, viewport, rowHeight, selected, onSelect, onScrolled }: Nav): (e: KeyboardEvent<HTMLElement>, id: string) => void {
  // The row the keys moved to when it was not rendered yet: focused by the effect below once it is. The id lives in
  // a ref, not in the effect's closure: an effect of an earlier render that runs late (after the next key) must not
  // pull the focus back to the row it knew.
  const pendingFocus = useRef<string | null>(null);
  const [, setFocusTick] = useState(0);

  // A selection made elsewhere (graph click) scrolls its row into view: only when the selection changes, not on
  // every re-sort (the rows and the viewport are read as they are then, through a ref).
  const layout = useRef({ rows, viewport });
  useLayoutEffect(() => {
    layout.current = { rows, viewport };
  });
  useEffect(() => {
    const el = bodyRef.current;
    if (!el || selected === null) return;
    const { rows: shown, viewport: vh } = layout.current;
    const idx = shown.findIndex((r) => r.id === selected);
    if (idx < 0) return;
    const top = idx * rowHeight;
    if (top < el.scrollTop || top + rowHeight > el.scrollTop + vh) el.scrollTop = Math.max(0, top - vh / 2);
  }, [bodyRef, selected, rowHeight]);

  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(id)}"]`);
    if (!row) return;
    pendingFocus.current = null;
    if (document.activeElement !== row) row.focus({ preventScroll: true });
  });

  return (e, id) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(id);
      return;
    }
    const page = Math.max(1, Math.floor(viewport / rowHeight) - 1);
    const at = rows.findIndex((r) => r.id === id);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + page, PageUp: at - page, Home: 0, End: rows.length - 1 }[e.key];
    if (to === undefined || rows.length === 0) return;
    e.preventDefault();
    const next = Math.min(rows.length - 1, Math.max(0, to));
    const el = bodyRef.current;
    if (el) {
      // keep the row inside the body, below the sticky header
      const top = next * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + viewport) el.scrollTop = top + rowHeight - viewport;
      onScrolled(el.scrollTop);
    }
    // focus a rendered row now, not after the render: a second key pressed before it would start from the old row
    // (a step lost); a row not rendered yet (virtual rows) is focused by the effect above after the render
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-idx="${next}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus({ preventScroll: true });
    } else {
      pendingFocus.current = rows[next].id;
      setFocusTick((t) => t + 1);
    }
  };
}
