/**
 * The column names pandas stores in `values_block_N_kind` (and `non_index_axes`, `data_columns`): a list of
 * strings pickled with protocol 0, e.g. `(lp0\nVstart\np1\naVdur\np2\na.`. Only what pandas writes is
 * understood: MARK, LIST/EMPTY_LIST, UNICODE (V, raw-unicode-escape), STRING (S, quoted), PUT/GET (p/g
 * memo), APPEND (a), STOP (.). Returns null for anything else.
 */
export function parsePickledStringList(text: string): string[] | null {
  const out: string[] = [];
  const memo = new Map<string, string>();
  let last: string | null = null;
  let i = 0;
  let started = false;
  while (i < text.length) {
    const op = text[i++];
    const nl = text.indexOf('\n', i);
    const line = (): string => {
      const end = nl < 0 ? text.length : nl;
      const s = text.slice(i, end);
      i = end + 1;
      return s;
    };
    switch (op) {
      case '(':
        break;
      case 'l':
      case ']':
        if (started) return null; // nested lists: not a flat list of names
        started = true;
        break;
      case 'p':
        memo.set(line(), last ?? '');
        break;
      case 'g': {
        const v = memo.get(line());
        if (v === undefined) return null;
        last = v;
        break;
      }
      case 'V':
        last = unescapeRawUnicode(line());
        break;
      case 'S': {
        const s = line();
        const m = /^(['"])(.*)\1$/.exec(s);
        if (!m) return null;
        last = m[2].replace(/\\(x[0-9a-fA-F]{2}|.)/g, (_, e: string) => (e[0] === 'x' ? String.fromCharCode(parseInt(e.slice(1), 16)) : e === 'n' ? '\n' : e));
        break;
      }
      case 'a':
        if (last === null) return null;
        out.push(last);
        last = null;
        break;
      case '.':
        return started ? out : null;
      default:
        return null;
    }
  }
  return null;
}

function unescapeRawUnicode(s: string): string {
  return s.replace(/\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g, (_, u4?: string, u8?: string) =>
    String.fromCodePoint(parseInt((u4 ?? u8) as string, 16)),
  );
}
