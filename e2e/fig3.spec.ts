import { expect, test } from '@playwright/test';
import { AppPage } from './app';

test("the paper's Figure 3: green = ls, red = ls -l, from the link", async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  // the example also holds a third command (c): hidden, the graph is the paper's two-command DFG
  await app.open('green=cid:a&red=cid:b&unassigned=hide');
  await app.loadExample();
  await app.expectReady();
  // 8 activities do not fit the canvas legibly at 1600×1000: the first view shows what differs first (the
  // 4 activities of ls -l only, then what both run), labels readable, and says how many are hidden; the
  // slider shows all 8
  const first = await app.graph();
  const shown = first.nodes.filter((n) => n.id !== '●' && n.id !== '■');
  expect(shown.length).toBeGreaterThanOrEqual(3);
  for (const n of shown) expect(n.labelPx, n.id).toBeGreaterThanOrEqual(8.8);
  const redShown = shown.filter((n) => n.partition === 'red').length;
  expect(shown.length === redShown || redShown === 4, `${redShown} of 4 red-only activities among ${shown.length} shown`).toBe(true);
  const total = Number(await page.getByTestId('graph-activities').getAttribute('max'));
  expect(total).toBe(8);
  if (shown.length < total) await expect(page.getByTestId('graph-shown')).toContainText(`showing ${shown.length} of 8 activities`);
  await app.shot('figure3-first-view');
  await page.getByTestId('graph-activities').fill('8');
  await app.waitIdle();
  const g = await app.graph();
  const side = (id: string) => g.nodes.find((n) => n.id === id)?.partition;
  for (const id of ['read:/etc/passwd', 'read:/etc/group', 'read:/etc/nsswitch.conf']) expect(side(id), id).toBe('red');
  // No node is only in ls.
  expect(g.nodes.filter((n) => n.partition === 'green').map((n) => n.id)).toEqual([]);
  const greenEdges = g.edges.filter((e) => e.partition === 'green').map((e) => `${e.source} -> ${e.target}`);
  expect(greenEdges).toEqual(['read:/etc/locale.alias -> write:/dev/pts']);
  // Red nodes are drawn red, the green edge green (docs/METHOD.md "Colouring").
  expect(g.nodes.find((n) => n.id === 'read:/etc/passwd')!.fill.toUpperCase()).toBe('#EF9A9A');
  expect(g.edges.find((e) => e.partition === 'green')!.color.toUpperCase()).toBe('#2E7D32');
  await app.tab('partition');
  await expect(page.getByTestId('partition-legend')).toContainText('green: 3 cases');
  await expect(page.getByTestId('partition-legend')).toContainText('red: 3 cases');
  await app.shot('figure3-partition');
  await app.shot('panel-partition', '.side');

  // Swap is one click: the red nodes become green.
  await page.getByTestId('swap-partition').click();
  await app.waitIdle();
  const swapped = await app.graph();
  expect(swapped.nodes.find((n) => n.id === 'read:/etc/passwd')!.partition).toBe('green');
  expect(page.url()).toContain('green=cid:b');
  // Clear is one click too.
  await page.getByTestId('clear-partition').click();
  await app.waitIdle();
  expect((await app.graph()).nodes.every((n) => !n.partition)).toBe(true);
  expect(page.url()).not.toContain('green=');
});
