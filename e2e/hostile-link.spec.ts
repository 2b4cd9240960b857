/** A link whose regular expression backtracks catastrophically never hangs the page (docs/ARCHITECTURE.md "Loads"). */
import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

const HOSTILE = '^(\\/?[^\\/]*)*!$';

test('a catastrophic regex from a link: the error names it within seconds, Retry and new files work without it', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(`filter=${encodeURIComponent(`re:${HOSTILE}`)}`);
  const t0 = Date.now();
  await page.getByTestId('file-input').setInputFiles([fixture('bad/good_node1_1.st')]);
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText(`regular expression /${HOSTILE}/ ran for more than 4 s on one path`, { timeout: 15_000 });
  const secs = (Date.now() - t0) / 1000;
  console.log(`hostile link: error shown after ${secs.toFixed(1)} s`);
  expect(secs).toBeLessThan(12);
  await app.shot('hostile-link-error');
  // taken out of the view and of the URL: reloading the page or Retry never runs it again
  expect(decodeURIComponent(page.url())).not.toContain(HOSTILE);
  await page.getByTestId('retry').click();
  await app.waitIdle(20_000);
  expect((await app.expectReady()).cases).toBe(1);
  // new files load as usual
  await app.pickFiles([fixture('bad/good_node1_1.st'), fixture('bad/hugetime_node1_3.st')]);
  expect((await app.expectReady()).cases).toBe(2);
});

test('the same regex typed while files are loaded: Cancel is not needed, the graph stays, new files load', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  const before = await app.graph();
  expect(before.nodes.length).toBeGreaterThan(2);
  await app.tab('mapping');
  await page.getByTestId('include').fill(`re:${HOSTILE}`);
  await page.getByTestId('apply-mapping').click();
  await expect(page.getByTestId('error-banner')).toContainText('backtracks catastrophically', { timeout: 15_000 });
  await app.waitIdle(20_000);
  expect((await app.graph()).nodes.length).toBe(before.nodes.length);
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  expect((await app.expectReady()).cases).toBe(1);
});
