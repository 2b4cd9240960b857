/** Downloads: statistics CSV, analysis JSON, event log .h5, graph images. */
import { METRICS } from '../analysis/metrics';
import type { ActivityStats } from '../analysis/types';
import { toCsv } from '../lib/csv';

/** One row per activity, a column per statistic of the metric registry in SI base units (seconds, bytes,
 * bytes/s; fractions for rd and failure_rate), then the errno counts (`ENOENT:3 EACCES:1`). */
export function statsCsv(nodes: readonly ActivityStats[]): string {
  const head = ['activity', ...METRICS.map((m) => m.csv), 'errnos'];
  const rows = nodes.map((n) => [
    n.id,
    ...METRICS.map((m) => {
      const v = m.value(n);
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    }),
    n.errnos ? Object.entries(n.errnos).map(([k, c]) => `${k}:${c}`).join(' ') : null,
  ]);
  return toCsv(head, rows);
}

/** Save `data` as a file named `name` (the one download helper of the app). */
export function download(name: string, data: BlobPart | Blob, type: string): void {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
