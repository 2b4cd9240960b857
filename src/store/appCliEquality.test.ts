/**
 * The app and the command line give the same analysis for the same link and files: the app's path (URL hash
 * → store → worker handlers over a Session with the UI's caps → "analysis JSON" export) against
 * `strace-dfg analyze --json --view <hash>` and against the same view given as CLI options.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/cliRun';
import { UI_TRACE_LIMITS } from '../session/session';
import { parseHash, parseView } from '../session/view';
import type { LoadInput } from '../worker/protocol';
import { createAppStore } from './appStore';
import { InThread } from '../testing/inThreadClient';

const MP = join(__dirname, '..', '..', 'e2e/fixtures/multiproc');
const FILES = ['pipe_node1_1.st', 'pipe_node1_2.st', 'run2/tar_node2_1.st'];
/** What a user drops: the folder `multiproc` (names relative to the dropped folder, as the app reports them). */
const dropped = (): LoadInput[] => FILES.map((f) => ({ file: new File([readFileSync(join(MP, f))], f.replace(/^.*\//, '')), name: `multiproc/${f}` }));

/** The worker in this thread: its handlers over a Session built as worker.ts builds it. */
async function appExport(hash: string): Promise<string> {
  const { view, custom } = parseHash(hash);
  expect(custom).toBeNull();
  const store = createAppStore(new InThread({ limits: UI_TRACE_LIMITS }), view);
  await store.getState().loadFiles(dropped());
  expect(store.getState().status).toBe('ready');
  expect(store.getState().banner).toBeNull();
  return (await store.getState().exportJson()).join('');
}

async function cli(...argv: string[]): Promise<string> {
  const r = await runCli('analyze', '--json', ...argv, MP);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r.out;
}

// depth, an exclude filter, a partition by cid against a regex over case ids, a right-click case filter, split by pid
// raw=1: the plain mapping (the case filter names a system file)
const HASH = '#v=1&raw=1&depth=3&exclude=/proc&xcalls=close&green=cid:pipe&red=re:^tar_&keep=without:read:/etc/passwd&split=pid';

describe("the app's analysis JSON = strace-dfg analyze --json on the same view", () => {
  it('for a link with depth, filter, partition, case filter and split by pid', async () => {
    const app = await appExport(HASH);
    const doc = JSON.parse(app);
    // the view is not trivial: the case filter dropped cases, both partition sides have cases and own elements
    const all = JSON.parse(await cli('--case-per-pid'));
    expect(doc.cases).toBeGreaterThan(3);
    expect(doc.cases).toBeLessThan(all.cases);
    expect(Object.keys(doc.nodes).every((a) => !a.startsWith('close:') && !a.includes('/proc'))).toBe(true);
    expect(Object.keys(doc.nodes).some((a) => a.split('/').length === 4)).toBe(true); // depth 3: `call:/a/b/c`
    expect(doc.partition.green_nodes.length).toBeGreaterThan(0);
    expect(doc.partition.red_nodes.length).toBeGreaterThan(0);
    expect(doc.variants.flatMap((v: { cases: string[] }) => v.cases).every((c: string) => c.startsWith('pipe_') || c.startsWith('tar_'))).toBe(true);

    // the document records the view that made it, in the canonical text form (display settings left out)
    expect(doc.view).toBe('v=1&depth=3&raw=1&exclude=/proc&xcalls=close&green=cid:pipe&red=re:%5Etar_&keep=without:read:/etc/passwd&split=pid');
    const back = parseView(doc.view);
    const sent = parseView(HASH);
    expect([back.mapping, back.green, back.red, back.caseFilters, back.splitByPid]).toEqual([sent.mapping, sent.green, sent.red, sent.caseFilters, sent.splitByPid]);

    expect(await cli('--view', HASH)).toBe(app + '\n');
    // the whole link works too, and so do the same settings as options
    expect(await cli('--view', `http://localhost:5173/strace-dfg/${HASH}`)).toBe(app + '\n');
    expect(await cli('--raw', '--depth', '3', '--exclude', '/proc', '--xcalls', 'close', '--green', 'cid:pipe', '--red', 're:^tar_', '--keep-without', 'read:/etc/passwd', '--case-per-pid')).toBe(app + '\n');
  });

  it('for a link with a custom mapping (confirmed in the app) and rewrites', async () => {
    const custom = "(e) => e.fp.startsWith('/usr') ? e.call + ':usr' : null";
    const hash = `#v=1&rewrite=/etc=>ETC&custom=${encodeURIComponent(custom)}`;
    const { view, custom: pending } = parseHash(hash);
    const store = createAppStore(new InThread({ limits: UI_TRACE_LIMITS }), view, pending);
    await store.getState().loadFiles(dropped());
    await store.getState().confirmCustom(true);
    const app = (await store.getState().exportJson()).join('');
    expect(Object.keys(JSON.parse(app).nodes).every((a) => a.endsWith(':usr'))).toBe(true);
    // the CLI's consent: --allow-custom
    expect(await cli('--allow-custom', '--view', hash)).toBe(app + '\n');
  });
});
