/** A parse-time path filter (include filters, substring or regex) as a predicate. */
import type { PathFilter } from './types';

export function pathPredicate(filters: readonly PathFilter[] | undefined): ((fp: string) => boolean) | undefined {
  if (!filters || !filters.length) return undefined;
  const tests = filters.map((f) => {
    if (f.kind === 'regex') {
      let re: RegExp;
      try {
        re = new RegExp(f.pattern);
      } catch (e) {
        throw new Error(`invalid regular expression in the load filter: /${f.pattern}/ (${(e as Error).message})`, { cause: e });
      }
      return (fp: string) => re.test(fp);
    }
    return (fp: string) => fp.includes(f.pattern);
  });
  return (fp: string) => tests.some((t) => t(fp));
}
