/**
 * The CLI's time budget for user regular expressions (mapping filters and rewrites, `re:` selectors): the
 * work runs under node:vm's timeout, whose watchdog interrupts a regular expression that backtracks
 * catastrophically (`^(\/?[^\/]*)*!$` on a long path never ends otherwise). The budget grows with the work
 * (distinct paths × expressions), far above what a linear-time expression needs.
 */
import { runInNewContext } from 'node:vm';
import { MappingError } from '../../analysis/mapping';

/** Budget: a base plus this much per subject and expression (a plain regex test takes about 1 µs). */
export const GUARD_BASE_MS = 4000;
export const GUARD_PER_TEST_MS = 0.02;

export function regexBudgetMs(work: number): number {
  return Math.round(GUARD_BASE_MS + GUARD_PER_TEST_MS * work);
}

export function regexGuard<T>(what: string, work: number, fn: () => T, budgetMs = regexBudgetMs(work)): T {
  try {
    return runInNewContext('run()', { run: fn }, { timeout: budgetMs }) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new MappingError(`the regular expression ${what} ran for more than ${(budgetMs / 1000).toFixed(1)} s (it backtracks catastrophically): fix or remove it`);
    }
    throw e;
  }
}
