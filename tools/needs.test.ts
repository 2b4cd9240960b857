/**
 * tools/needs.mjs: what npm test needs beyond Node is found, or one line says what to install.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, installLine, missing, onPath, TEST_NEEDS, TOOLS } from './needs.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'needs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('tools/needs.mjs', () => {
  it('finds executables on a PATH, not plain files', () => {
    writeFileSync(join(tmp, 'tool-x'), '#!/bin/sh\n');
    writeFileSync(join(tmp, 'plain'), '');
    chmodSync(join(tmp, 'tool-x'), 0o755);
    expect(onPath('tool-x', `/nonexistent:${tmp}`)).toBe(true);
    expect(onPath('plain', tmp)).toBe(false);
    expect(onPath('tool-x', '/nonexistent')).toBe(false);
    expect(onPath(process.execPath)).toBe(true);
  });

  it('Chromium: CHROMIUM_PATH, else /usr/bin/chromium, else chromium or google-chrome on PATH', () => {
    const old = process.env.CHROMIUM_PATH;
    try {
      writeFileSync(join(tmp, 'google-chrome'), '#!/bin/sh\n');
      chmodSync(join(tmp, 'google-chrome'), 0o755);
      process.env.CHROMIUM_PATH = join(tmp, 'google-chrome');
      expect(chromiumPath()).toBe(join(tmp, 'google-chrome'));
      process.env.CHROMIUM_PATH = join(tmp, 'none');
      expect(chromiumPath()).toBeNull(); // named, but not there: not another one
      delete process.env.CHROMIUM_PATH;
      const found = chromiumPath(`/nonexistent:${tmp}`);
      expect(found === '/usr/bin/chromium' || found === join(tmp, 'google-chrome')).toBe(true);
      expect(found).toBe(onPath('/usr/bin/chromium') ? '/usr/bin/chromium' : join(tmp, 'google-chrome'));
    } finally {
      if (old === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = old;
    }
  });

  it('every tool npm test needs is known, with its Debian packages', () => {
    for (const n of TEST_NEEDS) expect(TOOLS[n]?.apt.length, n).toBeGreaterThan(0);
    expect(() => missing(['no-such-tool'])).toThrow(/unknown tool "no-such-tool"/);
  });

  it('one line says what to install', () => {
    expect(installLine('npm test', ['chromium', 'strace', 'gcc'])).toBe(
      'npm test needs Chromium (the e2e tests), strace, gcc: install with `apt-get install chromium strace gcc libc6-dev` (or set CHROMIUM_PATH)',
    );
  });

  it('npm test\'s first step, when it may not install: one line on stderr, exit 1, no stack trace', () => {
    const r = spawnSync(process.execPath, ['tools/needs.mjs', 'test'], {
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: join(tmp, 'no-chromium'), STRACE_DFG_NO_INSTALL: '1' },
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('npm test needs Chromium (the e2e tests): install with `apt-get install chromium` (or set CHROMIUM_PATH)\n');
  });

  it('and nothing when everything is there', () => {
    writeFileSync(join(tmp, 'chromium'), '#!/bin/sh\n');
    chmodSync(join(tmp, 'chromium'), 0o755);
    const r = spawnSync(process.execPath, ['tools/needs.mjs', 'test'], { encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: join(tmp, 'chromium') } });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
  });
});

/** Every test and test helper: src/**, tools/** and e2e/** files ending in .test.ts or .spec.ts, and src/testing. */
function testFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== '__fixtures__') testFiles(p, out);
    } else if (/\.(test|spec)\.ts$/.test(e.name) || (dir.endsWith(join('src', 'testing')) && e.name.endsWith('.ts'))) out.push(p);
  }
  return out;
}

describe('the tests need only Node', () => {
  it('no test runs another program, unless it names its tools with requireTools()', () => {
    const root = resolve(__dirname, '..');
    const files = ['src', 'tools', 'e2e'].flatMap((d) => testFiles(join(root, d)));
    expect(files.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      if (!/from 'node:child_process'/.test(text) || text.includes('requireTools(')) continue;
      if (f.endsWith(join('src', 'testing', 'refdata.ts'))) continue; // runs the programs only under npm run refdata
      for (const m of text.matchAll(/(?<![.\w])(?:spawnSync|spawn|execFileSync|execFile|execSync|exec)\(\s*([^,)]+)/g)) {
        if (!['process.execPath', "'node'"].includes(m[1].trim())) bad.push(`${relative(root, f)}: ${m[0]}`);
      }
    }
    // a program's answer is a committed reference value (src/testing/refdata.ts); a test that records a real
    // run calls requireTools() (src/testing/needs.ts) so that npm test finds or installs its tools first
    expect(bad).toEqual([]);
  });
});
