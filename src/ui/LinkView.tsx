/**
 * Before anything is loaded, the view a shared link brought (src/session/view.ts, the URL hash) in words:
 * what will apply once traces are dropped, with a way to discard it (back to the default view).
 */
import { useMemo } from 'react';
import { formatView } from '../session/view';
import { useApp } from './appContext';
import { describeView } from './viewSummary';
import './loading.css';

export function LinkView() {
  const view = useApp((s) => s.view);
  const custom = useApp((s) => s.pendingCustom);
  const resetView = useApp((s) => s.resetView);
  const text = useMemo(() => formatView(view), [view]);
  const lines = useMemo(() => describeView(view, custom), [view, custom]);
  if (!text && !custom) return null;
  return (
    <section className="link-view" data-testid="link-view" aria-label="View from the link">
      <strong>This link will apply, once traces are loaded:</strong>
      <ul>
        {lines.map((l, i) => (
          <li key={i} data-testid="link-view-line">
            <span className="muted">{l.part}:</span> {l.text}
          </li>
        ))}
      </ul>
      <button className="small" onClick={resetView} data-testid="link-view-discard" title="Use the default view instead (the link's settings are dropped from the address)">
        Discard these settings
      </button>
    </section>
  );
}
