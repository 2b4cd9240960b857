/**
 * The first, friendly check of custom mapping code (docs/ARCHITECTURE.md "Security"). It protects nothing by
 * itself — the sandboxes do (the app's: a frame whose policy forbids every fetch and import; the CLI's: a
 * context without any module or network API) — it only says early and clearly why code that loads other
 * code is refused. Whether `source` may call `import(…)`: the token `import` followed, after white space or
 * comments, by `(`, looked for in the raw source. Nothing is blanked first: a string, template or regex
 * literal cannot be told from code without a full tokenizer (a template's `${…}` is code; a regex literal
 * holding a quote looks like the start of a string), so `import(` inside a string or comment is refused too
 * (rare in a mapping function; the message says why). HTML-like comments (`<!--`, `-->` at a line start),
 * which sloppy-mode script code accepts, count as comments here.
 */
export function usesImport(source: string): boolean {
  return /(^|[^.\w$])import(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*|<!--[^\n]*|-->[^\n]*)*(?:\(|$)/.test(source);
}

export const IMPORT_REFUSED = "import() is not available to custom mapping code (the word import followed by '(' is refused anywhere, also in strings and comments)";
