/**
 * For a test that records a real run live (strace, fio, gcc, MPI): `requireTools('strace', 'fio')` at the
 * top of the test file. It fails (never skips) with one line naming what to install when a tool is missing;
 * `npm test` finds or installs them first (tools/needs.mjs), so the names must be in its TEST_NEEDS.
 */
import { missing, installLine, TEST_NEEDS, TOOLS } from '../../tools/needs.mjs';

export function requireTools(...names: string[]): void {
  const unknown = names.filter((n) => !(n in TOOLS) || !TEST_NEEDS.includes(n));
  if (unknown.length) throw new Error(`add ${unknown.join(', ')} to TEST_NEEDS (and TOOLS) in tools/needs.mjs, so that npm test finds or installs them`);
  const lack = missing(names);
  if (lack.length) throw new Error(installLine('this test', lack));
}
