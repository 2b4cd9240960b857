/** Text for the terminal, shared by the subcommands' reports and the notes on stderr. */
import { formatCount } from '../lib/format';

/** Trace content is data: control characters in paths are shown escaped, never sent to the terminal. */
export function safe(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A text table: columns padded to their widest cell, `right` ones right-aligned. */
export function table(head: string[], rows: string[][], right: boolean[]): string[] {
  const w = head.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
  const line = (r: string[]): string =>
    r
      .map((c, j) => (right[j] ? c.padStart(w[j]) : j === r.length - 1 ? c : c.padEnd(w[j])))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

/** `… N more WHAT (--top 0 shows all)` when not every row was shown. */
export const more = (shown: number, total: number, what: string): string[] =>
  shown < total ? [`… ${formatCount(total - shown)} more ${what} (--top 0 shows all)`] : [];
