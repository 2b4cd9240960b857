/** The one CSV writer (RFC 4180 quoting) of the project: statistics exports in the app and the CLI. */

/**
 * One cell. null / NaN → empty. Text that a spreadsheet would run as a formula (starting with = + - @,
 * also after leading spaces or tabs, or starting with a tab or CR) is prefixed with `'`: trace paths
 * are data. Numbers are written exactly (String(v)).
 */
export function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) return '';
  let s = String(v);
  if (typeof v === 'string' && /^([ \t]*[=+\-@]|[\t\r])/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: header line, one line per row, trailing newline. */
export function toCsv(head: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [head.map(csvCell).join(','), ...rows.map((r) => r.map(csvCell).join(','))];
  return `${lines.join('\n')}\n`;
}
