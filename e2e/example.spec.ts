import { expect, test } from '@playwright/test';
import { AppPage } from './app';

test('empty state explains what to drop and loads the shipped example', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await expect(page.getByTestId('recipe')).toHaveText('strace -f -tt -T -y -e trace=%file,%desc,sync,msync,close_range -o {cid}_$(hostname)_$$.st <cmd>');
  await expect(page.getByTestId('download-strace-sh')).toHaveAttribute('download', 'strace.sh');
  await app.shot('empty-state');
  expect((await app.state()).status).toBe('empty');

  await app.loadExample();
  const s = await app.expectReady();
  const index = await (await page.request.get('./samples/index.json')).json();
  expect(s.cases).toBeGreaterThanOrEqual(6);
  expect(s.events).toBeGreaterThan(100);
  expect(s.errors).toEqual([]);
  // 24 activities do not fit this canvas legibly: the first view shows the top ones with readable labels
  // and says how many are hidden; the slider shows them all
  const first = await app.graph();
  const total = Number(await page.getByTestId('graph-activities').getAttribute('max'));
  expect(total).toBe(24);
  const shown = first.nodes.filter((n) => n.id !== '●' && n.id !== '■');
  expect(shown.length).toBeGreaterThanOrEqual(3);
  for (const n of shown) expect(n.labelPx, n.id).toBeGreaterThanOrEqual(8.8);
  if (shown.length < total) await expect(page.getByTestId('graph-shown')).toContainText(`showing ${shown.length} of ${total} activities`);
  await app.shot('loaded-example');
  await page.getByTestId('graph-activities').fill(String(total));
  await app.waitIdle();
  const g = await app.graph();
  const ids = g.nodes.map((n) => n.id);
  expect(ids).toContain('●');
  expect(ids).toContain('■');
  expect(ids).toContain('write:/dev/pts');
  expect(g.edges.length).toBeGreaterThan(3);
  await expect(page.getByTestId('summary-cases')).toContainText(String(s.cases));
  expect(JSON.stringify(index)).toContain('.st');
  await app.shot('panel-summary', '.side');
  await app.shot('panel-stats', '.bottom');
  await app.tab('variants');
  await expect(page.getByTestId('variants-list')).toBeVisible();
  await app.shot('panel-variants', '.bottom');
});
