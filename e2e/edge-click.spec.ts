import { expect, test } from '@playwright/test';
import { stableGraph } from './graphWait';
import { AppPage } from './app';

test('clicking an edge lists the cases and counts of that transition', async ({ page }) => {
  const app = new AppPage(page);
  // the paper's plain mapping, as the assertions name its activities, all 24 shown (the slider in the link:
  // the first view would show only what fits legibly)
  await app.open('raw=1&activities=24');
  await app.loadExample();
  const g = await stableGraph(app);
  // read:/proc/filesystems → read:/etc/locale.alias: once in each of the 6 ls / ls -l cases.
  const edge = g.edges.find((e) => e.source === 'read:/proc/filesystems' && e.target === 'read:/etc/locale.alias');
  expect(edge).toBeDefined();
  expect(edge?.at, 'the graph panel reports edge positions (GraphModel.edges[].at)').toBeDefined();
  const box = (await page.getByTestId('graph-canvas').boundingBox())!;
  await page.mouse.click(box.x + edge!.at!.x, box.y + edge!.at!.y);
  await app.waitIdle();
  const panel = page.getByTestId('edge-cases');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('read:/proc/filesystems');
  await expect(panel).toContainText('read:/etc/locale.alias');
  const rows = panel.getByTestId('edge-case-row');
  await expect(rows).toHaveCount(6);
  let total = 0;
  for (const r of await rows.all()) total += Number((await r.locator('td').nth(1).innerText()).replace(/,/g, ''));
  expect(total).toBe(edge!.count);
  await app.shot('panel-edge-cases', '[data-testid=edge-cases]');
});
