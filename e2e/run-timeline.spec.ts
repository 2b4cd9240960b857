/**
 * The whole-run timeline and the file offsets (Run timeline tab) on real multi-rank runs, rows per pid in
 * the overview and the timeline, and errno marks on the activity timeline.
 */
import { expect, test, type Page } from '@playwright/test';
import { AppPage, fixture } from './app';
import { loadMpi } from './mpiFixtures';

/** Page coordinates of the first point of trace `t` of the Plotly plot inside `sel` drawn inside the visible part of its scrolling pane (plotly's own axis mapping). */
async function visiblePointAt(page: Page, sel: string, t: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([s, ti]) => {
      type Ax = { l2p(v: number): number };
      const gd = document.querySelector(`${s} .js-plotly-plot`) as unknown as HTMLElement & {
        data: { x: ArrayLike<number>; y: ArrayLike<number> }[];
        _fullLayout: { xaxis: Ax; yaxis: Ax; _size: { l: number; t: number } };
      };
      let pane: HTMLElement | null = gd.parentElement;
      while (pane && !/(auto|scroll)/.test(getComputedStyle(pane).overflowY)) pane = pane.parentElement;
      const view = (pane ?? document.documentElement).getBoundingClientRect();
      const fl = gd._fullLayout;
      const box = gd.getBoundingClientRect();
      const d = gd.data[ti];
      for (let i = 0; i < d.x.length; i++) {
        const x = box.left + fl._size.l + fl.xaxis.l2p(d.x[i]);
        const y = box.top + fl._size.t + fl.yaxis.l2p(d.y[i]);
        if (y > view.top + 40 && y < view.bottom - 10 && x > view.left && x < view.right) return { x, y };
      }
      return { x: NaN, y: NaN };
    },
    [sel, t] as const,
  );
}

const runPlot = (page: Page) => page.getByTestId('run-timeline-plot');

/** Drags a zoom box on the Plotly plot inside `sel` from x = t0 to x = t1 (data units). */
async function zoomTo(page: Page, sel: string, t0: number, t1: number): Promise<void> {
  const [a, b, y] = await page.evaluate(
    ([s, u, v]) => {
      type Ax = { l2p(v: number): number };
      const gd = document.querySelector(`${s} .js-plotly-plot`) as unknown as { _fullLayout: { xaxis: Ax; _size: { l: number; t: number; h: number } }; getBoundingClientRect(): DOMRect };
      const fl = gd._fullLayout;
      const box = gd.getBoundingClientRect();
      return [box.left + fl._size.l + fl.xaxis.l2p(u), box.left + fl._size.l + fl.xaxis.l2p(v), box.top + fl._size.t + fl._size.h / 2];
    },
    [sel, t0, t1] as const,
  );
  await page.mouse.move(a, y);
  await page.mouse.down();
  await page.mouse.move((a + b) / 2, y, { steps: 4 });
  await page.mouse.move(b, y, { steps: 4 });
  await page.mouse.up();
}

/** For a picture of the bottom tab alone: the overview folded away, the tab area as tall as its content. */
const bottomOnly = (page: Page) =>
  page.addStyleTag({ content: '.overview, .graph-area { display: none !important; } .bottom { flex: 1 1 auto !important; max-height: none !important; }' });

async function openRunTimeline(app: AppPage): Promise<void> {
  await app.page.getByTestId('tab-time').click();
  await expect(runPlot(app.page)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

test('whole-run timeline of a 16-rank Open MPI run: every rank a row, hover, zoom re-bins, colours, rows per pid', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open('green=cid:ssf&red=cid:fpp');
  await loadMpi(app, 'ior-ssf-fpp');
  await app.expectReady();
  await openRunTimeline(app);
  const plot = runPlot(page);
  await expect(plot).toHaveAttribute('data-rows', '16');
  const events = Number(await plot.getAttribute('data-events'));
  // the mapped events (system files hidden): those of the graph
  expect(events).toBeGreaterThan(200);
  // the legend names the graph's most frequent activities
  await expect(page.getByTestId('run-legend')).toContainText('/scratch/ior');
  await plot.scrollIntoViewIfNeeded();
  await app.shot('run-timeline-1600');

  // hover a bar: its case, rank, call and path
  await plot.scrollIntoViewIfNeeded();
  const at = await visiblePointAt(page, '[data-testid=run-timeline-plot]', 0);
  await page.mouse.move(at.x - 15, at.y);
  await page.mouse.move(at.x, at.y, { steps: 4 });
  const tip = page.getByTestId('run-tooltip');
  await expect(tip).toContainText('rank', { timeout: 5000 });
  await expect(tip).toContainText('duration');
  await expect(tip).toContainText('errno');

  // zoom: drag across a tenth of the plot; the worker serves the marks of that range
  const box = (await plot.boundingBox())!;
  const y = box.y + 60;
  await page.mouse.move(box.x + box.width * 0.45, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.55, y, { steps: 4 });
  await page.mouse.up();
  await expect(plot).toHaveAttribute('data-x0', /\d/);
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('run-timeline').getByRole('alert')).toHaveCount(0);
  // the visible range is a small part of the run
  const [x0, x1, min, max] = await Promise.all(['data-x0', 'data-x1', 'data-min', 'data-max'].map(async (a) => Number(await plot.getAttribute(a))));
  expect(x1 - x0).toBeLessThan((max - min) / 4);
  expect(Number(await plot.getAttribute('data-in-range'))).toBeLessThanOrEqual(events);

  // colour by side: the shared-file runs green, the file-per-process runs red
  await page.getByTestId('run-color').selectOption('side');
  await expect(page.getByTestId('run-legend')).toContainText('green');
  await expect(page.getByTestId('run-legend')).toContainText('red');
  await app.shot('run-timeline-sides-1600');
  // colour by errno: the succeeded calls have their own colour
  await page.getByTestId('run-color').selectOption('errno');
  await expect(page.getByTestId('run-legend')).toContainText('succeeded');

  // rows per pid: the overview and the timeline get a row per process
  await page.getByTestId('run-bypid').check();
  await app.waitIdle();
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const rows = Number(await plot.getAttribute('data-rows'));
  expect(rows).toBeGreaterThanOrEqual(16);
  await expect(page.getByTestId('overview-canvas')).toHaveAttribute('data-rows', String(rows));
  await expect(page.getByTestId('overview-bypid')).toBeChecked();

  // analyse the visible range: the time window chip appears
  await page.getByTestId('run-window').click();
  await app.waitIdle();
  await expect(page.getByTestId('time-chip')).toBeVisible();

  await page.setViewportSize({ width: 1024, height: 700 });
  await app.waitIdle();
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await app.shot('run-timeline-1024');
});

