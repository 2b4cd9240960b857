/**
 * A button that opens a small menu of rarely used actions (the header's open/add and export actions, the
 * graph's pan, re-layout and image exports), so that the toolbars stay on one row. The menu closes on a
 * click outside it, on Escape and after an action; its items are ordinary buttons and labels.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function Menu({ label, title, testId, align = 'left', children }: { label: ReactNode; title?: string; testId: string; align?: 'left' | 'right'; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent): void => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <span className="menu" ref={root}>
      <button type="button" aria-haspopup="true" aria-expanded={open} title={title} data-testid={testId} onClick={() => setOpen(!open)}>
        {label} ▾
      </button>
      {open && (
        // a click on an action (a button) closes the menu; one on a checkbox's label keeps it open
        <div className={`menu-items ${align}`} role="menu" data-testid={`${testId}-items`}
          onClick={(e) => (e.target as HTMLElement).closest('button') && setOpen(false)}>
          {children}
        </div>
      )}
    </span>
  );
}
