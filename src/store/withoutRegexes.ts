/** A view without its regular expressions: what is left of a link whose expression backtracks catastrophically. */
import type { MappingSpec } from '../analysis/types';

export interface RegexParts {
  mapping: MappingSpec;
  green: string;
  red: string;
}

/** The mapping and partition selectors of a view without their regular expressions. */
export function withoutRegexes(v: RegexParts): RegexParts {
  const m = v.mapping;
  const re = (sel: string): string => (sel.trim().startsWith('re:') ? '' : sel);
  return {
    mapping: { ...m, include: m.include.filter((f) => f.kind !== 'regex'), exclude: m.exclude.filter((f) => f.kind !== 'regex'), rewrites: m.rewrites.filter((r) => r.kind !== 'regex') },
    green: re(v.green),
    red: re(v.red),
  };
}
