/**
 * The CLI reads the view as the app does (#28 item 5): the rewrite syntax with blanks, out-of-range values
 * refused with one line and exit 2, rules and filters that match nothing named on stderr, and
 * `SUB --help` with that subcommand's options only.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliJson } from '../analysis/cliJson';
import { runCli as run } from '../testing/cliRun';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');

async function json(...argv: string[]): Promise<{ doc: CliJson; err: string }> {
  const r = await run('analyze', '--json', ...argv, FIG1);
  expect(r.code).toBe(0);
  return { doc: JSON.parse(r.out) as CliJson, err: r.err };
}

const oneLine = (err: string): void => expect(err.trimEnd().split('\n')).toHaveLength(1);

describe('the CLI reads the view like the app', () => {
  it("--rewrite 'P => L' (the app's syntax, blanks around =>) is the rule P=>L", async () => {
    const spaced = await json('--rewrite', '/etc => ETC', '--filter', '/etc/');
    const tight = await json('--rewrite', '/etc=>ETC', '--filter', '/etc/');
    expect(Object.keys(spaced.doc.nodes).sort()).toEqual(['read:ETC/group', 'read:ETC/locale.alias', 'read:ETC/nsswitch.conf', 'read:ETC/passwd']);
    expect(spaced.doc).toEqual(tight.doc);
    expect(spaced.err).toBe('');
    // the link's rewrite key reads it the same way
    expect((await json('--view', '#rewrite=/etc+=>+ETC&filter=/etc/')).doc).toEqual(tight.doc);
  });

  it('refuses out-of-range values with one line naming the option and what it allows, exit 2', async () => {
    for (const [argv, re] of [
      [['--depth', '100'], /^strace-dfg: --depth expects an integer ≤ 99, got '100'/],
      [['--view', '#depth=100'], /^strace-dfg: --view: depth expects an integer from 0 to 99 \(0 = the whole path\), got '100'/],
      [['--view', '#dept=3'], /^strace-dfg: --view: unknown key 'dept' \(known: v, depth,/],
      [['--view', '#metric=nope'], /^strace-dfg: --view: metric expects a statistic that colours the graph/],
      [['--system', 'all'], /^strace-dfg: --system expects auto, show, collapse or hide, got 'all'/],
      [['--time', '3'], /^strace-dfg: --time: invalid time window '3'/],
      [['--rewrite', ' => L'], /^strace-dfg: --rewrite expects PREFIX=>LABEL or re:REGEX=>LABEL, got ' => L'/],
    ] as const) {
      const r = await run('analyze', ...argv, FIG1);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(re);
      oneLine(r.err);
      expect(r.out).toBe('');
    }
    // the edges of the range are taken
    expect((await json('--depth', '99')).err).toBe('');
    expect((await json('--depth', '0')).err).toBe('');
  });

  it('names each rule and filter that matches nothing on stderr (one line each), and analyses the rest', async () => {
    const { doc, err } = await json('--rewrite', '/nowhere => X', '--exclude', '/no/such/dir', '--calls', 'read,write,opne', '--keep-without', 'read:/nope');
    expect(err.trimEnd().split('\n')).toEqual([
      "strace-dfg: warning: the exclude filter '/no/such/dir' matches no path of these traces",
      "strace-dfg: warning: the rewrite rule '/nowhere => X' matches no path of these traces",
      "strace-dfg: warning: the call filter names 'opne', not a call of these traces",
      "strace-dfg: warning: keep cases without 'read:/nope': no such activity in this view",
    ]);
    expect(doc.cases).toBe(6);
    expect(Object.keys(doc.nodes).every((a) => a.startsWith('read:') || a.startsWith('write:'))).toBe(true);
    const kept = await json('--filter', '/nowhere');
    expect(kept.err).toBe("strace-dfg: warning: the path filter '/nowhere' matches no path of these traces: nothing is kept\n");
    expect(Object.keys(kept.doc.nodes)).toEqual([]);
  });

  it('SUB --help lists that subcommand\'s options only, and points to the global help', async () => {
    const a = await run('convert', '--help');
    expect(a.code).toBe(0);
    expect(a.out).toMatch(/^Usage: strace-dfg convert /);
    expect(a.out).toContain('-o, --out LOG.h5');
    expect(a.out).not.toContain('--rewrite');
    expect(a.out).not.toContain('analyze');
    expect(a.out.trimEnd().split('\n').pop()).toMatch(/^strace-dfg --help: /);
    const t = await run('time', '-h');
    expect(t.out).toContain('--activity ACT');
    expect(t.out).toContain('--rewrite');
    expect(t.out).not.toContain('--top');
    expect(t.out.split('\n').length).toBeLessThan((await run('--help')).out.split('\n').length / 2);
  });
});
