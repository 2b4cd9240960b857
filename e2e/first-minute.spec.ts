/** The first minute on a real 8-rank run: what is left out is said, variants read, panels close, hover clears. */
import { expect, test } from '@playwright/test';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';
import { stableGraph } from './graphWait';

test('ior-ssf-fpp: system files hidden and said, keep filter counted as filtered, variants compressed, Escape and hover', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();
  const summary = page.getByTestId('summary-events');
  await expect(summary).toContainText('system files hidden');
  await expect(summary).not.toContainText('not mapped');
  // per-process paths are normalised: no /proc/<number> anywhere (system files shown to see them)
  await app.tab('mapping');
  await page.getByTestId('system-files').selectOption('show');
  await app.waitIdle();
  const ids = () => page.locator('[data-testid=stats-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
  await page.getByTestId('stats-filter').fill('/proc');
  await expect.poll(async () => (await ids()).some((id) => id.startsWith('read:/proc'))).toBe(true);
  expect((await ids()).filter((id) => /\/proc\/\d/.test(id))).toEqual([]);
  await page.getByTestId('stats-filter').fill('');
  expect(page.url()).toContain('system=show');
  await app.tab('summary');
  await expect(summary).not.toContainText('system files hidden');
  await app.tab('mapping');

  // a keep filter: what it drops is "filtered out", not "not mapped"
  await page.getByTestId('system-files').selectOption('auto');
  await page.getByTestId('include').fill('/scratch');
  await page.getByTestId('apply-mapping').click();
  await app.waitIdle();
  await app.tab('summary');
  await expect(summary).toContainText('filtered out');
  await expect(summary).not.toContainText('not mapped');

  // variants: repeats in a row are one step with ×N
  await page.getByTestId('tab-variants').click();
  await expect(page.getByTestId('variants-list')).toContainText('pwrite64:/scratch/ior ×6');
  await app.shot('variants-compressed', '[data-testid=variants-list]');

  // Escape closes the timeline
  await page.getByTestId('tab-stats').click();
  await page.locator('[data-testid=stats-row][data-id="pwrite64:/scratch/ior"]').click();
  await app.waitIdle();
  await expect(page.getByTestId('timeline-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('timeline-panel')).toHaveCount(0);

  // a node's hover border goes when the pointer leaves through the legend
  // closing the timeline resizes the panes and refits the graph: take positions once it has stopped moving
  const g = await stableGraph(app);
  const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
  // a node drawn well inside the canvas (the overview above the graph leaves it less height)
  const node = g.nodes.find((n) => n.id !== '●' && n.id !== '■' && n.at && n.at.y > 30 && n.at.y < canvas.height - 30 && n.at.x > 30 && n.at.x < canvas.width - 30)!;
  await page.mouse.move(canvas.x + node.at!.x, canvas.y + node.at!.y);
  await expect.poll(async () => (await app.graph()).nodes.find((n) => n.id === node.id)?.hover).toBe(true);
  const legend = (await page.getByTestId('graph-legend').boundingBox())!;
  await page.mouse.move(legend.x + legend.width / 2, legend.y + legend.height / 2, { steps: 4 });
  await expect.poll(async () => (await app.graph()).nodes.some((n) => n.hover)).toBe(false);
});
