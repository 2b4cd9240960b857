import { readdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

test('a folder of real multi-process traces (folder picker, with a sub-folder)', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('raw'); // the plain mapping: these checks name system files
  await app.pickFolder(fixture('multiproc'));
  const s = await app.expectReady();
  expect(s.cases).toBe(3);
  expect(s.errors).toEqual([]);
  await expect(page.getByTestId('summary')).toContainText('node1, node2');
  await expect(page.getByTestId('summary')).toContainText('pipe, tar');
  const g = await app.graph();
  expect(g.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['●', '■']));
  // the first view shows what fits; every activity is in the statistics
  await page.getByTestId('stats-filter').fill('ld.so.cache');
  await expect(page.locator('[data-testid=stats-row][data-id="openat:/etc/ld.so.cache"]')).toHaveCount(1);
  await app.shot('folder-multiproc');
});

test('many files dropped at once with a real drop event', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  const dir = fixture('multiproc');
  const files = readdirSync(dir).filter((f) => f.endsWith('.st')).map((f) => `${dir}/${f}`);
  await app.dropFiles([...files, fixture('multiproc/run2/tar_node2_1.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBe(3);
  const byPid = await page.evaluate(() => window.__app!.state().events);
  // One case per (file, pid): more cases, same events.
  await page.getByTestId('split-pid').check();
  await app.waitIdle();
  const split = await app.state();
  expect(split.cases).toBeGreaterThan(3);
  expect(split.events).toBe(byPid);
  expect(page.url()).toContain('split=pid');
});
