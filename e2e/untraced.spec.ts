/**
 * Untraced time, located (issue #27.6), on the real IOR run with big fsyncs (e2e/fixtures/ior-untraced):
 * the fpp ranks were traced without fsync and close, so each one's fsync + close is a gap of seconds
 * between its last write and the read phase's openat. The overview and the run timeline mark the gaps
 * (hover reads them), the Summary lists the fpp ranks first. Pictures at three sizes, light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { AppPage, SHOT_SIZES } from './app';
import { loadMpi } from './mpiFixtures';

const GAP = /untraced [\d.]+–[\d.]+ s, [\d.]+ s between write:\/var\/tmp\/ior-untraced\/fpp\.0000000\d \(line \d+\) and the next traced call openat:\/var\/tmp\/ior-untraced\/fpp\.0000000\d \(line \d+\); fsync, close and waits \(futex, poll, sleeps\) were not traced — add `-e trace=%file,%desc`/;

/** Hovers the middle of the overview's first (longest) marked gap. */
async function hoverOverviewGap(page: Page): Promise<void> {
  const c = page.getByTestId('overview-canvas');
  await c.scrollIntoViewIfNeeded();
  const a = async (n: string) => Number(await c.getAttribute(n));
  const [row, start, seconds] = (await c.getAttribute('data-gap-first'))!.split(':').map(Number);
  const x = (await a('data-plot-x')) + ((start + seconds / 2) / (await a('data-span'))) * (await a('data-plot-w'));
  const y = (await a('data-heat-y')) + row * (await a('data-row-h')) + (await a('data-row-h')) / 2;
  const box = (await c.boundingBox())!;
  await page.mouse.move(box.x + x, box.y + y);
}

/** Page coordinates of the middle of the run timeline's widest gap box (hover points lie across it). */
async function gapPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    type Ax = { l2p(v: number): number };
    const gd = document.querySelector('[data-testid="run-timeline-plot"] .js-plotly-plot') as unknown as HTMLElement & {
      layout: { shapes: { x0: number; x1: number; y0: number; y1: number }[] };
      _fullLayout: { xaxis: Ax; yaxis: Ax; _size: { l: number; t: number } };
    };
    const fl = gd._fullLayout;
    const box = gd.getBoundingClientRect();
    // inside the visible part of the scrolling pane
    let pane: HTMLElement | null = gd.parentElement;
    while (pane && !/(auto|scroll)/.test(getComputedStyle(pane).overflowY)) pane = pane.parentElement;
    const view = (pane ?? document.documentElement).getBoundingClientRect();
    const at = (s: { x0: number; x1: number; y0: number; y1: number }) => ({ x: box.left + fl._size.l + fl.xaxis.l2p((s.x0 + s.x1) / 2), y: box.top + fl._size.t + fl.yaxis.l2p((s.y0 + s.y1) / 2) });
    const seen = gd.layout.shapes.filter((s) => at(s).y > view.top + 10 && at(s).y < Math.min(view.bottom, window.innerHeight) - 10);
    return at(seen.reduce((a, b) => (b.x1 - b.x0 > a.x1 - a.x0 ? b : a)));
  });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const [w, h] of SHOT_SIZES) {
    test(`untraced gaps of the fpp ranks: overview, Summary and run timeline (${w}×${h}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: w, height: h });
      const app = new AppPage(page);
      await app.open('green=cid:ssf&red=cid:fpp');
      await loadMpi(app, 'ior-untraced');
      await app.expectReady();

      // the overview: the four fpp ranks' gaps (each seconds long) are marked; the hover reads one
      const canvas = page.getByTestId('overview-canvas');
      await expect(canvas).toHaveAttribute('data-rows', '8');
      expect(Number(await canvas.getAttribute('data-gaps-drawn'))).toBeGreaterThanOrEqual(4);
      await hoverOverviewGap(page);
      await expect(page.getByTestId('overview-hover')).toHaveText(new RegExp(`^fpp_vm_\\d: ${GAP.source}$`));
      await app.shot(`untraced-overview-${w}x${h}-${scheme}`, '[data-testid="overview"]');

      // the Summary: the fpp ranks first, each with its largest gap
      await page.getByTestId('tab-summary').click();
      const listed = page.getByTestId('untraced-case');
      await expect(listed).toHaveCount(4);
      for (let i = 0; i < 4; i++) {
        await expect(listed.nth(i)).toContainText(/^fpp_vm_\d: [\d.]+ s of [\d.]+ s wall \([\d.]+ %\) — fsync, close and waits \(futex, poll, sleeps\) were not traced — add -e trace=%file,%desclargest gap at [\d.]+ s: [\d.]+ s between write:\/var\/tmp\/ior-untraced\/fpp\./);
      }
      await app.shot(`untraced-summary-${w}x${h}-${scheme}`, '[data-testid="untraced-summary"]');
      // scrolled, the side panel's tabs cover its top: no text shows above them (the panel's 6 px padding did)
      const [sideTop, tabsTop] = await page.locator('aside.side').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        return [el.getBoundingClientRect().top, el.querySelector(':scope > nav.tabs')!.getBoundingClientRect().top];
      });
      expect(tabsTop - sideTop, 'the band above the side panel\'s tabs (px)').toBeLessThanOrEqual(0.5);
      await page.locator('aside.side').evaluate((el) => (el.scrollTop = 0));

      // the Insights: the first finding is the fpp side's untraced time, located and named
      await page.getByTestId('tab-insights').click();
      const first = page.getByTestId('finding').first();
      await expect(first).toHaveAttribute('data-code', 'T08', { timeout: 30_000 });
      await expect(first).toHaveAttribute('data-level', 'HIGH');
      await expect(first).toContainText(/between write:\/var\/tmp\/ior-untraced\/fpp\.0000000\d \(line \d+\) and the next traced call openat:\/var\/tmp\/ior-untraced\/fpp\.0000000\d \(line \d+\); fsync, close and waits \(futex, poll, sleeps\) were not traced — add `-e trace=%file,%desc`/);
      await expect(first).toContainText(/only in red/i);
      if (w === 1280) await app.shot(`untraced-insights-${w}x${h}-${scheme}`, '[data-testid="finding"]');

      // the run timeline (the overview and graph folded away, for its picture): the gaps are boxes on the
      // fpp rows; the hover reads the gap
      await page.getByTestId('tab-time').click();
      await page.addStyleTag({ content: '.overview, .graph-area { display: none !important; } .bottom { flex: 1 1 auto !important; max-height: none !important; }' });
      const plot = page.getByTestId('run-timeline-plot');
      await expect(plot).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      expect(Number(await plot.getAttribute('data-gap-marks'))).toBeGreaterThanOrEqual(4);
      await plot.scrollIntoViewIfNeeded();
      const p = await gapPoint(page);
      await page.mouse.move(p.x, p.y);
      const tip = page.getByTestId('run-tooltip');
      await expect(tip).toContainText('untraced');
      await expect(tip).toContainText(/between write:\/var\/tmp\/ior-untraced\/fpp\.0000000\d \(line \d+\) and the next traced call openat:/);
      await app.shot(`untraced-run-timeline-${w}x${h}-${scheme}`);
    });
  }
}
