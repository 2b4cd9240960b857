/**
 * Folder discovery against file-system faults: an unreadable sub-folder is skipped with one warning line
 * (an EACCES from readdir, injected: the tests run as root, who reads chmod 000 folders), and a file
 * linked into a folder is read once.
 */
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const denied = new Set<string>();
vi.mock('node:fs', async (orig) => {
  const fs = await orig<typeof import('node:fs')>();
  const readdirSync = ((p: string, ...rest: unknown[]) => {
    if (denied.has(String(p))) throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(p)}'`), { code: 'EACCES', errno: -13, syscall: 'scandir', path: String(p) });
    return (fs.readdirSync as (...a: unknown[]) => unknown)(p, ...rest);
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync }, readdirSync };
});

const { runCli: run, tempDir } = await import('../../testing/cliRun');

const FIG1 = join(__dirname, '..', '__fixtures__', 'fig1');
const tmp = tempDir('discover');

describe('folders the CLI cannot read', () => {
  it('an unreadable sub-folder is skipped with one line; the other traces load', async () => {
    const top = join(tmp, 'run');
    mkdirSync(join(top, 'ok'), { recursive: true });
    mkdirSync(join(top, 'locked'), { recursive: true });
    copyFileSync(join(FIG1, 'a_node1_1.st'), join(top, 'ok', 'a_node1_1.st'));
    copyFileSync(join(FIG1, 'b_node1_1.st'), join(top, 'locked', 'b_node1_1.st'));
    denied.add(join(top, 'locked'));
    const r = await run('analyze', '--json', top);
    expect(r.err).toBe(`strace-dfg: skipped 1 unreadable folder: ${join(top, 'locked')} (cannot read (EACCES))\n`);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { cases: number }).cases).toBe(1);
    // the folder named on the command line itself is still an error
    denied.add(top);
    const r2 = await run('analyze', top);
    expect(r2.code).toBe(2);
    expect(r2.err).toBe(`strace-dfg: cannot read folder ${top} (EACCES)\n`);
    denied.clear();
  });

  it('a file symlinked into a folder, or named again through a link, is read once', async () => {
    const dir = join(tmp, 'linked');
    mkdirSync(dir);
    copyFileSync(join(FIG1, 'a_node1_1.st'), join(dir, 'a_node1_1.st'));
    symlinkSync(join(dir, 'a_node1_1.st'), join(dir, 'a_node1_2.st'));
    const r = await run('analyze', '--json', dir, join(dir, 'a_node1_2.st'));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { cases: number }).cases).toBe(1);
  });
});
