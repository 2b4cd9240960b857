import { expect, test } from '@playwright/test';
import { AppPage, fixture } from './app';

test('selecting a node (statistics row) opens its timeline with one bar per event', async ({ page }) => {
  const app = new AppPage(page);
  await app.open('raw'); // the plain mapping: these checks name system files
  await app.pickFolder(fixture('multiproc'));
  await app.expectReady();
  const row = page.locator('[data-testid=stats-row][data-id="openat:/usr/lib"]');
  const count = Number((await row.locator('td').nth(1).innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThan(5);
  await row.click();
  await app.waitIdle();
  const plot = page.getByTestId('timeline-plot');
  await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(plot).toHaveAttribute('data-events', String(count));
  await expect(plot).toHaveAttribute('data-bars', String(count));
  await expect(page.getByTestId('timeline-panel')).toContainText('openat:/usr/lib');
  await app.shot('panel-timeline', '[data-testid=detail]');
  await app.shot('timeline-open');
  await page.getByTestId('timeline-close').click();
  await expect(page.getByTestId('timeline-panel')).toHaveCount(0);

  // The plot is kept (warm) between timelines: opening others shows their own events, every time, and the
  // WebGL canvases on the page stay a handful however often timelines open.
  const glCanvases = () => page.evaluate(() => document.querySelectorAll('canvas.gl-canvas').length);
  const ids = ['read:/usr/lib', 'openat:/usr/lib', 'read:/usr/lib'];
  for (const [k, id] of ids.entries()) {
    const r = page.locator(`[data-testid=stats-row][data-id="${id}"]`);
    const n = Number((await r.locator('td').nth(1).innerText()).replace(/,/g, ''));
    await r.click();
    await app.waitIdle();
    await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await expect(plot).toHaveAttribute('data-events', String(n));
    await expect(plot).toHaveAttribute('data-bars', String(n));
    await expect(page.getByTestId('timeline-panel')).toContainText(id);
    expect(await glCanvases()).toBeLessThanOrEqual(6);
    if (k === ids.length - 1) {
      // hover works on a reused plot: point at the first bar's midpoint (plotly's own axis mapping)
      const at = await page.evaluate(() => {
        type Ax = { l2p(v: number): number };
        const gd = document.querySelector('[data-testid=timeline-plot] .js-plotly-plot') as unknown as {
          data: { x: ArrayLike<number>; y: ArrayLike<number> }[];
          _fullLayout: { xaxis: Ax; yaxis: Ax; _size: { l: number; t: number } };
          getBoundingClientRect(): DOMRect;
        };
        const fl = gd._fullLayout;
        const box = gd.getBoundingClientRect();
        return { x: box.left + fl._size.l + fl.xaxis.l2p(gd.data[1].x[0]), y: box.top + fl._size.t + fl.yaxis.l2p(gd.data[1].y[0]) };
      });
      await page.mouse.move(at.x - 20, at.y);
      await page.mouse.move(at.x, at.y, { steps: 4 });
      await expect(page.getByTestId('timeline-tooltip')).toContainText('read', { timeout: 5000 });
      await app.shot('timeline-reopened', '[data-testid=detail]');
    }
    await page.getByTestId('timeline-close').click();
    await expect(page.getByTestId('timeline-panel')).toHaveCount(0);
  }
  expect(await glCanvases()).toBeLessThanOrEqual(3);
});
