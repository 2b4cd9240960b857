/**
 * Custom mapping code in the CLI (#33.1): code a --view text carries never runs without --allow-custom; with
 * it (or the user's own --custom-file) it runs in the sandbox (src/cli/node/sandbox.ts): no file system,
 * process, network or module, a memory cap and the 30 s budget, one clear line when stopped.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noCtx } from '../session/types';
import { runCli, tempDir } from '../testing/cliRun';
import { nodeSandbox } from './node/sandbox';

const FIG1 = join(__dirname, '__fixtures__', 'fig1');
const dir = tempDir('custom');
const marker = join(dir, 'written-by-a-link');
/** What the audit ran: a link whose mapping writes a file through child_process. */
const HOSTILE = `(e) => { try { process.mainModule.require('child_process').execSync('touch ${marker}'); } catch {} try { require('fs').writeFileSync('${marker}', 'x'); } catch {} return e.call; }`;

/** Each way out, tried from inside the function: '1' when it worked, '0' when it did not. */
const ESCAPES = [
  `() => require('fs').writeFileSync('${marker}', 'x')`,
  `() => process.mainModule.require('fs').writeFileSync('${marker}', 'x')`,
  `() => globalThis.process.exit(3)`,
  `() => this.constructor.constructor('return process')().exit(3)`,
  `() => ({}).constructor.constructor('return process')().exit(3)`,
  `() => e.constructor.constructor('return process')().exit(3)`,
  `() => Function('return process')().exit(3)`,
  `() => eval('process').exit(3)`,
  `() => fetch('http://127.0.0.1:9/')`,
  `() => setTimeout(() => 0, 0)`,
  `() => new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))`,
  `() => { const m = globalThis.module || globalThis.require || globalThis.Buffer; if (!m) throw 0; }`,
];
// (a context's V8 console exists but prints nowhere: the test below sees stdout hold only the JSON, stderr nothing)
const PROBE = `(e) => { console.log('PRI' + 'NTED'); console.error('PRI' + 'NTED'); const tries = [${ESCAPES.join(', ')}]; let got = ''; for (const t of tries) { try { t(); got += '1'; } catch { got += '0'; } } return e.call + ':' + got; }`;

describe('custom mapping code from a --view text', () => {
  it('never runs without --allow-custom: one line, exit 2, nothing written', async () => {
    const r = await runCli('analyze', '--view', `#custom=${encodeURIComponent(HOSTILE)}`, FIG1);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('--view carries custom mapping code (1 line): it runs only with --allow-custom');
    expect(r.out).toBe('');
    expect(existsSync(marker)).toBe(false);
  });

  it('with --allow-custom it runs in the sandbox: no file, process, module, network, timer or console is reachable', async () => {
    const r = await runCli('analyze', '--json', '--allow-custom', '--view', `#custom=${encodeURIComponent(PROBE)}`, FIG1);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const acts = Object.keys((JSON.parse(r.out) as { nodes: Record<string, unknown> }).nodes);
    expect(acts.length).toBeGreaterThan(0);
    for (const a of acts) expect(a).toMatch(new RegExp(`:${'0'.repeat(ESCAPES.length)}$`));
    expect(existsSync(marker)).toBe(false);
    expect(r.out + r.err).not.toContain('PRINTED');
  });

  it("the user's own --custom-file runs without --allow-custom, in the same sandbox", async () => {
    const f = join(dir, 'mine.js');
    writeFileSync(f, HOSTILE);
    const r = await runCli('analyze', '--json', '--custom-file', f, FIG1);
    expect(r.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });
});

describe('the sandbox itself, past the friendly import() check', () => {
  it('has no module loader: import() of node:fs writes nothing (the check would refuse it first)', async () => {
    const a = await nodeSandbox()(noCtx(), `(e) => { import('node:fs').then((fs) => fs.writeFileSync('${marker}', 'x'), () => 0); return e.call; }`, [{ call: 'read', fp: '/a', path: '/a', system: false }]);
    expect(a).toEqual({ values: ['read'] });
    await new Promise((r) => setTimeout(r, 300));
    expect(existsSync(marker)).toBe(false);
    const r = await runCli('analyze', '--allow-custom', '--view', `#custom=${encodeURIComponent("(e) => import('node:fs')")}`, FIG1);
    expect(r.code).toBe(2);
    expect(r.err).toContain('import() is not available to custom mapping code');
  });
});

describe('the sandbox stops what never ends', () => {
  it('an endless loop from --custom-file stops after the 30 s budget with one line, exit 2', async () => {
    const f = join(dir, 'loop.js');
    writeFileSync(f, '(e) => { for (;;) {} }');
    const t0 = Date.now();
    const r = await runCli('analyze', '--custom-file', f, FIG1);
    const secs = (Date.now() - t0) / 1000;
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/custom mapping stopped: it ran for more than 30 s on \d+ \(call, file\) pairs \(an endless loop\?\)/);
    expect(secs).toBeLessThan(45);
  }, 90_000);

  it('an endless allocation is stopped at the memory cap, the CLI lives on', async () => {
    const sandbox = nodeSandbox({ heapMb: 64 });
    const a = await sandbox(noCtx(), '(e) => { const keep = []; for (;;) keep.push(new Array(1e5).fill(Math.random())); }', [{ call: 'read', fp: '/a', path: '/a', system: false }]);
    expect(a).toEqual({ index: -1, error: expect.stringMatching(/^custom mapping stopped: it used more than its \d+ MB of memory on 1 \(call, file\) pairs/) });
    // and an async endless loop (promise jobs) is inside the budget too
    const b = await nodeSandbox({ budgetMs: 500 })(noCtx(), '(e) => { (async () => { for (;;) await 0; })(); return e.call; }', [{ call: 'read', fp: '/a', path: '/a', system: false }]);
    expect(b).toMatchObject({ index: -1, error: expect.stringMatching(/ran for more than 0.5 s/) });
  }, 60_000);
});
