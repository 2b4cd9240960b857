/**
 * The text of one value of the view (also the mapping editor's lines and the partition picker's lists) and
 * the query syntax the view's text form is written in (docs/FORMATS.md "The view text form").
 */
import { filterText, rewriteText } from '../analysis/mapping';
import { idsSelector, parseIdList } from '../analysis/partition';
import type { PathFilter, RewriteRule } from '../analysis/types';
import type { CaseFilter } from '../analysis/types';

export { filterText, idsSelector, parseIdList, rewriteText };

/** What is selected: a node (its timeline is open) or an edge (its cases panel is open). */
export type Selection = { kind: 'node'; id: string } | { kind: 'edge'; source: string; target: string };

export const parseFilter = (s: string): PathFilter => (s.startsWith('re:') ? { kind: 'regex', pattern: s.slice(3) } : { kind: 'substring', pattern: s });

/**
 * A rewrite from its text: the blanks around `=>` are not part of the rule (`P => L` is `P=>L`, as the
 * mapping editor, the link and the CLI all read it); null without `=>` or without a pattern.
 */
export function parseRewrite(s: string): RewriteRule | null {
  const at = s.indexOf('=>');
  if (at < 0) return null;
  const pat = s.slice(0, at).trim();
  const label = s.slice(at + 2).trim();
  if (!pat) return null;
  return pat.startsWith('re:') ? { kind: 'regex', pattern: pat.slice(3), label } : { kind: 'prefix', pattern: pat, label };
}

/** A list of call names: comma (or blank) separated. */
export const parseList = (s: string): string[] => s.split(/[,\s]+/).map((x) => x.trim()).filter(Boolean);

/** A case filter as text: `with:ACTIVITY`, `without:ACTIVITY`, or `cases:ID,ID` (`\,` a comma in an id). */
export const caseFilterText = (f: CaseFilter): string => (f.keep === 'cases' ? `cases:${idsSelector(f.ids).slice(4)}` : `${f.keep}:${f.activity}`);
export function parseCaseFilter(s: string): CaseFilter | null {
  const c = /^cases:(.+)$/s.exec(s);
  if (c) {
    const ids = parseIdList(c[1]);
    return ids.length ? { keep: 'cases', ids } : null;
  }
  const m = /^(with|without):(.+)$/s.exec(s);
  return m ? { keep: m[1] as 'with' | 'without', activity: m[2] } : null;
}

/** A name in a `sel` value: `\\` and `>` escaped by a backslash, so an unescaped ` -> ` only ever
 * separates the two ends of an edge, whatever the activity names hold. */
const selName = (s: string): string => s.replace(/[\\>]/g, (c) => `\\${c}`);
/** A selection as text: `ACTIVITY` (a node) or `SOURCE -> TARGET` (an edge), names as `selName` writes them. */
export const selectionText = (s: Selection): string => (s.kind === 'node' ? selName(s.id) : `${selName(s.source)} -> ${selName(s.target)}`);
/** A `sel` value: one name is a node, two an edge; more, or an empty name, is junk (null). An unescaped
 * `>` that does not separate (hand-written text) is kept as it is. */
export function parseSelection(text: string): Selection | null {
  const names: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) cur += text[++i];
    else if (c === '>' && cur.endsWith(' -') && text[i + 1] === ' ') {
      names.push(cur.slice(0, -2));
      cur = '';
      i++;
    } else cur += c;
  }
  names.push(cur);
  if (names.some((n) => n === '')) return null;
  if (names.length === 1) return { kind: 'node', id: names[0] };
  return names.length === 2 ? { kind: 'edge', source: names[0], target: names[1] } : null;
}

// ---- query syntax (application/x-www-form-urlencoded, as URLSearchParams; written here because the
// session is runtime-free: ES2022 has no URLSearchParams type) ----

/** Each run of %XX escapes decoded on its own: a stray `%` (or bytes that are not UTF-8) stays as written, the
 * escapes around it are still decoded (one bad escape used to leave the whole value undecoded). */
const dec = (s: string): string =>
  s.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // a byte that starts no UTF-8 character (or an incomplete one) stays as written; the others decode
      let out = '';
      for (let i = 0; i < run.length; ) {
        const b = parseInt(run.slice(i + 1, i + 3), 16);
        const n = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        try {
          out += decodeURIComponent(run.slice(i, i + 3 * n));
          i += 3 * n;
        } catch {
          out += run.slice(i, i + 3);
          i += 3;
        }
      }
      return out;
    }
  });
/** As URLSearchParams writes it (space → `+`, `!'()~` escaped), with `/`, `:` and `,` left readable. */
export const enc = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
    .replace(/%2F/g, '/')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',');

/** Text → key/value pairs in order: accepts `#…`, `?…`, a bare query, or a whole link (what follows `#`). */
export function queryPairs(text: string): [string, string][] {
  const hash = text.indexOf('#');
  const q = hash >= 0 ? text.slice(hash + 1) : text.replace(/^\?/, '');
  return q
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [dec(part), ''] : [dec(part.slice(0, eq)), dec(part.slice(eq + 1))];
    });
}
