/**
 * Issue #33.8 (a) in the browser: a small .st.gz that holds far more trace than gzip's usual 8:1 is announced
 * before the load as the plain trace of that size is (the worker measures its decompressed size on its head:
 * session/estimate.ts traceSizes). A small device memory (navigator.deviceMemory 0.25 GiB: a 128 MiB budget,
 * src/store/memory.ts) stands in for GBs of trace; the trace is a real IOR run's head and 150 lines of its
 * I/O phase repeated to 64 MiB (a long loop), gzip'd over 100:1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

function longRun(): Buffer {
  const lines = gunzipSync(readFileSync(fixture('ior-ssf-fpp', 'fpp_vm_3.st.gz'))).toString('latin1').split('\n');
  const block = lines.slice(400, 550).join('\n') + '\n';
  return Buffer.from(lines.slice(0, 200).join('\n') + '\n' + block.repeat(Math.ceil((64 << 20) / block.length)), 'latin1');
}

test('a .st.gz of 64 MiB of trace in under 1 % of that is announced like the plain 64 MiB trace; "Load everything anyway" loads it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 0.25 }));
  const dir = mkdtempSync(join(tmpdir(), 'strace-dfg-gzmem-'));
  try {
    const plain = longRun();
    const gz = gzipSync(plain, { level: 6 });
    expect(gz.length * 100).toBeLessThan(plain.length);
    writeFileSync(join(dir, 'long.st'), plain);
    writeFileSync(join(dir, 'long.st.gz'), gz);
    const app = new AppPage(page);
    await app.open();
    const confirm = page.getByTestId('load-confirm');
    // the plain trace: the memory warning (about N events)
    await app.pickFiles([join(dir, 'long.st')]);
    await expect(confirm).toBeVisible();
    const events = (t: string) => Number(/about ([\d,]+) events/.exec(t)![1].replace(/,/g, ''));
    const want = events(await confirm.innerText());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    // the gzip'd one: the same warning, its events within 10 % (measured on the head, not 8 × 0.6 MB)
    await app.pickFiles([join(dir, 'long.st.gz')]);
    await expect(confirm).toBeVisible();
    const got = events(await confirm.innerText());
    expect(got).toBeGreaterThan(0.9 * want);
    expect(got).toBeLessThan(1.1 * want);
    await app.shot('gzip-memory-confirm');
    await page.getByTestId('load-anyway').click();
    await app.waitIdle(120_000);
    const s = await app.expectReady();
    expect(s.errors).toEqual([]);
    expect(s.cases).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
