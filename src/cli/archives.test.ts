/**
 * The CLI reads archives (src/ingest/archive.ts) named on the command line and found in folders: the six
 * strace fixtures in a GNU tar, a pax tar.gz and a zip give the analysis of the files themselves.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run, tempDir } from '../testing/cliRun';

const AR = join(__dirname, '..', 'ingest', '__fixtures__', 'archives');
const ST = join(__dirname, '..', 'ingest', 'strace', '__fixtures__');
const tmp = tempDir('archives');

const nodes = (out: string) => (JSON.parse(out) as { nodes: unknown }).nodes;

describe('archives in the CLI', () => {
  it('a .tar, .tar.gz and .zip named on the command line, and a folder holding them, load like the files', async () => {
    const dir = join(tmp, 'files');
    mkdirSync(dir, { recursive: true });
    for (const f of ['a_node1_1.st', 'a_node1_2.st', 'a_node1_3.st', 'b_node1_1.st', 'b_node1_2.st', 'b_node1_3.st']) copyFileSync(join(ST, f), join(dir, f));
    const want = await run('analyze', '--json', dir);
    expect(want.code).toBe(0);
    for (const f of ['ab.tar', 'ab_pax.tar.gz', 'ab.zip']) {
      const r = await run('analyze', '--json', join(AR, f));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(nodes(r.out)).toEqual(nodes(want.out));
    }
    const runs = join(tmp, 'runs');
    mkdirSync(runs, { recursive: true });
    copyFileSync(join(AR, 'ab.zip'), join(runs, 'ab.zip'));
    const r = await run('analyze', '--json', runs);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { cases: number }).cases).toBe(6);
  });

  it('a truncated archive named on the command line is an error naming it', async () => {
    const r = await run('analyze', join(AR, 'truncated.tar'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/truncated\.tar: the archive is corrupt or truncated/);
  });
});
