/** Text for the terminal, shared by the subcommands' reports and the notes on stderr. */
import { isSystemPath } from '../analysis/systemFiles';
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

/** The mark of a system file's row in the Files tables. */
export const SYSTEM_MARK = '[system]';

/**
 * A Files table's rows with the program's files first and the system files last (analysis/systemFiles.ts
 * isSystemPath: the predicate the app's Files views use), each group in the order given; nothing dropped.
 */
export function systemLast<T>(rows: readonly T[], path: (r: T) => string): { rows: T[]; system: (r: T) => boolean; count: number } {
  const sys = new Set(rows.filter((r) => isSystemPath(path(r))));
  return { rows: [...rows.filter((r) => !sys.has(r)), ...sys], system: (r) => sys.has(r), count: sys.size };
}

/** The line under a Files table with system files: how many, whose, and that they are listed last and marked. */
export const systemLine = (n: number, total: number, what: string): string[] =>
  n > 0
    ? [`${formatCount(n)} of the ${formatCount(total)} ${what} are system files, not the program's (the OS's or the MPI library's: /proc, /sys, /dev, /etc, /usr, …, MPI session directories such as Open MPI's /tmp/ompi.HOST.UID with OMPIO's shared file pointers FILE_cid-CID-PID.sm): listed last, marked ${SYSTEM_MARK}`]
    : [];
