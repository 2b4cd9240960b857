/**
 * Text with a line-break opportunity (<wbr>) after each `/` (or each of the characters `after`): a long path
 * wraps between its parts, a host name after its dots, a clock after its colons — not inside a word (the
 * containers wrap with overflow-wrap: break-word, app.css: a word is split only when it alone is wider than
 * the line). Text, never HTML.
 */
import { Fragment } from 'react';

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
