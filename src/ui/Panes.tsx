/**
 * Resizable panes: a drag handle (role="separator", keyboard-adjustable) and the sizing rule of the main
 * column (graph / details / tables): the graph takes what the others leave and always keeps at least
 * half of the column's height, so opening a timeline or an edge's cases never squeezes it away.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';

/** The part of the column below the graph (details + tables) never takes more than this (percent). */
export const LOWER_MAX = 50;

export interface SplitterProps {
  /** What the handle resizes, read out by screen readers ("Resize the statistics tables"). */
  label: string;
  /** The id of the pane it resizes (aria-controls). */
  controls: string;
  /** The size of that pane in percent of the container (aria-valuenow). */
  value: number;
  min: number;
  max: number;
  /** `horizontal`: a bar between panes above and below, resizing the pane below it; `vertical`: a bar
   * right of the pane it resizes. */
  orientation: 'horizontal' | 'vertical';
  /** The container the percentages refer to. */
  container: RefObject<HTMLElement | null>;
  onChange(value: number): void;
  testId: string;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** A drag handle between two panes; with focus, the arrow keys move it (Shift: in larger steps), Home/End to its limits. */
export function Splitter(p: SplitterProps) {
  const drag = useRef<{ at: number; value: number; size: number } | null>(null);
  const horizontal = p.orientation === 'horizontal';
  const set = (v: number): void => p.onChange(Math.round(clamp(v, p.min, p.max) * 10) / 10);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>): void => {
    const box = p.container.current?.getBoundingClientRect();
    if (!box || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { at: horizontal ? e.clientY : e.clientX, value: p.value, size: horizontal ? box.height : box.width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>): void => {
    const d = drag.current;
    if (!d || d.size <= 0) return;
    const moved = ((horizontal ? e.clientY : e.clientX) - d.at) / d.size * 100;
    // a horizontal bar resizes the pane below it (moving up grows it); a vertical one the pane left of it
    set(horizontal ? d.value - moved : d.value + moved);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const step = e.shiftKey ? 10 : 2;
    const grow = horizontal ? 'ArrowUp' : 'ArrowRight';
    const shrink = horizontal ? 'ArrowDown' : 'ArrowLeft';
    let v: number | null = null;
    if (e.key === grow) v = p.value + step;
    else if (e.key === shrink) v = p.value - step;
    else if (e.key === 'Home') v = p.min;
    else if (e.key === 'End') v = p.max;
    if (v === null) return;
    e.preventDefault();
    set(v);
  };
  return (
    <div
      className={`splitter ${p.orientation}`}
      role="separator"
      tabIndex={0}
      aria-orientation={p.orientation}
      aria-label={p.label}
      aria-controls={p.controls}
      aria-valuenow={Math.round(p.value)}
      aria-valuemin={Math.round(p.min)}
      aria-valuemax={Math.round(p.max)}
      data-testid={p.testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => void (drag.current = null)}
      onPointerCancel={() => void (drag.current = null)}
      onKeyDown={onKeyDown}
    />
  );
}

/** The height of an element in CSS px, kept current with a ResizeObserver (0 before it is laid out). */
export function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [h, setH] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setH(el.clientHeight));
    ro.observe(el);
    setH(el.clientHeight);
    return () => ro.disconnect();
  }, [ref]);
  return h;
}

/**
 * The sizes (percent of the column) of the details and tables panes as shown: what the user chose, scaled
 * down together when both would take more than LOWER_MAX (the graph keeps at least half).
 */
export function lowerSizes(detail: number | null, tables: number | null): { detail: number; tables: number } {
  let d = detail ?? 0;
  let t = tables ?? 0;
  if (d + t > LOWER_MAX) {
    const k = LOWER_MAX / (d + t);
    d *= k;
    t *= k;
  }
  return { detail: d, tables: t };
}
