/**
 * Offsets only where known (issue #27.3), in the app: the IOR shared-file run traced without lseek
 * (`STRACE_CALLS=openat,read,write,close`; the insights benchmark's mpi-ior-nolseek run,
 * src/analysis/insights/__fixtures__/bench, README there). The Files tab and the file offsets view say
 * "offsets unknown — trace lseek" and claim no access pattern for the shared file; the Insights say T10 and
 * neither P09 nor P10 (IOR wrote 16 MiB to a 16 MiB file).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { AppPage, FIXTURES } from './app';

const RUN = join(FIXTURES, '..', '..', 'src', 'analysis', 'insights', '__fixtures__', 'bench', 'mpi-ior-nolseek');
const files = readdirSync(RUN).filter((f) => f.endsWith('.st.gz')).sort()
  .map((f) => ({ name: f.slice(0, -3), mimeType: 'text/plain', buffer: gunzipSync(readFileSync(join(RUN, f))) }));
const SSF = '/tmp/bench/mpi-ior-nolseek/scratch/ssf';

test('traced without lseek: the Files tab, the file offsets and the Insights say the offsets are unknown', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = new AppPage(page);
  await app.open();
  expect(files).toHaveLength(4);
  await page.getByTestId('file-input').setInputFiles(files);
  await page.evaluate(() => window.__app!.waitIdle(120_000));
  await app.expectReady();

  await app.tab('files');
  await app.waitIdle();
  await expect(page.getByTestId('files-nolseek')).toHaveText('offsets unknown in 4 cases — trace lseek');
  // the shared file: its size and requests, and no consecutive / sequential / random split claimed
  const row = page.locator(`[data-testid=files-row][data-fp="${SSF}"]`);
  await expect(row).toHaveCount(1);
  const cells = await row.locator('td').allInnerTexts();
  expect(cells.slice(0, 5)).toEqual([SSF, '32.0 MiB', '64 · 64', '4', 'shared']);
  expect(cells.slice(5, 8).join(' ')).not.toMatch(/\d%/);

  await page.getByTestId('tab-time').click();
  await page.getByTestId('time-view-offsets').click();
  await expect(page.getByTestId('offsets-nolseek')).toContainText('Offsets unknown in 4 cases — trace lseek');

  await page.getByTestId('tab-insights').click();
  const findings = page.getByTestId('finding');
  await expect(findings.first()).toBeVisible({ timeout: 30_000 });
  const codes = await findings.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
  expect(codes).toContain('T10');
  expect(codes).not.toContain('P09');
  expect(codes).not.toContain('P10');
  await expect(page.locator('[data-testid=finding][data-code=T10]')).toContainText('Offsets unknown — trace lseek');
});
