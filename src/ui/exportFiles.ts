/** Downloads: statistics CSV, analysis JSON, event log .h5. */
import type { ActivityStats } from '../analysis/types';

const cell = (v: string | number | null): string => {
  if (v === null || (typeof v === 'number' && Number.isNaN(v))) return '';
  let s = String(v);
  // Spreadsheets run cells starting with = + - @ as formulas: trace paths are data.
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One row per activity, SI base units (seconds, bytes, bytes/s); rd as a fraction. */
export function statsCsv(nodes: readonly ActivityStats[]): string {
  const head = ['activity', 'count', 'cases', 'dur_s', 'rd', 'bytes', 'dr_bytes_per_s', 'mc', 'DR_bytes_per_s'];
  const rows = nodes.map((n) => [n.id, n.count, n.cases, n.dur, n.rd, n.bytes, n.dr, n.mc, n.DR].map(cell).join(','));
  return `${head.join(',')}\n${rows.join('\n')}\n`;
}

export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
