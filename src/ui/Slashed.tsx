/**
 * Text with a line-break opportunity (<wbr>) after each `/` (or each of the characters `after`): a long path
 * wraps between its parts, a host name after its dots, a clock after its colons — not inside a word (the
 * containers wrap with overflow-wrap: break-word, app.css: a word is split only when it alone is wider than
 * the line). Text, never HTML.
 */
import { Fragment, type ReactNode } from 'react';

/** A command line's option (`-o`, `--force`): kept on one line (a line broke after its hyphen: "… -|o /projects/…"). */
const OPTION = /(^|\s)(--?[A-Za-z][\w-]{0,19})(?=\s|$)/g;

/** A command line: each option on one line (OPTION), the rest as Slashed. */
export function CommandLine({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let from = 0;
  for (const m of text.matchAll(OPTION)) {
    const at = m.index + m[1].length;
    out.push(<Slashed key={from} text={text.slice(from, at)} />, <span key={`o${at}`} style={{ whiteSpace: 'nowrap' }}>{m[2]}</span>);
    from = at + m[2].length;
  }
  out.push(<Slashed key={from} text={text.slice(from)} />);
  return <>{out}</>;
}

export function Slashed({ text, after = '/' }: { text: string; after?: string }) {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (after.includes(text[i]) && i + 1 < text.length) {
      parts.push(text.slice(from, i + 1));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return (
    <>
      {parts.map((p, i) => (i < parts.length - 1 ? <Fragment key={i}>{p}<wbr /></Fragment> : <Fragment key={i}>{p}</Fragment>))}
    </>
  );
}
