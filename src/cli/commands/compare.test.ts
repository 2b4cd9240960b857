import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompareJson } from '../../analysis/compare/json';
import { runCli as run } from '../../testing/cliRun';

/** The IOR-like runs (e2e/fixtures/ior-like/README.md): green = cid ssf, red = cid fpp. */
const IOR = join(__dirname, '..', '..', '..', 'e2e', 'fixtures', 'ior-like');

describe('strace-dfg compare', () => {
  it('--json prints the compare document', async () => {
    const r = await run('compare', '--green', 'cid:ssf', '--red', 'cid:fpp', '--json', '--jobs', '1', IOR);
    // the folder also holds the recipe: named on stderr and skipped
    expect(r.err).toMatch(/^strace-dfg: 3 other files skipped \(not traces\): ior-like\/README\.md/);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as CompareJson;
    expect(Object.keys(doc.cases)).toHaveLength(12);
    expect(doc.cases['fpp_jrc0402_5']).toMatchObject({ side: 'red', host: 'jrc0402', rank: '5' });
    expect(doc.activities['pwrite64:/scratch/iorlike'].red.count).toEqual([4, 4, 4, 4, 4, 4]);
    expect(doc.activities['pwrite64:/scratch/iorlike'].tests.count.effect).toBe(-1);
    expect(doc.activities['fsync:/scratch/iorlike'].green.bytes).toEqual([0, 0, 0, 0, 0, 0]); // no sized calls: 0 per case, not null
    expect(doc.top[0]).toMatch(/^red runs took/);
  });

  it('mapping options apply: depth 3 separates the two directories', async () => {
    const r = await run('compare', '--green=cid:ssf', '--red=cid:fpp', '--json', '--depth', '3', '--filter', '/scratch', '--jobs', '1', IOR);
    const doc = JSON.parse(r.out) as CompareJson;
    expect(Object.keys(doc.activities).every((a) => a.includes('/scratch/iorlike/'))).toBe(true);
    expect(doc.activities['pwrite64:/scratch/iorlike/ssf'].side).toBe('green');
  });

  it('text: the top differences, the per-case medians and the tables', async () => {
    const r = await run('compare', '--green', 'cid:ssf', '--red', 'cid:fpp', '--top', '5', '--jobs', '1', IOR);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Compare green = cid:ssf, red = cid:fpp: 6 green and 6 red cases\n/);
    expect(r.out).toMatch(/Top differences:\n {2}1\. red runs took .* q = 0\.0/);
    expect(r.out).toMatch(/coverage +\d+% \(\d+%–\d+%\) +\d+% \(\d+%–\d+%\)/);
    expect(r.out).toContain('pwrite64:/scratch/iorlike');
    expect(r.out).toMatch(/Edges by transitions per case \(\d+, first 5\)/);
  });

  it('--view gives the sides and the mapping, as the app link does', async () => {
    const r = await run('compare', '--view', '#depth=3&green=cid:ssf&red=cid:fpp', '--json', '--jobs', '1', IOR);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as CompareJson;
    expect(doc.activities['pwrite64:/scratch/iorlike/fpp'].side).toBe('red');
  });

  it('like for like: prints the two --rewrite options, which then compare the directories as one', async () => {
    const DIRS = join(__dirname, '..', '..', 'analysis', 'compare', '__fixtures__', 'ssf-fpp-dirs');
    const r = await run('compare', '--green', 'cid:ssf', '--red', 'cid:fpp', '--jobs', '1', DIRS);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/ {2}1\. like for like: \/scratch\/ssf in green and \/scratch\/fpp in red have the same calls/);
    const opts = /\n {2}(--rewrite '\/scratch\/ssf => \/scratch\/\{ssf\|fpp\}' --rewrite '\/scratch\/fpp => \/scratch\/\{ssf\|fpp\}')\n/.exec(r.out);
    expect(opts).not.toBeNull();
    const args = [...opts![1].matchAll(/--rewrite '([^']*)'/g)].flatMap((m) => ['--rewrite', m[1]]);
    const j = await run('compare', '--green', 'cid:ssf', '--red', 'cid:fpp', '--json', '--jobs', '1', ...args, DIRS);
    const doc = JSON.parse(j.out) as CompareJson;
    expect(doc.alignments).toEqual([]);
    expect(doc.applied).toEqual([{ label: '/scratch/{ssf|fpp}', patterns: ['/scratch/ssf', '/scratch/fpp'] }]);
    expect(doc.activities['pwrite64:/scratch/{ssf|fpp}'].side).toBe('both');
  });

  it('bad usage is one line and exit code 2', async () => {
    const a = await run('compare', '--green', 'cid:ssf', IOR);
    expect(a.code).toBe(2);
    expect(a.err).toBe('strace-dfg: compare needs both sides: --green SEL --red SEL (e.g. --green cid:a --red cid:b) or a --view with green= and red=\n');
    const b = await run('compare', '--green', 'cid:ssf', '--red', 'cid:nope', '--jobs', '1', IOR);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/red selector cid:nope: no case has cid 'nope'/);
    const c = await run('compare', '--green', 'cid:ssf', '--red', 'cid:fpp', '--bogus', IOR);
    expect(c.code).toBe(2);
    expect(c.err).toMatch(/^strace-dfg: .*--bogus/);
    const h = await run('--help');
    expect(h.out).toContain('strace-dfg compare (--green SEL --red SEL');
  });
});
