/** The CLI's view options: every mapping, partition and case filter of the app, as options and as --view. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliJson } from '../analysis/cliJson';
import { CliError, HELP, parseArgs } from './args';
import { ruleLines } from './cliView';
import { runCli as run, tempDir } from '../testing/cliRun';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const tmp = tempDir('view');

async function json(...argv: string[]): Promise<CliJson> {
  const r = await run('analyze', '--json', ...argv, FIG1);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as CliJson;
}

describe('analyze view options', () => {
  it('a --layer-rules file: one rule a line, blank lines and # comments skipped', () => {
    expect(ruleLines('# my rules\nmylib bin=^libmylib\n\n  other2 sym=^x_ # comment\r\n')).toEqual(['mylib bin=^libmylib', 'other2 sym=^x_']);
  });

  it('keeps the order of case filters and collects the other view options as view keys', () => {
    const a = parseArgs(['analyze', '--keep-with', 'A', '--exclude', '/proc', '--keep-without', 'B', '--view', '#depth=4', '--calls=read,write', 'x']);
    expect(a).toMatchObject({ command: 'analyze', view: '#depth=4', edits: [['keep', 'with:A'], ['exclude', '/proc'], ['keep', 'without:B'], ['calls', 'read,write']] });
  });

  it('--keep-cases keeps exactly the cases named, as the variants list does (keep=cases: in the view)', async () => {
    const doc = await json('--keep-cases', 'a_node1_2,b_node1_1', '--keep-with', 'read:/etc/passwd');
    expect(doc.cases).toBe(1);
    expect(doc.variants.flatMap((v) => v.cases)).toEqual(['b_node1_1']);
    expect((doc as typeof doc & { view: string }).view).toBe('v=1&keep=cases:a_node1_2,b_node1_1&keep=with:read:/etc/passwd');
    expect(() => parseArgs(['analyze', '--keep-cases', ' , ', 'x'])).toThrow(/--keep-cases needs at least one case id/);
  });

  it('--keep-with / --keep-without filter cases like the right-click menu', async () => {
    expect((await json('--keep-with', 'read:/etc/passwd')).cases).toBe(3);
    const without = await json('--keep-without', 'read:/etc/passwd');
    expect(without.cases).toBe(3);
    expect(Object.keys(without.nodes)).not.toContain('read:/etc/passwd');
    expect((await json('--keep-with', 'read:/etc/passwd', '--keep-without', 'read:/etc/passwd')).cases).toBe(0);
  });

  it('--exclude, --calls, --xcalls, --rewrite and --custom-file change the mapping', async () => {
    const ex = await json('--exclude', '/usr/lib', '--xcalls', 'write');
    expect(Object.keys(ex.nodes).some((a) => a.includes('/usr/lib') || a.startsWith('write:'))).toBe(false);
    expect(Object.keys((await json('--calls', 'write')).nodes)).toEqual(['write:/dev/pts']);
    expect(Object.keys((await json('--rewrite', '/etc=>ETC', '--filter', '/etc/')).nodes).sort()).toEqual(['read:ETC/group', 'read:ETC/locale.alias', 'read:ETC/nsswitch.conf', 'read:ETC/passwd']);
    const f = join(tmp, 'map.js');
    writeFileSync(f, "(e) => e.fp.startsWith('/etc') ? 'etc' : null\n");
    const custom = await json('--custom-file', f);
    expect(Object.keys(custom.nodes)).toEqual(['etc']);
  });

  it('--hide-unassigned analyses only the green and the red cases, like the view key unassigned=hide', async () => {
    const all = await json('--green', 're:^a_', '--red', 'ids:b_node1_1');
    expect(all.cases).toBe(6);
    const hidden = await json('--green', 're:^a_', '--red', 'ids:b_node1_1', '--hide-unassigned');
    expect(hidden.cases).toBe(4);
    expect(await json('--view', '#green=re:^a_&red=ids:b_node1_1&unassigned=hide')).toEqual(hidden);
    expect(hidden.variants.flatMap((v) => v.cases).sort()).toEqual(['a_node1_1', 'a_node1_2', 'a_node1_3', 'b_node1_1']);
    expect(hidden.partition!.green_edges).toEqual(all.partition!.green_edges);
    expect(parseArgs(['analyze', '--hide-unassigned', 'x'])).toMatchObject({ edits: [['unassigned', 'hide']] });
  });

  it('--green/--red take any selector; --view takes a link and options apply after it', async () => {
    const byHost = await json('--green', 're:^a_', '--red', 'ids:b_node1_1,b_node1_2');
    expect(byHost.partition!.green_edges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
    const v = await json('--view', '#v=1&depth=3&green=cid:a&red=cid:b');
    expect(Object.keys(v.nodes)).toContain('read:/usr/lib/x86_64-linux-gnu');
    expect(v.partition!.green_edges).toEqual([expect.stringMatching(/^read:\/etc\/locale\.alias -> write:\/dev\/pts\/\d+$/)]);
    const over = await json('--view', '#depth=3&green=cid:a&red=cid:b', '--depth', '1');
    expect(Object.keys(over.nodes)).toContain('read:/etc');
    expect(over.partition).toBeDefined();
  });

  it('names bad view options precisely', async () => {
    const bad = async (re: RegExp, ...argv: string[]) => {
      const r = await run('analyze', ...argv, FIG1);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(re);
    };
    await bad(/--view: view version v=9 is not known/, '--view', '#v=9&depth=1');
    await bad(/--rewrite expects PREFIX=>LABEL/, '--rewrite', '/etc');
    await bad(/--custom-file .*nope\.js: cannot read \(ENOENT\)/, '--custom-file', join(tmp, 'nope.js'));
    await bad(/--json takes no value/, '--json=1');
    await bad(/invalid regular expression/, '--exclude', 're:(');
    expect(() => parseArgs(['analyze', '--keep-with', '', 'x'])).toThrow(CliError);
  });

  it('--help lists every view option', () => {
    for (const o of ['--view', '--exclude', '--calls', '--xcalls', '--rewrite', '--custom-file', '--green SEL', '--red SEL', '--keep-with ACT', '--keep-without ACT', '--case-per-pid']) expect(HELP).toContain(o);
  });
});
