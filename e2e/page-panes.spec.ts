import { expect, test, type Page } from '@playwright/test';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';

const height = async (page: Page, id: string): Promise<number> => (await page.getByTestId(id).boundingBox())!.height;
const valueNow = async (page: Page, id: string): Promise<number> => Number(await page.getByTestId(id).getAttribute('aria-valuenow'));

test('panes resize by drag and by keyboard; the graph keeps half the height with a timeline open, the selected node in view', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();
  // the tables are small until used (#28.2): a click on their tab gives them their size and handle
  await expect(page.getByTestId('split-tables')).toHaveCount(0);
  await app.tab('stats');
  await app.waitIdle();
  const split = page.getByTestId('split-tables');
  await expect(split).toHaveAttribute('role', 'separator');
  await expect(split).toHaveAttribute('aria-controls', 'pane-tables');
  const panes = await height(page, 'panes');
  const t0 = await height(page, 'tables-pane');
  const c0 = await height(page, 'graph-canvas');
  const v0 = await valueNow(page, 'split-tables');
  expect(Math.abs(t0 - (v0 / 100) * panes)).toBeLessThan(3); // aria-valuenow is the pane's share, in percent

  // keyboard: ↓ shrinks the tables (the handle moves down), ↑ grows them, End = the most they may take
  await split.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await app.waitIdle();
  expect(await valueNow(page, 'split-tables')).toBe(v0 - 6);
  expect(await height(page, 'tables-pane')).toBeLessThan(t0 - 0.05 * panes + 3);
  expect(await height(page, 'graph-canvas')).toBeGreaterThan(c0 + 0.05 * panes - 3);
  await page.keyboard.press('End');
  await app.waitIdle();
  expect(await valueNow(page, 'split-tables')).toBe(50);

  // drag: 120 px down makes the tables 120 px smaller
  const before = await height(page, 'tables-pane');
  const b = (await split.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 60, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 120, { steps: 4 });
  await page.mouse.up();
  await app.waitIdle();
  expect(Math.abs(before - 120 - (await height(page, 'tables-pane')))).toBeLessThan(4);

  // the side column resizes too (a vertical handle)
  const side = page.getByTestId('split-side');
  await expect(side).toHaveAttribute('aria-orientation', 'vertical');
  const s0 = (await page.locator('#pane-side').boundingBox())!.width;
  await side.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await app.waitIdle();
  expect((await page.locator('#pane-side').boundingBox())!.width).toBeGreaterThan(s0 + 50);

  // the tables at their largest, then a timeline opens: details and tables share half, the graph keeps the other half
  await split.focus();
  await page.keyboard.press('End');
  const row = page.getByTestId('stats-row').nth(2);
  const id = (await row.getAttribute('data-id'))!;
  await row.click();
  await app.waitIdle();
  await expect(page.getByTestId('timeline-panel')).toBeVisible();
  const graphArea = (await page.locator('.graph-area').boundingBox())!.height;
  expect(graphArea).toBeGreaterThanOrEqual(panes / 2 - 14); // two 6 px handles
  const detail = page.getByTestId('split-detail');
  await expect(detail).toHaveAttribute('aria-controls', 'pane-detail');
  expect((await valueNow(page, 'split-detail')) + (await valueNow(page, 'split-tables'))).toBeLessThanOrEqual(51);
  // the selected node is drawn inside the (smaller) canvas
  const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
  const node = (await app.graph()).nodes.find((n) => n.id === id);
  expect(node, `${id} is drawn`).toBeDefined();
  expect(node!.box!.y2).toBeLessThanOrEqual(canvas.height + 0.5);
  expect(node!.box!.y1).toBeGreaterThanOrEqual(-0.5);
  // the details' handle moves by keyboard too, never past half
  await detail.focus();
  await page.keyboard.press('Shift+ArrowUp');
  await app.waitIdle();
  expect((await valueNow(page, 'split-detail')) + (await valueNow(page, 'split-tables'))).toBeLessThanOrEqual(51);
  expect((await page.locator('.graph-area').boundingBox())!.height).toBeGreaterThanOrEqual(panes / 2 - 14);
  await app.shot('panes-timeline-open');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('timeline-panel')).toHaveCount(0);
});

test('the keyboard moves through the statistics rows and the graph nodes; Enter opens a node timeline', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();

  // statistics: ↓ / ↑ / End / Home move the focus between rows (also to rows not yet rendered)
  const rows = page.getByTestId('stats-row');
  const total = Number((await page.getByTestId('graph-activities').getAttribute('max')) ?? 0);
  await rows.first().focus();
  const focusedRow = () => page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex') ?? null);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await focusedRow()).toBe('4'); // the header is row 1
  await page.keyboard.press('ArrowUp');
  expect(await focusedRow()).toBe('3');
  // two keys faster than the page renders (a loaded machine delivers them so): in one task, and with a render
  // between them but nothing more: neither step is lost
  const twice = (between: boolean) =>
    page.evaluate(async (between) => {
      const down = () => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
      down();
      if (between) for (let i = 0; i < 5; i++) await Promise.resolve();
      down();
      await new Promise((r) => setTimeout(r, 50));
      return document.activeElement?.getAttribute('aria-rowindex') ?? null;
    }, between);
  expect(await twice(false)).toBe('5');
  expect(await twice(true)).toBe('7');
  await page.keyboard.press('End');
  await expect.poll(focusedRow).toBe(String(total + 1));
  await page.keyboard.press('Home');
  await expect.poll(focusedRow).toBe('2');
  // Enter on a row selects it (its timeline opens)
  await page.keyboard.press('ArrowDown');
  const rowId = await page.evaluate(() => document.activeElement?.getAttribute('data-id'));
  await page.keyboard.press('Enter');
  await app.waitIdle();
  await expect(page.getByTestId('timeline-panel')).toHaveAttribute('aria-label', `Timeline of ${rowId}`);
  await page.keyboard.press('Escape');
  await app.waitIdle();

  // the graph: Tab from the last toolbar button (the ⋯ menu; was Legend before #28.2) reaches the canvas,
  // with a visible focus ring on it and on a node
  await page.getByTestId('graph-menu').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('graph-canvas');
  expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
  const focused = async () => (await app.graph()).nodes.filter((n) => n.focus);
  let f = await focused();
  expect(f).toHaveLength(1);
  expect(f[0].outline, 'the node has a focus ring').toBeDefined();
  await expect(page.getByTestId('graph-focus-text')).toContainText(f[0].id);
  // → goes to a node further right (left → right layout)
  const first = f[0];
  await page.keyboard.press('ArrowRight');
  f = await focused();
  expect(f).toHaveLength(1);
  expect(f[0].at!.x).toBeGreaterThan(first.at!.x);
  // Tab steps to another node and stays in the graph
  await page.keyboard.press('Tab');
  const afterTab = (await focused())[0];
  expect(afterTab.id).not.toBe(f[0].id);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('graph-canvas');
  // Enter opens the timeline of the node the keyboard is on (a terminal ● / ■ has none: step on)
  let target = afterTab;
  while (target.id === '●' || target.id === '■') {
    await page.keyboard.press(target.id === '■' ? 'Shift+Tab' : 'Tab');
    target = (await focused())[0];
  }
  await page.keyboard.press('Enter');
  await app.waitIdle();
  await expect(page.getByTestId('timeline-panel')).toHaveAttribute('aria-label', `Timeline of ${target.id}`);
  await app.shot('keyboard-focus-ring', '[data-testid=graph-panel]');
});
