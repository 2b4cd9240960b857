/** The CLI against hostile input that is not a file: regular expressions that backtrack catastrophically. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regexGuard } from './node/regexGuard';
import { main } from './run';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
  return { code, out, err };
}

// exponential on any path of a few dozen characters without '!' (every split of every component is tried)
const HOSTILE = '^(\\/?[^\\/]*)*!$';

describe('a regular expression that backtracks catastrophically', () => {
  it('as a path filter: one clear line naming it, exit 2, within the budget', async () => {
    const t0 = Date.now();
    const r = await run('analyze', FIG1, '--filter', `re:${HOSTILE}`);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(`strace-dfg: the regular expression /${HOSTILE}/ ran for more than 4.0 s (it backtracks catastrophically): fix or remove it\n`);
  }, 30_000);

  it('the guard leaves a linear expression alone and stops a stuck one however it is called', () => {
    // a budget far above the expression's microseconds: the test is that a linear expression passes, not the machine's speed
    expect(regexGuard('/x/', 1, () => /^\/usr/.test('/usr/lib'), 2000)).toBe(true);
    const long = '/scratch/user/run-0001/output/checkpoint-000123.dat';
    const t0 = Date.now();
    expect(() => regexGuard(`/${HOSTILE}/`, 1, () => new RegExp(HOSTILE).test(long), 300)).toThrow(/ran for more than 0.3 s/);
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});
