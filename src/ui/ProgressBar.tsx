import { formatBytes } from '../lib/format';
import type { Progress } from '../worker/protocol';

const PHASE: Record<Progress['phase'], string> = { read: 'Reading', parse: 'Reading and parsing', merge: 'Merging', mapping: 'Mapping', analyze: 'Analysing' };

export function ProgressBar({ progress, onCancel }: { progress: Progress | null; onCancel(): void }) {
  const p = progress;
  const frac = p && p.total > 0 ? Math.min(1, p.done / p.total) : null;
  return (
    <div className="progress" data-testid="progress" role="status">
      <div>
        <strong>{p ? PHASE[p.phase] : 'Starting'}</strong>
        {p && p.total > 0 && (
          <span>
            {' '}
            {formatBytes(p.done)} of {formatBytes(p.total)}
            {frac !== null && ` (${(frac * 100).toFixed(0)}%)`}
            {p.rate > 0 && ` · ${p.rate.toFixed(0)} MiB/s`}
          </span>
        )}
        {p?.file && <span className="muted"> · {p.file}</span>}
      </div>
      <progress max={1} value={frac ?? undefined} />
      <button onClick={onCancel} data-testid="cancel">
        Cancel
      </button>
    </div>
  );
}
