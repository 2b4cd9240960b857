import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AppPage, FIXTURES, fixture } from './app';

test('a file that is not a trace is named in an error and the others load', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.dropFiles([fixture('bad/notes.csv'), fixture('bad/good_node1_1.st'), fixture('xss/xss_node1_1.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBe(2);
  expect(s.errors).toHaveLength(1);
  expect(s.errors[0]).toContain('notes.csv');
  await expect(page.getByTestId('file-errors')).toContainText('notes.csv');
  await app.shot('bad-non-trace', '.side');
});

test('unparsable lines are listed with file:line and text, the rest loads', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([fixture('bad/garbled_node1_2.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBe(1);
  const list = page.getByTestId('unparsable');
  await expect(list).toContainText('garbled_node1_2.st:4');
  await expect(list).toContainText('this line is not strace output at all');
  await expect(list).toContainText('garbled_node1_2.st:8');
  await expect(page.getByTestId('summary-dropped')).toContainText('unparsable 2');
});

test('a path <img src=x onerror=alert(1)> is shown as text, never as HTML', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([fixture('xss/xss_node1_1.st')]);
  await app.expectReady();
  const evil = 'openat:/tmp/<img src=x onerror=alert(1)>';
  expect((await app.graph()).nodes.map((n) => n.id)).toContain(evil);
  await expect(page.locator('[data-testid=stats-row]', { hasText: '<img src=x onerror=alert(1)>' }).first()).toBeVisible();
  await page.locator(`[data-testid=stats-row][data-id="${evil.replace(/"/g, '\\"')}"]`).click();
  await app.waitIdle();
  await app.tab('variants');
  await page.waitForTimeout(300);
  expect(await page.locator('img').count()).toBe(0);
  expect(app.dialogs).toEqual([]);
});

test('a worker exception shows a banner with Retry and the page keeps working', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  // The worker script throws when it starts (a real exception in the worker).
  await page.route(/assets\/worker-[^/]*\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("worker exploded for the test")' }));
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  const s = await app.state();
  expect(s.status).toBe('error');
  await expect(page.getByTestId('error-banner')).toBeVisible();
  await app.shot('bad-worker-exception');
  await page.unroute(/assets\/worker-[^/]*\.js$/);
  await page.getByTestId('retry').click();
  await app.waitIdle();
  const after = await app.expectReady();
  expect(after.cases).toBe(1);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});

test('a custom mapping that throws shows its error and keeps the previous graph', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  // the same graph: nodes, edges and colours (positions follow the panel's size: the side tab may resize it)
  const drawn = async () => {
    const g = await app.graph();
    return { nodes: g.nodes.map((n) => [n.id, n.fill]), edges: g.edges.map((e) => [e.source, e.target, e.count, e.color]) };
  };
  const before = await drawn();
  await app.tab('mapping');
  await page.getByTestId('custom-toggle').click();
  await page.getByTestId('custom').fill('(e) => { throw new Error("my mapping is broken") }');
  await page.getByTestId('apply-mapping').click();
  await app.waitIdle();
  await expect(page.getByTestId('mapping-error')).toContainText('my mapping is broken');
  expect(await drawn()).toEqual(before);
  await page.getByTestId('custom').fill('(e) => 42');
  await page.getByTestId('apply-mapping').click();
  await app.waitIdle();
  await expect(page.getByTestId('mapping-error')).toBeVisible();
  expect(await drawn()).toEqual(before);
  // A valid one applies.
  await page.getByTestId('custom').fill('(e) => e.call');
  await page.getByTestId('apply-mapping').click();
  await app.waitIdle();
  await expect(page.getByTestId('mapping-error')).toHaveCount(0);
  expect((await app.graph()).nodes.map((n) => n.id)).toContain('read');
});

test('a custom mapping from a link never runs before the user confirms it', async ({ page }) => {
  const app = new AppPage(page);
  await app.open(`raw&custom=${encodeURIComponent('(e) => "FROM-LINK"')}`);
  await app.pickFiles([fixture('bad/good_node1_1.st')]);
  await expect(page.getByTestId('custom-confirm')).toBeVisible();
  let ids = (await app.graph()).nodes.map((n) => n.id);
  expect(ids).not.toContain('FROM-LINK');
  expect(ids).toContain('read:/etc/locale.alias');
  await app.shot('custom-confirm');
  await page.getByTestId('custom-run').click();
  await app.waitIdle();
  ids = (await app.graph()).nodes.map((n) => n.id);
  expect(ids).toContain('FROM-LINK');
  await expect(page.getByTestId('custom-confirm')).toHaveCount(0);
});

test('an .h5 event log whose /files/report is not JSON, or JSON of the wrong shape, is named with the problem; the good trace loads', async ({ page }) => {
  const app = new AppPage(page);
  const thrown: string[] = [];
  page.on('pageerror', (e) => thrown.push(e.message));
  await app.open();
  // native strace-dfg logs, valid HDF5 with valid events, whose stored file report is broken
  const H5 = join(FIXTURES, '..', '..', 'src', 'ingest', 'hdf5', '__fixtures__');
  await app.dropFiles([fixture('bad/report_not_json.h5'), join(H5, 'bad_native_report_shape.h5'), fixture('bad/good_node1_1.st')]);
  const s = await app.expectReady();
  expect(s.cases).toBe(1);
  expect(s.errors.slice().sort()).toEqual([
    `bad_native_report_shape.h5: broken strace-dfg event log: file report 0: 'warnings' is "not a list", expected a list of strings`,
    'report_not_json.h5: broken strace-dfg event log: file report 0 is not JSON',
  ]);
  const shown = page.getByTestId('file-errors').locator('li');
  await expect(shown).toHaveCount(2);
  for (const li of await shown.allInnerTexts()) expect(li).not.toMatch(/\n\s*at |Error:|HDF5-DIAG|Aborted|undefined/);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  // the good file's graph: its activities between ● and ■
  const ids = (await app.graph()).nodes.map((n) => n.id);
  expect(ids).toEqual(expect.arrayContaining(['●', '■']));
  expect(ids.filter((id) => id !== '●' && id !== '■').length).toBeGreaterThan(0);
  await expect(page.getByTestId('summary-files')).toContainText(/^1 /);
  expect(thrown).toEqual([]);
  await app.shot('bad-h5-report', '.side');
});