test('file offsets: each read and write of a file at its offset, by case, with its access pattern (IOR-like, shared file)', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(fixture('ior-like'));
  await app.expectReady();
  await page.getByTestId('tab-time').click();
  await page.getByTestId('time-view-offsets').click();
  const plot = page.getByTestId('offsets-plot');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  expect(Number(await plot.getAttribute('data-requests'))).toBeGreaterThan(0);
  await expect(page.getByTestId('offsets-pattern')).toContainText(/consecutive/);
  // the shared file of the ssf runs: 6 ranks write it
  const options = await page.getByTestId('offsets-file').locator('option').allTextContents();
  const shared = options.find((o) => / 6 cases$/.test(o));
  expect(shared, options.join('\n')).toBeDefined();
  await page.getByTestId('offsets-file').selectOption({ label: shared! });
  await expect(plot).toHaveAttribute('data-cases', '6');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await plot.scrollIntoViewIfNeeded();
  const at = await visiblePointAt(page, '[data-testid=offsets-plot]', 0);
  expect(Number.isNaN(at.x)).toBe(false);
  await page.mouse.move(at.x - 10, at.y);
  await page.mouse.move(at.x, at.y, { steps: 3 });
  await expect(page.getByTestId('offsets-tooltip')).toContainText('offset', { timeout: 5000 });
  await app.shot('offsets-1600');
  await bottomOnly(page);
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await app.shot('offsets-panel-1600', '[data-testid=offsets]');
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.waitIdle();
  await app.shot('offsets-panel-1024', '[data-testid=offsets]');
});

test('errno marks: failing opens are marked × on the activity timeline and the whole-run timeline', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(fixture('..', '..', 'src', 'analysis', 'insights', '__fixtures__', 'failures'));
  await app.expectReady();
  await page.locator('[data-testid=stats-row][data-id="openat:/tmp/insfx"]').click();
  await app.waitIdle();
  const tl = page.getByTestId('timeline-plot');
  await expect(tl).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  expect(Number(await tl.getAttribute('data-errno-marks'))).toBeGreaterThanOrEqual(120);
  await expect(page.getByTestId('timeline-status')).toContainText('failed call');
  await openRunTimeline(app);
  expect(Number(await runPlot(page).getAttribute('data-errno-marks'))).toBeGreaterThanOrEqual(120);
  await page.getByTestId('run-color').selectOption('errno');
  await expect(page.getByTestId('run-legend')).toContainText('ENOENT');
  await app.shot('errno-marks-1600');
});

test('pictures of the Run timeline tab (README): 8 shared-file and 8 file-per-process ranks, the shared-file I/O phase zoomed', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const app = new AppPage(page);
  await app.open('green=cid:ssf&red=cid:fpp');
  await loadMpi(app, 'ior-ssf-fpp');
  await openRunTimeline(app);
  await bottomOnly(page);
  const plot = runPlot(page);
  const noError = () => expect(page.getByTestId('run-timeline').getByRole('alert')).toHaveCount(0);
  await page.getByTestId('run-color').selectOption('side');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await noError();
  await app.shot('run-timeline-sides-panel-1600', '[data-testid=run-timeline]');
  // the I/O phase of the shared-file ranks (P3 of the overview, ≈ 2.29 … 2.31 s)
  await page.getByTestId('run-color').selectOption('activity');
  await zoomTo(page, '[data-testid=run-timeline-plot]', 2.1, 2.5);
  await expect(plot).toHaveAttribute('data-x0', /\d/);
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await zoomTo(page, '[data-testid=run-timeline-plot]', 2.288, 2.318);
  await expect(plot).toHaveAttribute('data-x0', /^2\.28/);
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await noError();
  await app.shot('run-timeline-panel-1600', '[data-testid=run-timeline]');
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await noError();
  await page.getByTestId('run-timeline').scrollIntoViewIfNeeded();
  await app.shot('run-timeline-page-1024');
});

test('an insight finding opens the offsets of its file: 1,010 pwrites at descending offsets are random', async ({ page }) => {
  const app = new AppPage(page);
  await app.open();
  await app.pickFolder(fixture('..', '..', 'src', 'analysis', 'insights', '__fixtures__', 'small_random'));
  await app.expectReady();
  await page.getByTestId('tab-insights').click();
  await page.locator('[data-testid=finding][data-code=P13]').getByTestId('finding-offsets').click();
  await page.getByTestId('tab-time').click();
  const plot = page.getByTestId('offsets-plot');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(plot).toHaveAttribute('data-file', '/tmp/insfx/small_random/data');
  await expect(page.getByTestId('offsets-pattern')).toContainText('1,010 writes: 0.0% consecutive, 0.1% sequential, 99.9% random');
});
