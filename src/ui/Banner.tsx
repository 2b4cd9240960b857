import { useState } from 'react';
import { formatBytes, formatCount } from '../lib/format';
import { hasHidden, visibleText } from '../lib/visible';
import { useApp } from './appContext';

/** A worker or analysis failure: the page keeps working, Retry re-runs what failed. */
export function Banner() {
  const banner = useApp((s) => s.banner);
  const retry = useApp((s) => s.retry);
  const dismiss = useApp((s) => s.dismissBanner);
  if (!banner) return null;
  return (
    <div className="banner error" role="alert" data-testid="error-banner">
      <span>{banner.message}</span>
      {banner.canRetry && (
        <button onClick={() => void retry()} data-testid="retry">
          Retry
        </button>
      )}
      <button className="small" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

const lineCount = (code: string): number => code.split('\n').length;
/** The code as it is, but for invisible and reordering characters (tabs and line breaks kept). */
const shownCode = (code: string): string =>
  code
    .split('\n')
    .map((l) => l.split('\t').map(visibleText).join('\t'))
    .join('\n');

/** A custom mapping that arrived through the link: never run before the user says so. */
export function CustomConfirm() {
  const code = useApp((s) => s.pendingCustom);
  const confirm = useApp((s) => s.confirmCustom);
  if (code === null) return null;
  return (
    <div className="banner warn" role="alertdialog" data-testid="custom-confirm">
      <div>
        <strong>This link contains a custom mapping function.</strong> It runs as code in a sandbox of this tab (no network, no storage). Run it only if you trust whoever sent the link; all of it ({lineCount(code)} lines, {code.length} characters{hasHidden(code) ? ', invisible characters shown as \\uXXXX' : ''}) is below:
        <pre className="custom-code" data-testid="custom-code">{shownCode(code)}</pre>
      </div>
      <button onClick={() => void confirm(true)} data-testid="custom-run">
        Run it
      </button>
      <button onClick={() => void confirm(false)} data-testid="custom-ignore">
        Ignore
      </button>
    </div>
  );
}

/** A load that would not fit in memory: say so before the tab dies, offer a parse-time path filter. */
export function LoadConfirm() {
  const pending = useApp((s) => s.pendingLoad);
  const confirm = useApp((s) => s.confirmLoad);
  const [filter, setFilter] = useState('/scratch');
  if (!pending) return null;
  const { estimate } = pending;
  const filters = filter
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((f) => (f.startsWith('re:') ? { kind: 'regex' as const, pattern: f.slice(3) } : { kind: 'substring' as const, pattern: f }));
  return (
    <div className="banner warn" role="alertdialog" data-testid="load-confirm">
      <div>
        <strong>
          {formatCount(pending.files)} {pending.files === 1 ? 'file' : 'files'}, {formatBytes(pending.bytes)}: about {formatCount(estimate.events)} events needing ~{formatBytes(estimate.peak)} while loading
        </strong>{' '}
        {estimate.paths !== undefined && estimate.heapBytes !== undefined && estimate.heapBytes > (estimate.heapBudget ?? Infinity) ? (
          <span data-testid="load-paths">
            and about {formatCount(estimate.paths)} distinct paths (estimated from the head of the files) needing ~{formatBytes(estimate.heapBytes)} of JavaScript heap — more than a worker holds ({formatBytes(estimate.heapBudget ?? 0)}). Keep only the paths you need while reading (below), or drop fewer files.
          </span>
        ) : (
          <>— more than this tab should use ({formatBytes(estimate.budget)}). It may run out of memory.</>
        )}
        <div>
          <label>
            Load only paths containing{' '}
            <input value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="load-filter" placeholder="/scratch or re:REGEX" />
          </label>{' '}
          <button className="primary" disabled={!filters.length} onClick={() => void confirm({ filter: filters })} data-testid="load-filtered">
            Load filtered
          </button>{' '}
          <button onClick={() => void confirm('anyway')} data-testid="load-anyway">
            Load everything anyway
          </button>{' '}
          <button onClick={() => void confirm('cancel')}>Cancel</button>
        </div>
      </div>
    </div>
  );
}
