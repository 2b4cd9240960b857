import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

test('a link carries the whole view: case filters and graph sliders apply to the dropped files, and moving a slider lands in the URL', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('v=1&raw=1&activities=4&keep=without:read:/etc/passwd');
  await app.pickFolder(fixture('multiproc'));
  await app.expectReady();
  const st = await app.state();
  expect(st.cases).toBe(2); // of 3: one case reads /etc/passwd
  const g = await app.graph();
  expect(g.nodes.map((n) => n.id)).not.toContain('read:/etc/passwd');
  expect(g.nodes.length).toBeLessThanOrEqual(4 + 2);
  await expect(page.getByTestId('graph-activities-value')).toHaveText('4');

  await page.getByTestId('graph-activities').fill('6');
  await app.waitIdle();
  await expect(page.getByTestId('graph-activities-value')).toHaveText('6');
  expect(page.url()).toContain('activities=6');
  expect(page.url()).toContain('keep=without:read:/etc/passwd');
});

test('a link carries the selection: the node of sel= opens its timeline once the files are dropped, and selecting another node lands in the URL', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(`v=1&raw=1&sel=${encodeURIComponent('openat:/usr/lib')}`);
  await app.pickFolder(fixture('multiproc'));
  await app.expectReady();
  await expect(page.getByTestId('timeline-panel')).toContainText('openat:/usr/lib');
  await expect(page.getByTestId('timeline-plot')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  expect(decodeURIComponent(page.url())).toContain('sel=openat:/usr/lib');

  await page.locator('[data-testid=stats-row][data-id="read:/usr/lib"]').click();
  await app.waitIdle();
  await expect(page.getByTestId('timeline-panel')).toContainText('read:/usr/lib');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('sel=read:/usr/lib');
  await page.getByTestId('timeline-close').click();
  await expect.poll(() => page.url()).not.toContain('sel=');
});
