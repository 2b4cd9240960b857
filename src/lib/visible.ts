/**
 * Invisible and reordering characters of trace content shown visibly (docs/FORMATS.md "Activity names"):
 * C0/C1 controls, zero-width characters, bidirectional overrides and isolates, line/paragraph separators
 * and the BOM become `\uXXXX`, so a path `\u202egpj.exe` never reads as `exe.jpg` and U+0000 never reaches
 * an SVG or a terminal. Everything else is kept as it is.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;
// eslint-disable-next-line no-control-regex
const HAS_HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/;

const hex = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `s` with hidden characters written as `\uXXXX` (the same string when it has none). */
export function visibleText(s: string): string {
  return HAS_HIDDEN.test(s) ? s.replace(HIDDEN, hex) : s;
}

/** Whether `s` holds a character that `visibleText` escapes. */
export const hasHidden = (s: string): boolean => HAS_HIDDEN.test(s);
