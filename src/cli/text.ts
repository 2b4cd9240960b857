/** Text for the terminal, shared by the subcommands' reports and the notes on stderr. */

/** Trace content is data: control characters in paths are shown escaped, never sent to the terminal. */
export function safe(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
