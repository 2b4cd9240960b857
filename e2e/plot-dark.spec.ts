/**
 * The three Plotly figures (the activity timeline, the whole-run timeline, the file offsets) in the page's colour
 * scheme (src/ui/timeline/plotTheme.ts): a dark plot area, grid and axis text in dark mode, a light one in light
 * mode, readable text; a switch of the system's scheme draws them again without a reload, the zoom kept.
 * Screenshots at the three sizes, light and dark, on a real 16-rank Open MPI run (e2e/fixtures/ior-ssf-fpp).
 */
import { expect, test, type Page } from '@playwright/test';
import { atSizes } from './app';
import { openLog } from './openLog';
import { contrast, lum } from './colours';

/** What Plotly drew in the plot inside `sel`: its paper (the SVG's background) and plot area, an x tick label's fill, a grid line's stroke. */
async function drawnColours(page: Page, sel: string): Promise<{ paper: string; plot: string; tick: string; grid: string | null; panel: string }> {
  return page.evaluate((s) => {
    const host = document.querySelector(s)!;
    const gd = host.querySelector('.js-plotly-plot')!;
    const fill = (q: string) => {
      const el = gd.querySelector(q);
      return el ? getComputedStyle(el).fill : '';
    };
    const grid = gd.querySelector('.xgrid, .ygrid');
    let panel: Element | null = host;
    while (panel && getComputedStyle(panel).backgroundColor === 'rgba(0, 0, 0, 0)') panel = panel.parentElement;
    const paper = (gd.querySelector('.main-svg') as SVGElement).style.background;
    return {
      paper,
      // the plot area's own rectangle; none when it is the paper's colour (Plotly then leaves it out)
      plot: fill('rect.bg') || paper,
      tick: fill('.xtick text'),
      grid: grid ? getComputedStyle(grid).stroke : null,
      panel: panel ? getComputedStyle(panel).backgroundColor : 'rgb(255, 255, 255)',
    };
  }, sel);
}

/** The plot's ground dark (or light) as the scheme says, the same as its panel's, and its text readable on it. */
async function expectThemed(page: Page, sel: string, dark: boolean): Promise<void> {
  const c = await drawnColours(page, sel);
  expect(lum(c.plot) < 0.1, `${sel} plot area ${c.plot}`).toBe(dark);
  expect(lum(c.paper) < 0.1, `${sel} paper ${c.paper}`).toBe(dark);
  expect(contrast(c.paper, c.panel), `${sel} paper ${c.paper} on its panel ${c.panel}`).toBeLessThan(1.2);
  expect(contrast(c.tick, c.plot), `${sel} tick labels ${c.tick} on ${c.plot}`).toBeGreaterThanOrEqual(4.5);
  if (c.grid) {
    expect(contrast(c.grid, c.plot), `${sel} grid ${c.grid}`).toBeLessThan(2);
    expect(c.grid).not.toBe(c.plot);
  }
}

for (const scheme of ['dark', 'light'] as const) {
  test(`the timelines and the offsets in the ${scheme} scheme (16-rank IOR run), at three sizes; a scheme switch redraws them`, async ({ page }) => {
    const dark = scheme === 'dark';
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1600, height: 1000 });
    const app = await openLog(page, 'ior-ssf-fpp', 'green=cid:ssf&red=cid:fpp');

    // the activity timeline of the busiest row of the statistics
    await page.getByTestId('stats-row').first().click();
    await app.waitIdle();
    const tl = page.getByTestId('timeline-plot');
    await expect(tl).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await atSizes(page, async (w, h) => {
      await expect(tl).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await expectThemed(page, '[data-testid=timeline-plot]', dark);
      // the timeline took height from the graph: its labels stay readable (≥ 10 px, docs/GUIDE.md "Read the
      // graph"; with less text, else the graph overflows) — at 1280×720 they were drawn at 7 px once
      await app.waitIdle();
      await expect.poll(async () => Math.min(...(await app.graph()).nodes.filter((n) => n.id !== '●' && n.id !== '■').map((n) => n.labelPx ?? 0)), { timeout: 15_000, message: `graph labels at ${w}×${h}` }).toBeGreaterThanOrEqual(10);
      await app.shot(`plot-${scheme}-timeline-${w}x${h}`);
    });
    // the other scheme, without a reload: drawn again in its colours
    await page.emulateMedia({ colorScheme: dark ? 'light' : 'dark' });
    await expect.poll(async () => lum((await drawnColours(page, '[data-testid=timeline-plot]')).plot) < 0.1).toBe(!dark);
    await expectThemed(page, '[data-testid=timeline-plot]', !dark);
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(async () => lum((await drawnColours(page, '[data-testid=timeline-plot]')).plot) < 0.1).toBe(dark);
    await page.getByTestId('timeline-close').click();

    // the whole-run timeline (rows by side) and the offsets of the shared file; the tab alone for its pictures
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.addStyleTag({ content: '.overview, .graph-area { display: none !important; } .bottom { flex: 1 1 auto !important; max-height: none !important; }' });
    await page.getByTestId('tab-time').click();
    const run = page.getByTestId('run-timeline-plot');
    await expect(run).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await page.getByTestId('run-color').selectOption('side');
    await atSizes(page, async (w, h) => {
      await expect(run).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await page.getByTestId('run-timeline').scrollIntoViewIfNeeded();
      await expectThemed(page, '[data-testid=run-timeline-plot]', dark);
      await app.shot(`plot-${scheme}-run-${w}x${h}`);
      await app.shot(`plot-${scheme}-run-panel-${w}x${h}`, '[data-testid=run-timeline]');
    });
    await page.emulateMedia({ colorScheme: dark ? 'light' : 'dark' });
    await expect.poll(async () => lum((await drawnColours(page, '[data-testid=run-timeline-plot]')).plot) < 0.1).toBe(!dark);
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(async () => lum((await drawnColours(page, '[data-testid=run-timeline-plot]')).plot) < 0.1).toBe(dark);

    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.getByTestId('time-view-offsets').click();
    const off = page.getByTestId('offsets-plot');
    await expect(off).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await atSizes(page, async (w, h) => {
      await expect(off).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await page.getByTestId('offsets').scrollIntoViewIfNeeded();
      await expectThemed(page, '[data-testid=offsets-plot]', dark);
      await app.shot(`plot-${scheme}-offsets-${w}x${h}`);
      await app.shot(`plot-${scheme}-offsets-panel-${w}x${h}`, '[data-testid=offsets]');
    });
  });
}
