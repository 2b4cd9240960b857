import { expect, test, type Page } from '@playwright/test';
import { AppPage, fixture } from './app';

/** Drags across the overview canvas from FROM to TO seconds (since the run start). */
async function brush(page: Page, from: number, to: number): Promise<void> {
  const canvas = page.getByTestId('overview-canvas');
  const box = (await canvas.boundingBox())!;
  const plotX = Number(await canvas.getAttribute('data-plot-x'));
  const plotW = Number(await canvas.getAttribute('data-plot-w'));
  const span = Number(await canvas.getAttribute('data-span'));
  const x = (t: number) => box.x + plotX + (t / span) * plotW;
  const y = box.y + Number(await canvas.getAttribute('data-heat-y')) + 2; // on the heatmap (the overview is compact)
  await page.mouse.move(x(from), y);
  await page.mouse.down();
  await page.mouse.move((x(from) + x(to)) / 2, y, { steps: 3 });
  await page.mouse.move(x(to), y, { steps: 3 });
  await page.mouse.up();
}

const ids = async (app: AppPage): Promise<string[]> => (await app.graph()).nodes.map((n) => n.id);

test('the overview of a 6-rank run shows its phases and stragglers; brushing a window recomputes the graph and is in the URL', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(fixture('phases'));
  await app.expectReady();
  const canvas = page.getByTestId('overview-canvas');
  await expect(canvas).toHaveAttribute('data-rows', '6');
  // start-up, write phase (rank 3 writes with O_DSYNC), read phase (rank 1 reads with O_DIRECT): the
  // Phases tab below the graph
  await app.tab('phases');
  const rows = page.getByTestId('phase-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByTestId('phase-stragglers')).toHaveText(/phases_node1_3/);
  await expect(rows.nth(2).getByTestId('phase-stragglers')).toHaveText(/phases_node1_1/);
  const all = await ids(app);
  expect(all).toEqual(expect.arrayContaining(['write:/tmp/phases', 'read:/tmp/phases']));
  await app.shot('time-overview-1600');

  // brush the write phase: 0.3 s … 1.2 s after the first event
  await brush(page, 0.3, 1.2);
  await app.waitIdle();
  await expect(page.getByTestId('time-chip')).toBeVisible();
  const write = await ids(app);
  expect(write).toContain('write:/tmp/phases');
  expect(write).not.toContain('read:/tmp/phases');
  expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/time=0\.(29|3)\d*\.\.1\.(1|2)\d*/);
  await app.shot('time-window-1600');

  // one click clears the window
  await page.getByTestId('time-clear').click();
  await app.waitIdle();
  await expect(page.getByTestId('time-chip')).toHaveCount(0);
  expect(await ids(app)).toEqual(expect.arrayContaining(['write:/tmp/phases', 'read:/tmp/phases']));
  expect(new URL(page.url()).hash).not.toContain('time=');

  // a click on the read phase analyses exactly that phase (its first start to just after its last end, to
  // the µs), and the table stays with the phase marked
  const from = Number((await rows.nth(2).locator('td').nth(1).textContent())!.replace(' s', ''));
  const to = Number((await rows.nth(2).locator('td').nth(2).textContent())!.replace(' s', ''));
  await rows.nth(2).click();
  await app.waitIdle();
  const read = await ids(app);
  expect(read).toContain('read:/tmp/phases');
  expect(read).not.toContain('write:/tmp/phases');
  const win = /time=([\d.]+)\.\.([\d.]+)/.exec(decodeURIComponent(new URL(page.url()).hash))!;
  expect(Math.abs(Number(win[1]) - from)).toBeLessThan(0.0006); // the table shows ms
  expect(Math.abs(Number(win[2]) - to)).toBeLessThan(0.0006);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize({ width: 1024, height: 700 });
  await app.waitIdle();
  await app.shot('time-window-1024');
});

test('a link with a time window opens on that window', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('time=..0.2');
  await app.pickFolder(fixture('phases'));
  await app.expectReady();
  await expect(page.getByTestId('time-chip')).toContainText('0.2');
  const start = await ids(app);
  expect(start).not.toContain('write:/tmp/phases');
  expect(start).not.toContain('read:/tmp/phases');
});
