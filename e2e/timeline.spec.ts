import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

test('selecting a node (statistics row) opens its timeline with one bar per event', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(fixture('multiproc'));
  await app.expectReady();
  const row = page.locator('[data-testid=stats-row][data-id="openat:/usr/lib"]');
  const count = Number((await row.locator('td').nth(1).innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThan(5);
  await row.click();
  await app.waitIdle();
  const plot = page.getByTestId('timeline-plot');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(plot).toHaveAttribute('data-events', String(count));
  await expect(plot).toHaveAttribute('data-bars', String(count));
  await expect(page.getByTestId('timeline-panel')).toContainText('openat:/usr/lib');
  await app.shot('panel-timeline', '[data-testid=detail]');
  await app.shot('timeline-open');
  await page.getByTestId('timeline-close').click();
  await expect(page.getByTestId('timeline-panel')).toHaveCount(0);
});
