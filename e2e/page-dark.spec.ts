import { expect, test } from '@playwright/test';
import { AppPage } from './app';
import { loadMpi } from './mpiFixtures';
import { contrast, lum } from './colours';

for (const scheme of ['dark', 'light'] as const) {
  test(`the colour scheme follows the system (${scheme}): page, panels and graph legible`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1600, height: 1000 });
    const app = new AppPage(page);
    await app.open();
    await loadMpi(app, 'ior-ssf-fpp');
    await app.expectReady();
    const bg = (sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const fg = (sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).color);
    const pageBg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const canvasBg = await bg('[data-testid=graph-canvas]');
    expect(lum(pageBg) < 0.1).toBe(scheme === 'dark');
    expect(lum(canvasBg) < 0.1).toBe(scheme === 'dark');
    for (const sel of ['header', '.side', '[data-testid=tables-pane]', '[data-testid=stats-table]']) {
      expect(lum(await bg(sel)) < 0.1, `${sel} background`).toBe(scheme === 'dark');
      expect(contrast(await fg(sel), await bg(sel)), `${sel} text`).toBeGreaterThanOrEqual(4.5);
    }
    const legend = page.getByTestId('graph-legend');
    expect(contrast(await legend.evaluate((el) => getComputedStyle(el).color), canvasBg)).toBeGreaterThanOrEqual(4.5);
    // the graph as Cytoscape draws it: node labels on their fills, edge labels on their background, edges on the canvas
    const g = await app.graph();
    for (const n of g.nodes.filter((x) => x.labelPx)) expect(contrast(n.labelColor!, n.fill), `label of ${n.id}`).toBeGreaterThanOrEqual(4.5);
    expect(g.edges.length).toBeGreaterThan(0);
    for (const e of g.edges) {
      expect(contrast(e.labelColor!, e.labelBg!), 'edge label').toBeGreaterThanOrEqual(4.5);
      expect(contrast(e.labelBg!, canvasBg), 'edge label background blends with the canvas').toBeLessThan(1.3);
      expect(contrast(e.lineColor!, canvasBg), `edge ${e.source} → ${e.target}`).toBeGreaterThanOrEqual(scheme === 'dark' ? 3 : 1.5);
    }
    // the overview on the page's ground: its canvas has no light background of its own in dark mode (it had
    // #eceff1 under dark-mode CSS), and draws in the scheme's ink (src/ui/time/draw.ts)
    const ov = page.locator('[data-testid=overview] canvas').first();
    expect(await ov.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    expect(lum(await bg('[data-testid=overview]')) < 0.1, 'overview background').toBe(scheme === 'dark');
    // the time axis' labels (the canvas' bottom 12 px) are drawn in ink that contrasts with the ground: light
    // pixels on the dark panel, dark ones on the light panel
    const axisInk = await ov.evaluate((el, dark) => {
      const c = el as HTMLCanvasElement;
      const band = Math.round(12 * (window.devicePixelRatio || 1));
      const px = c.getContext('2d')!.getImageData(0, c.height - band, c.width, band).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) {
        const y = 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
        if (px[i + 3] > 200 && (dark ? y > 150 : y < 110)) n++;
      }
      return n;
    }, scheme === 'dark');
    expect(axisInk, 'the axis labels contrast with the ground').toBeGreaterThan(30);
    await app.shot(`overview-${scheme}`, '[data-testid=overview]');
    // ● and ■ stand out from the canvas
    for (const t of g.nodes.filter((n) => n.id === '●' || n.id === '■')) expect(contrast(t.fill, canvasBg), t.id).toBeGreaterThanOrEqual(3);
    if (scheme === 'dark') await app.shot('dark-ior-ssf-fpp-1600x1000');
  });
}
