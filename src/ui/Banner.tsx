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

/** A custom mapping that arrived through the link: never run before the user says so. */
export function CustomConfirm() {
  const code = useApp((s) => s.pendingCustom);
  const confirm = useApp((s) => s.confirmCustom);
  if (code === null) return null;
  return (
    <div className="banner warn" role="alertdialog" data-testid="custom-confirm">
      <div>
        <strong>This link contains a custom mapping function.</strong> It runs as code in this tab. Run it only if you trust whoever sent the link:
        <pre>{code}</pre>
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
