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
