import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

test('a -ttt time no Date can show (99999999999999.000001) never kills the page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([fixture('bad/hugetime_node1_3.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBe(1);
  // the summary (outside the graph) renders, no panel failed, the header's file input is still there
  await expect(page.getByTestId('panel-error')).toHaveCount(0);
  await expect(page.getByTestId('summary-cases')).toHaveText('1');
  await expect(page.getByTestId('file-input')).toHaveCount(1);
  // a timeline of the activity holding that event opens or fails in its own panel only
  await page.locator('[data-testid=stats-row]').first().click();
  await app.waitIdle();
  await expect(page.getByRole('button', { name: 'Open files…' })).toBeVisible();
  await app.shot('reliability-hugetime');
  // and the next file loads
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  expect((await app.expectReady()).cases).toBe(1);
  await expect(page.getByTestId('panel-error')).toHaveCount(0);
  expect(errors.filter((e) => /Invalid time value/.test(e))).toEqual([]);
});
