/** "Its cases vs the rest" of a finding: the partition selectors, written by the one `ids:` writer. */
import { idsSelector } from '../../session/view';

/** Its cases in green, the other loaded cases in red; null when either side would be empty. Case ids may
 * hold ',' or '\' (escaped by `idsSelector`, docs/FORMATS.md "The view text form"). */
export function itsCasesVsRest(its: readonly string[], all: readonly string[]): { green: string; red: string } | null {
  const mine = new Set(its);
  const rest = all.filter((id) => !mine.has(id));
  if (!its.length || !rest.length) return null;
  return { green: idsSelector(its), red: idsSelector(rest) };
}
