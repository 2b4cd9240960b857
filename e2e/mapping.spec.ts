import { expect, test } from '@playwright/test';
import { AppPage } from './app';

test('changing the mapping re-analyses without re-reading, and lands in the URL', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.loadExample();
  const before = await app.state();
  const ids = async () => (await app.graph()).nodes.map((n) => n.id);
  expect(await ids()).toContain('read:/usr/lib');

  await app.tab('mapping');
  await page.getByTestId('depth').fill('1');
  await app.waitIdle();
  const d1 = await ids();
  expect(d1).toContain('read:/usr');
  expect(d1).not.toContain('read:/usr/lib');
  expect(page.url()).toContain('depth=1');

  await page.getByTestId('depth').fill('2');
  await page.getByTestId('include').fill('/etc');
  await page.getByTestId('apply-mapping').click();
  await app.waitIdle();
  const etc = (await ids()).filter((i) => i !== '●' && i !== '■');
  expect(etc.length).toBeGreaterThan(0);
  expect(etc.every((i) => i.includes(':/etc'))).toBe(true);
  expect(page.url()).toContain('filter=/etc');
  const after = await app.state();
  expect(after.events).toBe(before.events);
  expect(after.cases).toBe(before.cases);
  await app.shot('panel-mapping', '.side');

  // The link reproduces the view after a reload and the same files.
  await page.reload();
  await page.waitForFunction(() => !!window.__app);
  await app.loadExample();
  expect((await ids()).filter((i) => i !== '●' && i !== '■').every((i) => i.includes(':/etc'))).toBe(true);
});
